import Foundation
import TVMRecords
import TVMText
import TVMazeAPI

/// Talks to TVMaze's account API (`{base}/v1/...`) with HTTP Basic credentials, through an API client's
/// transport, rate window and retry rules, never through the HTTP cache.
///
/// Credentials go only to `https://api.tvmaze.com`, or to `127.0.0.1` (the replay server of the tests): any other
/// base URL is refused before a request is made. A 401 from any call throws ``AccountError/refused``.
public struct AccountClient: Sendable {
    /// The client the requests go through (its cache is never used by these calls).
    public let api: APIClient
    /// The credentials, or `nil` for the pairing calls, which need none.
    public let credentials: Credentials?

    /// Creates a client.
    ///
    /// - Parameters:
    ///   - api: The API client.
    ///   - credentials: The credentials, if signed in.
    /// - Throws: ``AccountError/insecureHost(url:)`` when the base URL is neither TVMaze's API over https nor
    ///   127.0.0.1.
    public init(api: APIClient, credentials: Credentials?) throws(AccountError) {
        guard Self.mayReceiveCredentials(api.baseURL) else { throw .insecureHost(url: api.baseURL) }
        self.api = api
        self.credentials = credentials
    }

    /// Whether a base URL may receive credentials: `https://api.tvmaze.com`, or any URL on 127.0.0.1.
    ///
    /// - Parameter baseURL: The API base URL.
    public static func mayReceiveCredentials(_ baseURL: String) -> Bool {
        guard let url = URL(string: baseURL), let host = url.host?.lowercased() else { return false }
        if host == "127.0.0.1" { return true }
        return url.scheme?.lowercased() == "https" && host == "api.tvmaze.com" && (url.port ?? 443) == 443
    }

    /// The account API's root, `{base}/v1`.
    var root: String { api.baseURL + "/v1" }

    // MARK: - Calls

    /// `GET /v1/auth/validate`: checks the credentials.
    ///
    /// - Returns: The premium level (0 none, 1 Bronze, 2 Silver, 3 Gold).
    /// - Throws: ``AccountError`` (``AccountError/refused`` for wrong credentials), `APIError`.
    public func validate() async throws -> Int {
        let response = try await call("GET", "/auth/validate")
        try expect(response, "/auth/validate")
        struct Answer: Decodable { var premium: Int? }
        return try decode(Answer.self, response, "/auth/validate").premium ?? 0
    }

    /// `POST /v1/scrobble/episodes`: marks in bulk, read item by item.
    ///
    /// - Parameter marks: The marks, in order.
    /// - Returns: One item per mark, in order: a 200 answer makes every item done, a 207 says which failed, a 422
    ///   that none was done. A mark the answer has no item for is not known done (code 0): the next push sends it.
    /// - Throws: ``AccountError``, `APIError`.
    public func scrobble(_ marks: [OutgoingMark]) async throws -> [BulkItem] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let body = [UInt8](try encoder.encode(marks))
        let path = "/scrobble/episodes"
        let response = try await call("POST", path, body: body)
        guard [200, 207, 422].contains(response.status) else {
            try expect(response, path)
            return marks.map { BulkItem(mark: $0, code: 200, message: "") }
        }
        let items = (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [Any]
        return marks.enumerated().map { index, mark in
            guard let items, index < items.count, let item = items[index] as? [String: Any] else {
                // A bulk answer lists every input; one that does not (a proxy's page, a short list) confirms nothing.
                return BulkItem(mark: mark, code: 0, message: "no answer for it")
            }
            let code = (item["code"] as? Int) ?? (response.status == 200 ? 200 : 422)
            var message = (item["message"] as? String) ?? ""
            if let errors = item["errors"] as? [String: Any], !errors.isEmpty {
                let details = errors.keys.sorted().map { key in
                    let texts = (errors[key] as? [String]) ?? [String(describing: errors[key] ?? "")]
                    return "\(key): \(texts.joined(separator: ", "))"
                }
                message +=
                    (message.isEmpty ? "" : " (") + details.joined(separator: "; ") + (message.isEmpty ? "" : ")")
            }
            return BulkItem(mark: mark, code: code, message: HTMLText.terminalSafe(message))
        }
    }

    /// `GET /v1/scrobble/shows/{id}`: the account's marks in one show (free for every account).
    ///
    /// - Parameter showID: The show.
    /// - Returns: The marks, each with `showID` set.
    /// - Throws: ``AccountError``, `APIError`.
    public func marks(ofShow showID: Int) async throws -> ListedMarks {
        let path = "/scrobble/shows/\(showID)"
        let response = try await call("GET", path)
        if response.status == 404 { return ListedMarks() }
        try expect(response, path)
        var list = try listedMarks(response, path)
        for index in list.marks.indices { list.marks[index].showID = list.marks[index].showID ?? showID }
        return list
    }

