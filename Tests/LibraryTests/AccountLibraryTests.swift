import Foundation
import GRDB
import Testing

@testable import TVMAccount
@testable import TVMRecords
@testable import TVMStore
@testable import TVMazeAPI

/// The account library: merging, planning, the credentials file, the account client's requests.
@Suite("Account library")
struct AccountLibraryTests {
    static func mark(_ episode: Int, show: Int = 1, at seconds: Int) -> WatchMark {
        WatchMark(episodeID: episode, showID: show, watchedAt: Date(timeIntervalSince1970: Double(seconds)))
    }

    // MARK: Merge and plan

    @Test("a pull keeps a mark from either side, and the earlier time wins")
    func mergeKeepsEitherSideEarlierWins() {
        let local = [1: Self.mark(1, at: 500), 2: Self.mark(2, at: 100)]
        let remote = [
            RemoteMark(episodeID: 1, markedAt: 300, type: 0, showID: 1),
            RemoteMark(episodeID: 2, markedAt: 200, type: 0, showID: 1),
            RemoteMark(episodeID: 3, markedAt: 50, type: 0, showID: 1),
        ]
        let outcome = MarkMerge.merge(local: local, remote: remote, unmarked: [], showOf: [:])
        #expect(outcome.changes.added == [Self.mark(3, at: 50)])
        #expect(outcome.changes.retimed == [Self.mark(1, at: 300)])
        #expect(outcome.changes.ledger.map(\.episodeID) == [1, 2, 3])
        #expect(outcome.unplaced.isEmpty)
    }

