import Foundation

/// A stateful stand-in for TVMaze's account API (`/v1/...`), built from the shapes of its published description:
/// no answer of it was ever recorded.
///
/// It keeps accounts (username, API key, premium level, e-mail), each account's marks and follows, and pending
/// pairings. Requests are checked with HTTP Basic (username and API key); marks are answered from what the
/// requests and the test's seeds put there, so a push followed by a pull sees its own marks.
///
/// ```swift
/// server.account.addAccount(username: "ada", key: "k3y", premium: 1, email: "ada@example.org")
/// server.account.seedMarks(username: "ada", [AccountStandIn.Mark(episodeID: 1, showID: 1, markedAt: 0)])
/// // ... run tvm-fav push / pull ...
/// #expect(server.account.marks(of: "ada")[2]?.type == 0)
/// ```
///
/// GET answers carry `Cache-Control: public, max-age=3600`, as TVMaze's other answers do, so that a client that
/// caches what it should not is caught.
public final class AccountStandIn: Sendable {
    /// One mark of an episode: watched (0), acquired (1) or skipped (2), at `markedAt` (Unix seconds, 0 unknown).
    public struct Mark: Sendable, Equatable {
        /// The TVMaze episode id.
        public var episodeID: Int
        /// The episode's show, when the stand-in knows it.
        public var showID: Int?
        /// Unix seconds; 0 means unknown.
        public var markedAt: Int
        /// 0 watched, 1 acquired, 2 skipped.
        public var type: Int

        /// Creates a mark.
        public init(episodeID: Int, showID: Int?, markedAt: Int, type: Int = 0) {
            self.episodeID = episodeID
            self.showID = showID
            self.markedAt = markedAt
            self.type = type
        }
    }

    struct Account: Sendable {
        var key: String
        var premium: Int
        var email: String?
        var marks: [Int: Mark] = [:]
        var follows: [Int] = []
    }

    struct Pairing: Sendable {
        var email: String
        var username: String
        var confirmed = false
        var claimed = false
        var lastPoll: ContinuousClock.Instant?
    }

    struct State: Sendable {
        var accounts: [String: Account] = [:]
        var pairings: [String: Pairing] = [:]
        var failingEpisodes: [Int: Int] = [:]
        var unnamedEpisodes: Set<Int> = []
        var episodeShows: [Int: Int] = [:]
        var pollInterval: Duration = .seconds(10)
        var nextToken = 1
    }

    let state = Locked(State())
    /// The fixtures root, where `shows/{id}/episodes.json` tell which show an episode belongs to.
    let fixtures: URL?
    private let learnedFixtures = Locked(false)

    /// Creates an empty stand-in; `fixtures` names the folder whose episode lists place episodes in shows.
    init(fixtures: URL?) {
        self.fixtures = fixtures
    }

    /// Adds (or replaces) an account.
    ///
    /// - Parameters:
    ///   - username: The TVMaze username (the Basic user).
    ///   - key: The API key (the Basic password).
    ///   - premium: 0 none, 1 Bronze, 2 Silver, 3 Gold.
    ///   - email: The e-mail that pairing starts with, if any.
    public func addAccount(username: String, key: String, premium: Int = 0, email: String? = nil) {
        state.withLock { $0.accounts[username] = Account(key: key, premium: premium, email: email) }
    }

    /// Changes an account's premium level.
    public func setPremium(_ premium: Int, of username: String) {
        state.withLock { $0.accounts[username]?.premium = premium }
    }

    /// Gives an account marks, replacing any on the same episodes.
    public func seedMarks(username: String, _ marks: [Mark]) {
        state.withLock { state in
            for mark in marks { state.accounts[username]?.marks[mark.episodeID] = mark }
        }
    }

    /// An account's marks by episode id.
    public func marks(of username: String) -> [Int: Mark] {
        state.withLock { $0.accounts[username]?.marks ?? [:] }
    }

    /// Sets the shows an account follows, in order.
    public func seedFollows(username: String, _ showIDs: [Int]) {
        state.withLock { $0.accounts[username]?.follows = showIDs }
    }

    /// The shows an account follows.
    public func follows(of username: String) -> [Int] {
        state.withLock { $0.accounts[username]?.follows ?? [] }
    }

    /// Makes every bulk item for these episodes fail with `code` (404 unknown episode by default).
    public func failEpisodes(_ ids: [Int], code: Int = 404) {
        state.withLock { state in
            for id in ids { state.failingEpisodes[id] = code }
        }
    }

    /// Lists these episodes' marks without their `episode_id`, as a broken answer would.
    public func listWithoutEpisodeID(_ ids: [Int]) {
        state.withLock { $0.unnamedEpisodes.formUnion(ids) }
    }

    /// Lets the episodes succeed again.
    public func stopFailingEpisodes() {
        state.withLock { $0.failingEpisodes.removeAll() }
    }

    /// Places episodes in a show, for `GET /v1/scrobble/shows/{id}` (the fixtures' episode lists are known already).
    public func registerEpisodes(_ ids: [Int], showID: Int) {
        state.withLock { state in
            for id in ids { state.episodeShows[id] = showID }
        }
    }

    /// Sets the shortest time between two polls of one token (10 s, as TVMaze asks); faster polls get 429.
    public func setPollInterval(_ interval: Duration) {
        state.withLock { $0.pollInterval = interval }
    }

    /// Confirms the pending pairings of an e-mail, as a click on the link TVMaze sent would.
    ///
    /// - Returns: How many pairings were confirmed.
    @discardableResult
    public func confirmPairing(email: String) -> Int {
        state.withLock { state in
            var count = 0
            for (token, pairing) in state.pairings where pairing.email == email && !pairing.confirmed {
                state.pairings[token]?.confirmed = true
                count += 1
            }
            return count
        }
    }

    /// The number of pairings started for an e-mail.
    public func pairingCount(email: String) -> Int {
        state.withLock { $0.pairings.values.filter { $0.email == email }.count }
    }

    /// The show of an episode: registered, or found in the fixtures' `shows/{id}/episodes.json`.
    func show(ofEpisode id: Int) -> Int? {
        learnFixtureEpisodes()
        return state.withLock { $0.episodeShows[id] }
    }

    /// Reads the fixtures' episode lists once.
    private func learnFixtureEpisodes() {
        let first = learnedFixtures.withLock { learned in
            defer { learned = true }
            return !learned
        }
        guard first, let fixtures else { return }
        let shows = fixtures.appendingPathComponent("shows")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: shows.path)) ?? []
        var found: [Int: Int] = [:]
        for name in names {
            guard let showID = Int(name),
                let data = FileManager.default.contents(
                    atPath: shows.appendingPathComponent(name).appendingPathComponent("episodes.json").path),
                let list = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]]
            else { continue }
            for episode in list {
                if let id = episode["id"] as? Int { found[id] = showID }
            }
        }
        state.withLock { state in
            state.episodeShows.merge(found) { registered, _ in registered }
        }
    }
}
