import Foundation
import ReplayServer
import Testing

@testable import FavoriteCommands

/// `tvm-fav serve` keeps each feed it built and answers it again while the database and the minute are unchanged;
/// a change made by another process (`tvm-fav add`, `tvm-fav watch`) is read at the next request. Each test counts
/// the builds of its own ``FeedCache``.
@Suite("tvm-fav serve's kept feeds")
struct ServeCacheTests {
    static let now = try! Date(WatchCommandTests.now, strategy: .iso8601)

    func text(_ feed: FeedCache.Feed) -> String { String(decoding: feed.body, as: UTF8.self) }

    /// The feeds of the sandbox's favorites, a calendar of 7 days.
    static func feeds(_ sandbox: Sandbox) -> FeedCache {
        FeedCache(path: sandbox.favoritesDatabase.path, lockTimeout: 5, bodies: FeedBodies(days: 7))
    }

    @Test("an unchanged database is answered from the kept feed; another process's add and watch are read next time")
    func keptUntilAnotherProcessChangesIt() async throws {
        try await withReplay { _, sandbox in
            sandbox.extraEnvironment["TVM_NOW"] = WatchCommandTests.now
            #expect(try await sandbox.runInProcess("tvm-fav", ["add", "1"]).status == 0)
            let feeds = Self.feeds(sandbox)
            let first = try await feeds.feed(.calendar, now: Self.now)
            #expect(!text(first).contains("Outlander"))
            #expect(await feeds.builds == 1)
            // Same database, same minute: the kept bytes, not a second build.
            let again = try await feeds.feed(.calendar, now: Self.now.addingTimeInterval(30))
            #expect(again.body == first.body)
            #expect(again.digest == first.digest)
            #expect(await feeds.builds == 1)

            // Another process adds Outlander, whose S04E12 airs on 2019-01-21.
            let added = try await sandbox.run("tvm-fav", ["add", "43"])
            #expect(added.status == 0, "\(added.stderr)")
            let afterAdd = try await feeds.feed(.calendar, now: Self.now.addingTimeInterval(30))
            #expect(await feeds.builds == 2)
            #expect(text(afterAdd).contains("SUMMARY:Outlander S04E12"), "\(text(afterAdd))")
            #expect(afterAdd.digest != first.digest)

            // The same for up next, and another process's watch.
            let next = try await feeds.feed(.next, now: Self.now)
            #expect(try await feeds.feed(.next, now: Self.now).body == next.body)
            #expect(await feeds.builds == 3)
            let watched = try await sandbox.run("tvm-fav", ["watch", "1"])
            #expect(watched.status == 0, "\(watched.stderr)")
            let afterWatch = try await feeds.feed(.next, now: Self.now)
            #expect(await feeds.builds == 4)
            #expect(afterWatch.body != next.body)

            // Any commit counts: the calendar is read again after the watch (the same events), then kept; the next
            // minute reads it again.
            #expect(try await feeds.feed(.calendar, now: Self.now.addingTimeInterval(30)).body == afterAdd.body)
            #expect(await feeds.builds == 5)
            #expect(try await feeds.feed(.calendar, now: Self.now.addingTimeInterval(59)).body == afterAdd.body)
            #expect(await feeds.builds == 5)
            _ = try await feeds.feed(.calendar, now: Self.now.addingTimeInterval(60))
            #expect(await feeds.builds == 6)
        }
    }

    @Test("a rebuild that says the same, its DTSTAMP aside, answers the kept feed: ETag and Last-Modified stay")
    func sameContentKeepsValidators() async throws {
        try await withReplay { _, sandbox in
            sandbox.extraEnvironment["TVM_NOW"] = WatchCommandTests.now
            // Outlander: S04E12 airs 2019-01-21 01:00 UTC, S04E13 a week later.
            #expect(try await sandbox.runInProcess("tvm-fav", ["add", "43"]).status == 0)
            let feeds = Self.feeds(sandbox)
            let first = try await feeds.feed(.calendar, now: Self.now)
            #expect(text(first).contains("SUMMARY:Outlander S04E12"))
            #expect(first.modified == Self.now)

            // A day later the window holds the same episode: built again (its DTSTAMP is new), answered as kept.
            let dayLater = Self.now.addingTimeInterval(86_400)
            let same = try await feeds.feed(.calendar, now: dayLater)
            #expect(await feeds.builds == 2)
            #expect(same.body == first.body)
            #expect(same.digest == first.digest)
            #expect(same.modified == Self.now)

            // Once S04E12 has aired, S04E13 is in the window: a new feed, modified at that build.
            let afterAiring = try Date("2019-01-21T02:00:00Z", strategy: .iso8601)
            let moved = try await feeds.feed(.calendar, now: afterAiring)
            #expect(text(moved).contains("SUMMARY:Outlander S04E13"), "\(text(moved))")
            #expect(!text(moved).contains("S04E12"))
            #expect(moved.digest != first.digest)
            #expect(moved.modified == afterAiring)
        }
    }

    @Test("a database made after serve started, or made again, is read; none at all is an empty calendar")
    func databaseMadeLater() async throws {
        try await withReplay { _, sandbox in
            sandbox.extraEnvironment["TVM_NOW"] = WatchCommandTests.now
            let feeds = Self.feeds(sandbox)
            let empty = try await feeds.feed(.calendar, now: Self.now)
            #expect(!text(empty).contains("BEGIN:VEVENT"))
            #expect(try await sandbox.run("tvm-fav", ["add", "43"]).status == 0)
            #expect(text(try await feeds.feed(.calendar, now: Self.now)).contains("SUMMARY:Outlander S04E12"))
            // Replaced by a new file (a restore): read from the new one.
            let database = sandbox.favoritesDatabase.path
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: database + suffix) }
            #expect(try await sandbox.run("tvm-fav", ["add", "1"]).status == 0)
            let replaced = try await feeds.feed(.calendar, now: Self.now)
            #expect(!text(replaced).contains("Outlander"))
            #expect(await feeds.builds == 3)
        }
    }
}
