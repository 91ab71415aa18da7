import Foundation

/// The answers of the account stand-in, one per documented call.
extension AccountStandIn {
    /// A request under `/v1/`, as the stand-in sees it.
    struct Call {
        var method: String
        var target: RequestTarget
        var headers: [(name: String, value: String)]
        var body: [UInt8]
        var arrival: ContinuousClock.Instant
    }

    /// Answers a request under `/v1/`.
    ///
    /// - Parameters:
    ///   - call: The request.
    ///   - showRecord: The recorded record of a show, for `?embed=show`.
    func answer(_ call: Call, showRecord: (Int) -> [UInt8]?) -> ResponsePlan {
        let path = call.target.path
        switch (call.method, path) {
        case ("POST", "/v1/auth/start"):
            return start(call)
        case ("POST", "/v1/auth/poll"):
            return poll(call)
        default:
            break
        }
        guard let username = authenticated(call.headers) else {
            return .errorEnvelope(status: 401, message: "Your request was made with invalid credentials.")
        }
        let premium = state.withLock { $0.accounts[username]?.premium ?? 0 }
        let embedsEpisode = call.target.parameters.contains { Self.text($0.value) == "episode" }
        let showsPrefix = "/v1/scrobble/shows/"
        let episodesPrefix = "/v1/user/episodes/"
        switch (call.method, path) {
        case ("GET", "/v1/auth/validate"):
            return Self.json(["premium": premium], cacheable: true)
        case ("POST", "/v1/scrobble/episodes"):
            return scrobble(call.body, username: username)
        case ("GET", _) where path.hasPrefix(showsPrefix):
            guard let showID = Int(path.dropFirst(showsPrefix.count)) else { return .errorEnvelope(status: 404) }
            let marks = marks(of: username).values.filter { ($0.showID ?? show(ofEpisode: $0.episodeID)) == showID }
            return Self.json(
                marks.sorted { $0.episodeID < $1.episodeID }.map { item($0, embedded: embedsEpisode) }, cacheable: true)
        case ("GET", "/v1/user/episodes"):
            guard premium > 0 else { return Self.premiumRequired }
            let only = call.target.parameters.first { Self.text($0.name) == "show_id" }.flatMap {
                Int(Self.text($0.value))
            }
            let marks = marks(of: username).values.filter { mark in
                only.map { (mark.showID ?? show(ofEpisode: mark.episodeID)) == $0 } ?? true
            }
            return Self.json(
                marks.sorted { $0.episodeID < $1.episodeID }.map { item($0, embedded: embedsEpisode) }, cacheable: true)
        case ("DELETE", _) where path.hasPrefix(episodesPrefix):
            guard premium > 0 else { return Self.premiumRequired }
            guard let episodeID = Int(path.dropFirst(episodesPrefix.count)),
                state.withLock({ $0.accounts[username]?.marks.removeValue(forKey: episodeID) }) != nil
            else { return .errorEnvelope(status: 404, message: "Episode is not marked") }
            return ResponsePlan(status: 204, body: [])
        case ("GET", "/v1/user/follows/shows"):
            guard premium > 0 else { return Self.premiumRequired }
            let embedsShow = call.target.parameters.contains { Self.text($0.value) == "show" }
            var body = Array("[".utf8)
            for (index, showID) in follows(of: username).enumerated() {
                if index > 0 { body.append(UInt8(ascii: ",")) }
                body += Array(#"{"show_id":\#(showID)"#.utf8)
                if embedsShow, let record = showRecord(showID) {
                    body += Array(#","_embedded":{"show":"#.utf8) + record + Array("}".utf8)
                }
                body.append(UInt8(ascii: "}"))
            }
            body.append(UInt8(ascii: "]"))
            return ResponsePlan(status: 200, body: body, cacheable: true)
        default:
            return .errorEnvelope(status: 404)
        }
    }

    /// The 403 of a Premium-only call on a free account.
    static var premiumRequired: ResponsePlan {
        .errorEnvelope(status: 403, message: "This feature requires a premium account.")
    }

    /// The username of valid HTTP Basic credentials, or nil.
    func authenticated(_ headers: [(name: String, value: String)]) -> String? {
        guard let value = headers.first(where: { $0.name.lowercased() == "authorization" })?.value,
            value.hasPrefix("Basic "), let decoded = Data(base64Encoded: String(value.dropFirst(6))),
            let pair = String(data: decoded, encoding: .utf8), let colon = pair.firstIndex(of: ":")
        else { return nil }
        let username = String(pair[..<colon])
        let key = String(pair[pair.index(after: colon)...])
        return state.withLock { $0.accounts[username]?.key == key && !key.isEmpty ? username : nil }
    }

    /// `POST /v1/auth/start`: a token and a confirmation URL; 404 for an unknown e-mail.
    private func start(_ call: Call) -> ResponsePlan {
        guard let object = try? JSONSerialization.jsonObject(with: Data(call.body)) as? [String: Any],
            let email = object["email"] as? String
        else { return .errorEnvelope(status: 422, message: "email is required") }
        let token: String? = state.withLock { state in
            guard let username = state.accounts.first(where: { $0.value.email == email })?.key else { return nil }
            let token = "pairing-\(state.nextToken)"
            state.nextToken += 1
            state.pairings[token] = Pairing(email: email, username: username)
            return token
        }
        guard let token else { return .errorEnvelope(status: 404, message: "Unknown email address") }
        return Self.json(["token": token, "confirm_url": "https://www.tvmaze.com/account/confirm?token=\(token)"])
    }

    /// `POST /v1/auth/poll`: 403 until confirmed, 200 with the key exactly once, 404 afterwards or for an unknown
    /// token, 429 when polled again within the poll interval.
    private func poll(_ call: Call) -> ResponsePlan {
        guard let object = try? JSONSerialization.jsonObject(with: Data(call.body)) as? [String: Any],
            let token = object["token"] as? String
        else { return .errorEnvelope(status: 422, message: "token is required") }
        enum Verdict {
            case unknown
            case tooFast(Duration)
            case waiting
            case confirmed(username: String, key: String)
        }
        let verdict: Verdict = state.withLock { state in
            guard var pairing = state.pairings[token], !pairing.claimed else { return .unknown }
            if let last = pairing.lastPoll, call.arrival - last < state.pollInterval {
                return .tooFast(state.pollInterval - (call.arrival - last))
            }
            pairing.lastPoll = call.arrival
            defer { state.pairings[token] = pairing }
            guard pairing.confirmed, let key = state.accounts[pairing.username]?.key else { return .waiting }
            pairing.claimed = true
            return .confirmed(username: pairing.username, key: key)
        }
        switch verdict {
        case .unknown:
            return .errorEnvelope(status: 404, message: "Unknown token")
        case .tooFast(let left):
            return .tooManyRequests(retryAfter: Int(left.components.seconds) + 1)
        case .waiting:
            return .errorEnvelope(status: 403, message: "Not confirmed yet")
        case .confirmed(let username, let key):
            return Self.json(["apikey": key, "username": username])
        }
    }

    /// `POST /v1/scrobble/episodes`: one item per input, in order; 200 when all were done, 207 when some failed,
    /// 422 when none was done.
    private func scrobble(_ body: [UInt8], username: String) -> ResponsePlan {
        guard let inputs = try? JSONSerialization.jsonObject(with: Data(body)) as? [Any] else {
            return .errorEnvelope(status: 422, message: "the body must be an array of marks")
        }
        var items: [[String: Any]] = []
        var done = 0
        for input in inputs {
            let object = input as? [String: Any] ?? [:]
            let episodeID = object["episode_id"] as? Int
            let markedAt = (object["marked_at"] as? Int) ?? Int(Date().timeIntervalSince1970)
            let type = (object["type"] as? Int) ?? 0
            var item: [String: Any] = ["input": object, "errors": NSNull(), "message": NSNull(), "result": NSNull()]
            let failure = episodeID.flatMap { id in state.withLock { $0.failingEpisodes[id] } }
            if let episodeID, episodeID > 0, (0...2).contains(type), markedAt >= 0, failure == nil {
                let mark = Mark(
                    episodeID: episodeID, showID: show(ofEpisode: episodeID), markedAt: markedAt, type: type)
                state.withLock { $0.accounts[username]?.marks[episodeID] = mark }
                item["code"] = 200
                item["result"] = ["episode_id": episodeID, "marked_at": markedAt, "type": type]
                done += 1
            } else if let failure {
                item["code"] = failure
                item["message"] = failure == 404 ? "Episode not found" : "The episode could not be marked"
            } else {
                item["code"] = 422
                item["message"] = "Data Validation Failed."
                item["errors"] = ["episode_id": ["episode_id, marked_at (>= 0) and type (0, 1 or 2) are required"]]
            }
            items.append(item)
        }
        let status = done == inputs.count ? 200 : (done == 0 ? 422 : 207)
        var plan = Self.json(items)
        plan.status = status
        return plan
    }

    /// A mark as the API lists it, with the episode embedded when asked.
    private func item(_ mark: Mark, embedded: Bool) -> [String: Any] {
        var item: [String: Any] = ["marked_at": mark.markedAt, "type": mark.type]
        if !state.withLock({ $0.unnamedEpisodes.contains(mark.episodeID) }) { item["episode_id"] = mark.episodeID }
        if embedded {
            var episode: [String: Any] = ["id": mark.episodeID]
            if let showID = mark.showID ?? show(ofEpisode: mark.episodeID) {
                episode["_links"] = ["show": ["href": "https://api.tvmaze.com/shows/\(showID)"]]
            }
            item["_embedded"] = ["episode": episode]
        }
        return item
    }

    /// A JSON answer.
    static func json(_ value: Any, cacheable: Bool = false) -> ResponsePlan {
        let data = (try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys])) ?? Data("null".utf8)
        return ResponsePlan(status: 200, body: [UInt8](data), cacheable: cacheable)
    }

    static func text(_ bytes: [UInt8]?) -> String {
        bytes.map { String(decoding: $0, as: UTF8.self) } ?? ""
    }
}