    /// `GET /v1/user/episodes?embed=episode`: every mark of the account (Premium).
    ///
    /// - Returns: The marks; `showID` is set when the answer says it.
    /// - Throws: ``AccountError/premiumRequired(what:)`` on a 403, ``AccountError``, `APIError`.
    public func allMarks() async throws -> ListedMarks {
        let path = "/user/episodes?embed=episode"
        let response = try await call("GET", path)
        if response.status == 403 { throw AccountError.premiumRequired(what: "listing every mark") }
        try expect(response, path)
        return try listedMarks(response, path)
    }

    /// `DELETE /v1/user/episodes/{id}`: removes a mark (Premium).
    ///
    /// - Parameter episodeID: The episode.
    /// - Returns: True when TVMaze removed it, false when it had no such mark (404): done either way.
    /// - Throws: ``AccountError/premiumRequired(what:)`` on a 403, ``AccountError``, `APIError`.
    public func unmark(episodeID: Int) async throws -> Bool {
        let path = "/user/episodes/\(episodeID)"
        let response = try await call("DELETE", path)
        if response.status == 404 { return false }
        if response.status == 403 { throw AccountError.premiumRequired(what: "sending an unmark") }
        try expect(response, path)
        return true
    }

    /// `GET /v1/user/follows/shows?embed=show`: the shows the account follows (Premium).
    ///
    /// - Returns: The shows, with their records when embedded.
    /// - Throws: ``AccountError/premiumRequired(what:)`` on a 403, ``AccountError``, `APIError`.
    public func follows() async throws -> [FollowedShow] {
        let path = "/user/follows/shows?embed=show"
        let response = try await call("GET", path)
        if response.status == 403 { throw AccountError.premiumRequired(what: "listing followed shows") }
        try expect(response, path)
        do {
            return try RawJSON.elements(ofArray: response.body).compactMap { element in
                guard let id = try RawJSON.value(forKey: "show_id", in: element).flatMap(RawJSON.integer) else {
                    return nil
                }
                let record = try RawJSON.value(atPath: ["_embedded", "show"], in: element).map(RawJSON.compact)
                return FollowedShow(showID: id, record: record)
            }
        } catch {
            throw AccountError.unexpected(url: root + path, status: response.status, message: "not a list of follows")
        }
    }

    // MARK: - Plumbing

    /// Sends one request; with `authorized`, the credentials go with it and a 401 throws ``AccountError/refused``.
    func call(
        _ method: String, _ path: String, body: [UInt8] = [], authorized: Bool = true, retriesRateLimit: Bool = true
    ) async throws -> HTTPResponse {
        var headers: [(name: String, value: String)] = []
        if authorized {
            guard let credentials else { throw AccountError.notSignedIn }
            headers.append((name: "Authorization", value: credentials.authorization))
        }
        let request = HTTPRequest(method: method, url: root + path, headers: headers, body: body)
        let response = try await api.exchange(request, retriesRateLimit: retriesRateLimit)
        if authorized && response.status == 401 { throw AccountError.refused }
        return response
    }

    /// Throws ``AccountError/unexpected(url:status:message:)`` unless the status is 2xx.
    func expect(_ response: HTTPResponse, _ path: String) throws {
        guard !(200..<300).contains(response.status) else { return }
        throw AccountError.unexpected(url: root + path, status: response.status, message: Self.message(response.body))
    }

    func decode<Value: Decodable>(_ type: Value.Type, _ response: HTTPResponse, _ path: String) throws -> Value {
        do {
            return try JSONDecoder().decode(type, from: Data(response.body))
        } catch {
            throw AccountError.unexpected(
                url: root + path, status: response.status, message: "an answer of an unexpected shape")
        }
    }

    /// A list of marks; an item that is not a mark (no `episode_id`) is counted and left out, not the whole list.
    private func listedMarks(_ response: HTTPResponse, _ path: String) throws -> ListedMarks {
        struct Item: Decodable {
            var mark: RemoteMark?
            init(from decoder: any Decoder) throws { mark = try? RemoteMark(from: decoder) }
        }
        let items = try decode([Item].self, response, path)
        let marks = items.compactMap(\.mark)
        return ListedMarks(marks: marks, unreadable: items.count - marks.count)
    }

    /// The `message` of TVMaze's error envelope, made safe for a terminal.
    static func message(_ body: [UInt8]) -> String {
        let object = (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any]
        return HTMLText.terminalSafe((object?["message"] as? String) ?? "")
    }
}