    @Test("acquired and skipped marks are kept apart; an unmark not sent yet is not undone; unknown shows are left out")
    func mergeOthersUnmarksAndUnplaced() {
        let remote = [
            RemoteMark(episodeID: 4, markedAt: 10, type: 2, showID: 1),
            RemoteMark(episodeID: 5, markedAt: 10, type: 0, showID: 1),
            RemoteMark(episodeID: 6, markedAt: 10, type: 0),
            RemoteMark(episodeID: 7, markedAt: 0, type: 1),
        ]
        let outcome = MarkMerge.merge(local: [:], remote: remote, unmarked: [5], showOf: [7: 9])
        #expect(
            outcome.changes.others == [
                AccountOtherMark(episodeID: 4, showID: 1, type: 2, markedAt: 10),
                AccountOtherMark(episodeID: 7, showID: 9, type: 1, markedAt: 0),
            ])
        #expect(outcome.changes.added.isEmpty)
        #expect(outcome.unplaced.map(\.episodeID) == [6])
    }

    // Regression: an answer listing one episode twice added it twice, and the later listing's time was kept.
    @Test("an episode listed twice counts once: watched beats skipped, the earlier known time wins")
    func mergeListedTwice() {
        let remote = [
            RemoteMark(episodeID: 1, markedAt: 300, type: 0, showID: 1),
            RemoteMark(episodeID: 2, markedAt: 100, type: 2, showID: 1),
            RemoteMark(episodeID: 1, markedAt: 200, type: 0, showID: 1),
            RemoteMark(episodeID: 2, markedAt: 400, type: 0, showID: 1),
            RemoteMark(episodeID: 1, markedAt: 0, type: 0, showID: 1),
        ]
        let outcome = MarkMerge.merge(local: [:], remote: remote, unmarked: [], showOf: [:])
        #expect(outcome.changes.added == [Self.mark(1, at: 200), Self.mark(2, at: 400)])
        #expect(outcome.changes.others.isEmpty)
        #expect(outcome.changes.ledger.map(\.episodeID) == [1, 2])
    }

    @Test("a push plans the marks the ledger lacks or holds differently, with marked_at from the mark")
    func pushPlan() {
        let local = [Self.mark(1, at: 100), Self.mark(2, at: 200), Self.mark(3, at: 300)]
        let ledger = [
            1: AccountLedgerEntry(episodeID: 1, markedAt: 100), 2: AccountLedgerEntry(episodeID: 2, markedAt: 250),
        ]
        let plan = PushPlan(local: local, ledger: ledger, unmarks: [])
        #expect(plan.marks == [OutgoingMark(episodeID: 2, markedAt: 200), OutgoingMark(episodeID: 3, markedAt: 300)])
        #expect(plan.batches(of: 1).count == 2)
        let many = PushPlan(local: (1...1_001).map { Self.mark($0, at: $0) }, ledger: [:], unmarks: [])
        #expect(many.batches(of: 500).map(\.count) == [500, 500, 1])
    }

    // MARK: The database's part

    @Test("a push records only what TVMaze confirmed; an unwatch of a synced mark waits to be sent")
    func ledgerAndUnmarkTrigger() async throws {
        let store = try await FavoritesStore(writer: DatabaseQueue())
        let batch = try FavoritesBatch(folder: FileManager.default.temporaryDirectory.path)
        _ = try await store.save(batch: batch, marking: [Self.mark(1, at: 100), Self.mark(2, at: 200)])
        try await store.recordPush(confirmed: [AccountLedgerEntry(episodeID: 1, markedAt: 100)], username: "ada")
        #expect(try await store.ledger(for: "ada").keys.sorted() == [1])
        #expect(try await store.ledger(for: "bob").isEmpty)
        let unmarking = try FavoritesBatch(folder: FileManager.default.temporaryDirectory.path)
        _ = try await store.save(batch: unmarking, unmarking: [1, 2])
        #expect(try await store.pendingUnmarks(for: "ada").map(\.episodeID) == [1])
        let again = try FavoritesBatch(folder: FileManager.default.temporaryDirectory.path)
        _ = try await store.save(batch: again, marking: [Self.mark(1, at: 100)])
        #expect(try await store.pendingUnmarks(for: "ada").isEmpty)
        try await store.recordPush(confirmed: [], username: "bob")
        #expect(try await store.ledger(for: "bob").isEmpty)
        #expect(try await store.accountState().username == "bob")
    }

    // MARK: Credentials

    static func scratch() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tvm-account-\(UUID().uuidString)")
        return folder.path + "/tvm"
    }

    @Test("credentials are written 0600 in a 0700 folder and read back; a file others can open is refused")
    func credentialsFile() throws {
        let folder = try Self.scratch()
        let store = CredentialStore(configFolder: folder, environment: [:])
        #expect(try store.load() == nil)
        try store.save(Credentials(username: "ada", key: "s3cret", premium: 1))
        let fileMode = try FileManager.default.attributesOfItem(atPath: store.path)[.posixPermissions] as? Int
        let folderMode = try FileManager.default.attributesOfItem(atPath: folder)[.posixPermissions] as? Int
        #expect(fileMode == 0o600)
        #expect(folderMode == 0o700)
        #expect(try store.load() == Credentials(username: "ada", key: "s3cret", premium: 1))
        chmod(store.path, 0o644)
        #expect(throws: AccountError.readableByOthers(path: store.path, mode: 0o644)) { try store.load() }
        #expect(
            AccountError.readableByOthers(path: store.path, mode: 0o644).localizedDescription.contains(
                "chmod 600 '\(store.path)'"))
        #expect(try store.delete())
        #expect(try store.delete() == false)
    }

    @Test("TVM_TVMAZE_USER and TVM_TVMAZE_KEY win over the file; one without the other is an error")
    func environmentOverride() throws {
        let folder = try Self.scratch()
        try CredentialStore(configFolder: folder, environment: [:]).save(Credentials(username: "ada", key: "a"))
        let both = CredentialStore(
            configFolder: folder, environment: ["TVM_TVMAZE_USER": "bob", "TVM_TVMAZE_KEY": "b"])
        #expect(try both.load() == Credentials(username: "bob", key: "b"))
        let half = CredentialStore(configFolder: folder, environment: ["TVM_TVMAZE_USER": "bob"])
        #expect(throws: AccountError.halfEnvironment(missing: "TVM_TVMAZE_KEY")) { try half.load() }
    }

    @Test("credentials never show their key when printed, interpolated or dumped")
    func credentialsRedacted() {
        let credentials = Credentials(username: "ada", key: "s3cret-key")
        var dumped = ""
        dump(credentials, to: &dumped)
        for text in ["\(credentials)", String(reflecting: credentials), dumped] {
            #expect(!text.contains("s3cret-key"))
            #expect(text.contains("ada"))
        }
    }

    // MARK: The client's requests

    static func client(
        _ transport: ScriptedTransport, base: String = "http://127.0.0.1:9", cache: MemoryResponseCache? = nil
    )
        throws -> APIClient
    {
        try APIClient(
            baseURL: base, transport: transport, limiter: RateLimiter(limit: 1_000, window: 1),
            policy: ClientFactory.policy(), cache: cache)
    }

    @Test("credentials go only to TVMaze over https or to 127.0.0.1")
    func credentialHosts() throws {
        #expect(AccountClient.mayReceiveCredentials("https://api.tvmaze.com"))
        #expect(AccountClient.mayReceiveCredentials("http://127.0.0.1:8080"))
        #expect(!AccountClient.mayReceiveCredentials("http://api.tvmaze.com"))
        #expect(!AccountClient.mayReceiveCredentials("https://api.tvmaze.com.evil.example"))
        #expect(!AccountClient.mayReceiveCredentials("https://localhost"))
        let api = try Self.client(ScriptedTransport([]), base: "http://example.org")
        #expect(throws: AccountError.insecureHost(url: "http://example.org")) {
            try AccountClient(api: api, credentials: Credentials(username: "a", key: "b"))
        }
    }

    @Test("a redirect within the host keeps Authorization; one to another host is refused, nothing sent there")
    func redirectStaysHome() async throws {
        let transport = ScriptedTransport([
            .status(302, headers: [(name: "Location", value: "/v1/auth/validate2")]),
            .status(302, headers: [(name: "Location", value: "http://other.example/steal")]),
            .json(#"{"premium":0}"#),
        ])
        let client = try AccountClient(api: Self.client(transport), credentials: Credentials(username: "a", key: "b"))
        await #expect(throws: APIError.self) { try await client.validate() }
        let authorized = transport.calls.map { call in call.headers.contains { $0.name == "Authorization" } }
        #expect(authorized == [true, true])
        #expect(!transport.calls.contains { $0.url.contains("other.example") })
    }

    @Test("a 303 within the host is followed as a GET without body, and stays one through the next redirect")
    func seeOtherBecomesGet() async throws {
        let transport = ScriptedTransport([
            .status(303, headers: [(name: "Location", value: "/v1/next")]),
            .status(302, headers: [(name: "Location", value: "/v1/last")]),
            .json(#"[{"code":200}]"#),
        ])
        let client = try AccountClient(api: Self.client(transport), credentials: Credentials(username: "a", key: "b"))
        let items = try await client.scrobble([OutgoingMark(episodeID: 1, markedAt: 0, type: 0)])
        #expect(items.map(\.code) == [200])
        #expect(transport.calls.map(\.method) == ["POST", "GET", "GET"])
        #expect(transport.calls.map(\.body.isEmpty) == [false, true, true])
        #expect(transport.calls.last?.url == "http://127.0.0.1:9/v1/last")
    }

    @Test("account answers bypass the HTTP cache, and a 401 is the refusal")
    func noCacheAndRefusal() async throws {
        let cache = MemoryResponseCache()
        let transport = ScriptedTransport([
            .json(
                #"[{"episode_id":1,"marked_at":5,"type":0}]"#, headers: [(name: "Cache-Control", value: "max-age=3600")]
            ),
            .json(#"[]"#), .status(401, body: #"{"message":"bad"}"#),
        ])
        let client = try AccountClient(
            api: Self.client(transport, cache: cache), credentials: Credentials(username: "a", key: "b"))
        #expect(
            try await client.marks(ofShow: 1).marks == [RemoteMark(episodeID: 1, markedAt: 5, type: 0, showID: 1)])
        #expect(try await client.marks(ofShow: 1) == ListedMarks())
        await #expect(throws: AccountError.refused) { try await client.marks(ofShow: 1) }
        #expect(cache.lookups.isEmpty && cache.stores.isEmpty)
    }

    @Test("a 207 is read item by item")
    func bulkAnswer() async throws {
        let transport = ScriptedTransport([
            .json(
                #"[{"code":200,"errors":null,"input":{},"message":null,"result":{}},"#
                    + #"{"code":404,"errors":null,"input":{},"message":"Episode not found","result":null}]"#,
                status: 207)
        ])
        let client = try AccountClient(api: Self.client(transport), credentials: Credentials(username: "a", key: "b"))
        let items = try await client.scrobble([
            OutgoingMark(episodeID: 1, markedAt: 0), OutgoingMark(episodeID: 2, markedAt: 9),
        ])
        #expect(items.map(\.succeeded) == [true, false])
        #expect(items[1].message == "Episode not found")
        #expect(transport.calls.first?.method == "POST")
        #expect(
            String(decoding: transport.calls.first?.body ?? [], as: UTF8.self)
                == #"[{"episode_id":1,"marked_at":0,"type":0},{"episode_id":2,"marked_at":9,"type":0}]"#)
    }

    @Test("the pairing polls at the interval, backs off on 429, and never retries a 404 after a 200")
    func pairingFlow() async throws {
        let transport = ScriptedTransport([
            .json(#"{"token":"t","confirm_url":"https://www.tvmaze.com/c"}"#),
            .status(403), .status(429, headers: [(name: "Retry-After", value: "3")]), .status(403),
            .json(#"{"apikey":"k","username":"ada"}"#), .status(404),
        ])
        let client = try AccountClient(api: Self.client(transport), credentials: nil)
        let slept = LockedBox<[Duration]>([])
        let flow = PairingFlow(interval: .seconds(10), limit: .seconds(600)) { duration in
            slept.withLock { $0.append(duration) }
        }
        var events: [PairingFlow.Event] = []
        let credentials = try await flow.run(client: client, email: "ada@example.org", sendsEmail: true) {
            events.append($0)
        }
        #expect(credentials == Credentials(username: "ada", key: "k"))
        #expect(transport.callCount == 5)
        #expect(events.first == .started(confirmURL: "https://www.tvmaze.com/c"))
        #expect(events.contains(.countdown(seconds: 10, remaining: 600)))
        #expect(events.contains(.backingOff(seconds: 10)))
        #expect(slept.snapshot.reduce(.zero, +) == .seconds(50))
        #expect(slept.snapshot.allSatisfy { $0 <= .seconds(1) })
    }

    @Test("a 429 from the start backs off by its Retry-After, then the pairing goes on")
    func pairingStartBacksOff() async throws {
        let transport = ScriptedTransport([
            .status(429, headers: [(name: "Retry-After", value: "2")]),
            .json(#"{"token":"t","confirm_url":""}"#), .json(#"{"apikey":"k","username":"ada"}"#),
        ])
        let slept = LockedBox<[Duration]>([])
        let flow = PairingFlow(interval: .seconds(10), limit: .seconds(600)) { duration in
            slept.withLock { $0.append(duration) }
        }
        var events: [PairingFlow.Event] = []
        let client = try AccountClient(api: Self.client(transport), credentials: nil)
        _ = try await flow.run(client: client, email: "a", sendsEmail: true) { events.append($0) }
        #expect(events.first == .backingOff(seconds: 2))
        let paths = transport.calls.map { $0.url.split(separator: "/").last.map(String.init) ?? "" }
        #expect(paths == ["start", "start", "poll"])
        #expect(slept.snapshot.reduce(.zero, +) == .seconds(12))
    }

    @Test("the pairing gives up at its limit, and a gone token is not retried")
    func pairingLimits() async throws {
        let waiting = ScriptedTransport([.json(#"{"token":"t","confirm_url":""}"#), .status(403)])
        let flow = PairingFlow(interval: .seconds(10), limit: .seconds(30)) { _ in }
        await #expect(throws: AccountError.pairingTimedOut(minutes: 1)) {
            try await flow.run(
                client: try AccountClient(api: Self.client(waiting), credentials: nil), email: "a",
                sendsEmail: true
            ) { _ in }
        }
        #expect(waiting.callCount == 4)
        let gone = ScriptedTransport([.json(#"{"token":"t","confirm_url":""}"#), .status(404)])
        await #expect(throws: AccountError.pairingGone) {
            try await flow.run(
                client: try AccountClient(api: Self.client(gone), credentials: nil), email: "a",
                sendsEmail: true
            ) { _ in }
        }
        #expect(gone.callCount == 2)
    }
}
