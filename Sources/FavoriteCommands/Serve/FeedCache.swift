import Foundation
import TVMStore

#if canImport(Glibc)
    import Glibc
#endif

/// The feeds of `tvm-fav serve`, each kept after it is built and answered again while nothing it depends on
/// changed: the database (the same file, and no commit since, as SQLite's `data_version` on a kept connection
/// says) and the minute of the clock (which decides what is upcoming). Any change, and the feed is read from the
/// database again.
actor FeedCache {
    /// One feed as answered: its body, media type, validator and the database's time.
    struct Feed: Sendable {
        var body: [UInt8]
        var contentType: String
        /// ``FeedResponse/digest(_:)`` of the body.
        var digest: String
        /// When the database last changed, as its files say.
        var modified: Date?
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
        let path = path
        let task = Task {
            let body = try await bodies.body(of: route, store: store, now: now)
            return Feed(
                body: body.bytes, contentType: body.contentType, digest: FeedResponse.digest(body.bytes),
                modified: Self.modified(path))
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

    /// The later modification time of the database file and its write-ahead log, where commits land first.
    private static func modified(_ path: String) -> Date? {
        [path, path + "-wal"].compactMap {
            try? FileManager.default.attributesOfItem(atPath: $0)[.modificationDate] as? Date
        }.max()
    }
}
