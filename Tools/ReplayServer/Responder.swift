import Foundation

/// Turns requests into ``ResponsePlan``s and records them in the ``RequestLog``.
final class Responder: Sendable {
    let store: FixtureStore
    let controls: ServerControls
    let log: RequestLog
    let syntheticShowPages: Int?
    /// Stamps request arrivals.
    let clock: ReplayClock
    /// Answers the account API under `/v1/`.
    let account: AccountStandIn

    init(
        store: FixtureStore, controls: ServerControls, log: RequestLog, syntheticShowPages: Int?, clock: ReplayClock,
        account: AccountStandIn
    ) {
        self.account = account
        self.store = store
        self.controls = controls
        self.log = log
        self.syntheticShowPages = syntheticShowPages
        self.clock = clock
    }

    /// Decides the answer for one request, records the request, and returns the plan.
    func respond(
        method: String, target: String, headers: [(name: String, value: String)], body: [UInt8] = [],
        arrival: ContinuousClock.Instant, connection: Int
    ) -> ResponsePlan {
        let call = AccountStandIn.Call(
            method: method, target: RequestTarget(target), headers: headers, body: body, arrival: arrival)
        let isAPI = !target.hasPrefix(ReplayServer.imagePathPrefix)
        let (decision, latency) = controls.decide(target: target, isAPI: isAPI, arrival: arrival)
        var plan: ResponsePlan
        let outcome: RecordedRequest.Outcome
        switch decision {
        case .rateLimited(let retryAfter):
            plan = .tooManyRequests(retryAfter: retryAfter)
            outcome = .rateLimited
        case .admit(let fault?):
            plan = .applying(fault, to: answer(call))
            outcome = .fault(fault)
        case .admit(nil):
            plan = answer(call)
            outcome = .served
        }
        plan.delay += latency
        log.append(
            RecordedRequest(
                method: method, target: target, headers: headers, body: body, arrival: arrival,
                status: plan.sentStatus, outcome: outcome, connection: connection))
        return plan
    }

    /// The answer without faults: the account stand-in for `/v1/`, else ``answer(method:target:)``.
    func answer(_ call: AccountStandIn.Call) -> ResponsePlan {
        guard call.target.path.hasPrefix("/v1/") else { return answer(method: call.method, target: call.target) }
        // Under a fault that cuts the answer, the state still changes: a server that did the work and whose answer
        // was lost on the way, which is what a client must survive.
        return account.answer(call) { [store] id in store.body(ofFile: "shows/\(id).json") }
    }

    /// The answer without faults: image, route, synthetic page, fixture file, or TVMaze's answer for a miss.
    func answer(method: String, target: RequestTarget) -> ResponsePlan {
        guard method == "GET" || method == "HEAD" else {
            var plan = ResponsePlan.errorEnvelope(status: 405, message: "Method \(method) is not allowed")
            plan.headers.add(name: "Allow", value: "GET, HEAD")
            return plan
        }
        if target.path.hasPrefix(ReplayServer.imagePathPrefix) {
            let body = PlaceholderJPEG.bytes(for: target.path)
            return ResponsePlan(status: 200, body: body, contentType: "image/jpeg", cacheable: true)
        }
        if let route = store.routes.route(for: target) {
            return answer(route)
        }
        if let synthetic = syntheticPage(for: target) {
            return synthetic
        }
        if let file = store.existingFile(for: target), let body = store.body(ofFile: file) {
            return ResponsePlan(status: 200, body: body, cacheable: true)
        }
        return notFound(target)
    }

    private func answer(_ route: Route) -> ResponsePlan {
        let body = route.file.flatMap(store.body(ofFile:)) ?? Array(store.rewritten(route.body ?? "").utf8)
        var plan = ResponsePlan(status: route.status, body: body, cacheable: route.status < 400)
        for (name, value) in (route.headers ?? [:]).sorted(by: { $0.key < $1.key }) {
            plan.headers.replaceOrAdd(name: name, value: store.rewritten(value))
        }
        return plan
    }

    /// The search endpoints that answer `200 []` for a query with no hits.
    private static let searchPaths: Set<String> = ["/search/shows", "/search/people"]
    /// The name of the search query parameter, `q`.
    private static let queryName = Array("q".utf8)

    /// `/shows?page=N` in synthetic mode: a shifted recorded page for N below the page count, else a 404.
    private func syntheticPage(for target: RequestTarget) -> ResponsePlan? {
        guard let pageCount = syntheticShowPages, target.path == "/shows",
            let page = target.soleParameter(named: "page").flatMap({ Int($0) }), page >= 0,
            store.recordedShowPages > 0
        else {
            return nil
        }
        guard page < pageCount,
            let recorded = store.body(ofFile: "shows/page-\(page % store.recordedShowPages).json")
        else {
            return notFound(target)
        }
        let body = SyntheticShowPage.body(page: page, recordedCount: store.recordedShowPages, recorded: recorded)
        return ResponsePlan(status: 200, body: body, cacheable: true)
    }

    /// TVMaze's answer for what was not recorded: a search with no hits is `200 []`; a single search or lookup
    /// miss is `404 null`; anything else is a 404 with the error envelope.
    private func notFound(_ target: RequestTarget) -> ResponsePlan {
        if Self.searchPaths.contains(target.path), target.parameters.contains(where: { $0.name == Self.queryName }) {
            return ResponsePlan(status: 200, body: Array("[]".utf8), cacheable: true)
        }
        if target.path.hasPrefix("/singlesearch/") || target.path.hasPrefix("/lookup/") {
            return ResponsePlan(status: 404, body: Array("null".utf8))
        }
        if let body = store.body(ofFile: "errors/404.json") {
            return ResponsePlan(status: 404, body: body)
        }
        return .errorEnvelope(status: 404)
    }
}
