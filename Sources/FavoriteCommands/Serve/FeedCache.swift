import Foundation
import TVMStore

#if canImport(Glibc)
    import Glibc
#endif

/// The feeds of `tvm-fav serve`, each kept after it is built and answered again while nothing it depends on
/// changed: the database (the same file, and no commit since, as SQLite's `data_version` on a kept connection
/// says) and the minute of the clock (which decides what is upcoming). Any change, and the feed is read from the
/// database again; when it says the same as the kept one (a calendar's `DTSTAMP`, the time it was built, aside),
/// the kept one is answered still, so that its `ETag` and `Last-Modified` change only with what it says.
actor FeedCache {
    /// One feed as answered: its body, media type, validator and the time it first said this.
    struct Feed: Sendable {
        var body: [UInt8]
        var contentType: String
        /// ``FeedResponse/digest(_:)`` of the body.
        var digest: String
        /// When a feed first said what this one says: the clock's time at the build that made it.
        var modified: Date
        /// ``FeedResponse/digest(_:)`` of the body without its `DTSTAMP` lines.
        var content: String

        init(body: [UInt8], contentType: String, modified: Date) {
            self.body = body
            self.contentType = contentType
            self.digest = FeedResponse.digest(body)
            self.modified = modified
            // A feed without stamps (JSON) says what its body says: no second digest.
            let unstamped = Self.withoutStamps(body)
            self.content = unstamped.count == body.count ? digest : FeedResponse.digest(unstamped)
        }

        /// The body without the lines that start with `DTSTAMP:`.
        static func withoutStamps(_ body: [UInt8]) -> [UInt8] {
            let stamp = Array("DTSTAMP:".utf8)
            let lines = body.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            return Array(lines.filter { !$0.starts(with: stamp) }.joined(separator: [UInt8(ascii: "\n")]))
        }
    }

    /// What a kept feed was built from.
    private struct Source: Equatable {
        /// The database file's device and inode; `nil` when there was none.
        var file: [UInt64]?
        /// The kept connection's `data_version`.
        var version: Int
        /// Minutes since 1970.
        var minute: Int
    }

    private let path: String
    private let lockTimeout: Double
    private let bodies: FeedBodies
    private var store: FavoritesStore?
    private var storeFile: [UInt64]?
    private var kept: [FeedRoute: (source: Source, feed: Task<Feed, any Error>)] = [:]
    /// How many feeds were built from the database, for tests.
    private(set) var builds = 0

    /// - Parameters:
    ///   - path: The favorites database file (it may not exist yet).
    ///   - lockTimeout: How long a lock may be waited for.
    ///   - bodies: Builds the feeds.
    init(path: String, lockTimeout: Double, bodies: FeedBodies) {
        self.path = path
        self.lockTimeout = lockTimeout
        self.bodies = bodies
    }

    /// A feed at `now`: the kept one when nothing changed since it was built, else built again.
    ///
    /// - Throws: ``StoreError`` when the database cannot be opened or read.
    func feed(_ route: FeedRoute, now: Date) async throws -> Feed {
        let source = try await currentSource(now: now)
        if let entry = kept[route], entry.source == source { return try await entry.feed.value }
        builds += 1
        let store = store
        let bodies = bodies
        let previous = kept[route]?.feed
        let task = Task {
            let body = try await bodies.body(of: route, store: store, now: now)
            let feed = Feed(body: body.bytes, contentType: body.contentType, modified: now)
            if let kept = try? await previous?.value, kept.content == feed.content { return kept }
            return feed
        }
        kept[route] = (source, task)
        do {
            return try await task.value
        } catch {
            if kept[route]?.source == source { kept[route] = nil }
            throw error
        }
    }

    /// The database and the minute now; opens the database again when its file is a new one.
    private func currentSource(now: Date) async throws -> Source {
        let minute = Int((now.timeIntervalSince1970 / 60).rounded(.down))
        var status = stat()
        guard stat(path, &status) == 0 else {
            store = nil
            storeFile = nil
            return Source(file: nil, version: 0, minute: minute)
        }
        let file = [UInt64(status.st_dev), UInt64(status.st_ino)]
        if store == nil || storeFile != file {
            store = try await FavoritesStore(path: path, lockTimeout: lockTimeout, access: .readOnly)
            storeFile = file
        }
        let version = try await store?.dataVersion() ?? 0
        return Source(file: file, version: version, minute: minute)
    }
}
