import Foundation
import GRDB
import Testing

@testable import TVMImages
@testable import TVMRecords
@testable import TVMStore
@testable import TVMTerminal
@testable import TVMazeAPI

/// The SQLite response cache on a temporary file.
@Suite("HTTPCache")
struct HTTPCacheTests {
    /// A fresh folder for one test's cache file; `remove()` it at the end.
    struct Folder {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("httpcache-\(UUID().uuidString)").path
        var cacheFile: String { path + "/tvm/http.sqlite" }

        func remove() { try? FileManager.default.removeItem(atPath: path) }

        /// The names in the cache's folder.
        func files() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: path + "/tvm")) ?? []).sorted()
        }
    }

    static var now: Double { Date().timeIntervalSince1970 }

    static func response(_ text: String, fetchedAt: Double = now, maxAge: Double = 3_600) -> CachedResponse {
        CachedResponse(status: 200, body: Array(text.utf8), fetchedAt: fetchedAt, maxAge: maxAge)
    }

    /// A body of `count` bytes.
    static func body(_ count: Int) -> String { "\"" + String(repeating: "x", count: count - 2) + "\"" }

    @Test("a new cache file is in WAL mode, which later opens keep without setting it again")
    func walMode() throws {
        let folder = Folder()
        defer { folder.remove() }
        let cache = HTTPCache(path: folder.cacheFile, maxBytes: 1 << 20)
        cache.store(Self.response("1"), for: "k")
        let queue = try DatabaseQueue(path: folder.cacheFile)
        #expect(try queue.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") } == "wal")
        let again = HTTPCache(path: folder.cacheFile, maxBytes: 1 << 20)
        #expect(again.lookup("k")?.body == Array("1".utf8))
    }

    @Test("a run that wrote leaves an empty WAL, so a cached read neither recovers nor copies it again")
    func closesWithEmptyWAL() throws {
        let folder = Folder()
        defer { folder.remove() }
        func size(_ path: String) throws -> Int {
            try #require(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        }
        do {
            let writer = HTTPCache(path: folder.cacheFile, maxBytes: 1 << 20)
            for index in 0..<20 { writer.store(Self.response(Self.body(3_000)), for: "k\(index)") }
            #expect(try size(folder.cacheFile + "-wal") > 0, "the writes went to the WAL first")
        }
        #expect(try size(folder.cacheFile + "-wal") == 0)
        let database = try Data(contentsOf: URL(fileURLWithPath: folder.cacheFile))
        do {
            let reader = HTTPCache(path: folder.cacheFile, maxBytes: 1 << 20)
            #expect(reader.lookup("k7")?.body.count == 3_000)
        }
        #expect(try size(folder.cacheFile + "-wal") == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.cacheFile)) == database, "a read wrote nothing")
        // Frames another connection wrote and has not checkpointed (a run still going, or killed): the next
        // cache to close copies them and empties the WAL.
        let other = try DatabaseQueue(path: folder.cacheFile)
        try other.write { db in try db.execute(sql: "UPDATE response SET fetched_at = 1 WHERE key = 'k3'") }
        #expect(try size(folder.cacheFile + "-wal") > 0)
        do {
            let reader = HTTPCache(path: folder.cacheFile, maxBytes: 1 << 20)
            #expect(reader.lookup("k3")?.fetchedAt == 1)
        }
        #expect(try size(folder.cacheFile + "-wal") == 0)
        withExtendedLifetime(other) {}
    }

    @Test("a stored response comes back as it was stored; a miss is nil")
    func roundTrip() throws {
        let folder = Folder()
        defer { folder.remove() }
        let cache = HTTPCache(path: folder.cacheFile, maxBytes: 1 << 20)
        let stored = CachedResponse(
            status: 200, body: Array(#"{"id":1,"name":"Pokémon"}"#.utf8), fetchedAt: 1_700_000_000.25, maxAge: 120)
        cache.store(stored, for: "http://h/shows/1")
        cache.store(
            CachedResponse(status: 404, body: [], fetchedAt: 1_700_000_001, maxAge: 600), for: "http://h/shows/0")
        #expect(cache.lookup("http://h/shows/1") == stored)
        #expect(cache.lookup("http://h/shows/0")?.status == 404)
        #expect(cache.lookup("http://h/shows/0")?.body == [])
        #expect(cache.lookup("http://h/shows/2") == nil)
        // Another instance on the same file sees the same entries.
        #expect(HTTPCache(path: folder.cacheFile, maxBytes: 1 << 20).lookup("http://h/shows/1") == stored)
    }

    @Test("storing under a key again replaces the entry")
    func replace() throws {
        let folder = Folder()
        defer { folder.remove() }
        let cache = HTTPCache(path: folder.cacheFile, maxBytes: 1 << 20)
        cache.store(Self.response("[1,2,3]", fetchedAt: 1_000), for: "k")
        cache.store(Self.response("[4]", fetchedAt: 2_000, maxAge: 60), for: "k")
        #expect(cache.lookup("k") == Self.response("[4]", fetchedAt: 2_000, maxAge: 60))
        let info = try cache.info()
        #expect(info.entries == 1)
        #expect(info.bodyBytes == 3)
    }

    @Test("over the cap, the least recently stored entries are evicted first")
    func evictsOldestStored() throws {
        let folder = Folder()
        defer { folder.remove() }
        let cache = HTTPCache(path: folder.cacheFile, maxBytes: 250)
        let start = Self.now - 100
        for (index, key) in ["a", "b", "c"].enumerated() {
            cache.store(Self.response(Self.body(100), fetchedAt: start + Double(index)), for: key)
        }
        #expect(cache.lookup("a") == nil)
        #expect(cache.lookup("b") != nil)
        #expect(cache.lookup("c") != nil)
        #expect(try cache.info().bodyBytes == 200)
    }

    @Test("a lookup marks an entry used, so it outlives entries stored after it")
    func lookupMarksUsed() throws {
        let folder = Folder()
        defer { folder.remove() }
        let cache = HTTPCache(path: folder.cacheFile, maxBytes: 250)
        let start = Self.now - 100
        cache.store(Self.response(Self.body(100), fetchedAt: start), for: "a")
        cache.store(Self.response(Self.body(100), fetchedAt: start + 1), for: "b")
        #expect(cache.lookup("a") != nil)
        cache.store(Self.response(Self.body(100), fetchedAt: start + 2), for: "c")
        #expect(cache.lookup("b") == nil)
        #expect(cache.lookup("a") != nil)
        #expect(cache.lookup("c") != nil)
    }

    @Test("an entry larger than the cap is not stored, and the older copy under its key is dropped")
    func oversizedEntry() throws {
        let folder = Folder()
        defer { folder.remove() }
        let cache = HTTPCache(path: folder.cacheFile, maxBytes: 50)
        cache.store(Self.response(Self.body(20), fetchedAt: Self.now - 10), for: "small")
        cache.store(Self.response(Self.body(30), fetchedAt: Self.now - 5), for: "grows")
        #expect(try cache.info().bodyBytes == 50)
        cache.store(Self.response(Self.body(80)), for: "grows")
        #expect(cache.lookup("grows") == nil)
        #expect(cache.lookup("small")?.body.count == 20)
        #expect(try cache.info().bodyBytes == 20)
        cache.store(Self.response(Self.body(51)), for: "new")
        #expect(cache.lookup("new") == nil)
        #expect(try cache.info().entries == 1)
    }

    @Test("info counts entries, body bytes, file bytes and the fetch-time extremes")
    func info() throws {
        let folder = Folder()
        defer { folder.remove() }
        let cache = HTTPCache(path: folder.cacheFile, maxBytes: 1 << 20)
        #expect(try cache.info() == HTTPCache.Info(entries: 0, bodyBytes: 0, fileBytes: 0, oldest: nil, newest: nil))
        #expect(!FileManager.default.fileExists(atPath: folder.cacheFile))
        cache.store(Self.response("[1]", fetchedAt: 1_000), for: "a")
        cache.store(Self.response("[1,2]", fetchedAt: 3_000), for: "b")
        cache.store(Self.response("{}", fetchedAt: 2_000), for: "c")
        let info = try cache.info()
        #expect(info.entries == 3)
        #expect(info.bodyBytes == 10)
        #expect(info.fileBytes > 0)
        #expect(info.oldest == 1_000)
        #expect(info.newest == 3_000)
    }

    @Test("clear removes every entry and reports how many")
    func clear() throws {
        let folder = Folder()
        defer { folder.remove() }
        let cache = HTTPCache(path: folder.cacheFile, maxBytes: 1 << 20)
        #expect(try cache.clear() == 0)
        for key in ["a", "b", "c"] {
            cache.store(Self.response("[]"), for: key)
        }
        #expect(try cache.clear() == 3)
        #expect(try cache.info().entries == 0)
        #expect(cache.lookup("a") == nil)
        cache.store(Self.response("[]"), for: "d")
        #expect(cache.lookup("d") != nil)
    }

    @Test("a file that is not a database is set aside with a cacheReset event, and the cache goes on working")
    func corruptFileSetAside() throws {
        let folder = Folder()
        defer { folder.remove() }
        try XDGDirectories.ensure(folder.path + "/tvm")
        let garbage = Data(String(repeating: "this is not an SQLite database\n", count: 200).utf8)
        try garbage.write(to: URL(fileURLWithPath: folder.cacheFile))
        let events = EventRecorder()
        let cache = HTTPCache(path: folder.cacheFile, maxBytes: 1 << 20, onEvent: events.handler)
        #expect(cache.lookup("a") == nil)
        cache.store(Self.response("[1]"), for: "a")
        #expect(cache.lookup("a")?.body == Array("[1]".utf8))
        #expect(events.cacheResets.count == 1)
        let detail = try #require(events.cacheResets.first)
        #expect(detail.contains(folder.cacheFile))
        #expect(detail.contains("moved it to"))
        let aside = try #require(folder.files().first { $0.hasPrefix("http.sqlite.corrupt-") })
        #expect(FileManager.default.contents(atPath: folder.path + "/tvm/" + aside) == garbage)
        #expect(try cache.info().entries == 1)
    }

    @Test("a folder that cannot hold the file turns the cache off with one event, and nothing fails")
    func unusableFolderDisables() throws {
        let folder = Folder()
        defer { folder.remove() }
        try XDGDirectories.ensure(folder.path)
        #expect(FileManager.default.createFile(atPath: folder.path + "/tvm", contents: Data("file".utf8)))
        let events = EventRecorder()
        let cache = HTTPCache(path: folder.cacheFile, maxBytes: 1 << 20, onEvent: events.handler)
        cache.store(Self.response("[1]"), for: "a")
        #expect(cache.lookup("a") == nil)
        cache.store(Self.response("[2]"), for: "b")
        #expect(events.cacheResets.count == 1)
        #expect(events.cacheResets.first?.contains("caching is off for this run") == true)
    }

    @Test("two instances on one file, used from many tasks at once, lose nothing and reset nothing")
    func concurrentInstances() async throws {
        // Several rounds, each on a new file, so that the two instances also race to create it.
        for _ in 0..<3 {
            let folder = Folder()
            defer { folder.remove() }
            defer { folder.remove() }
            let events = EventRecorder()
            let caches = (0..<2).map { _ in
                HTTPCache(path: folder.cacheFile, maxBytes: 1 << 20, onEvent: events.handler)
            }
            await withTaskGroup(of: Void.self) { group in
                for index in 0..<40 {
                    group.addTask {
                        let cache = caches[index % 2]
                        cache.store(Self.response("[\(index)]"), for: "key-\(index)")
                        cache.store(Self.response("[\(index)]"), for: "shared")
                        _ = cache.lookup("key-\((index + 1) % 40)")
                        _ = cache.lookup("shared")
                    }
                }
            }
            #expect(events.events.isEmpty)
            #expect(folder.files().allSatisfy { !$0.contains("corrupt") })
            for cache in caches {
                for index in 0..<40 {
                    #expect(cache.lookup("key-\(index)")?.body == Array("[\(index)]".utf8))
                }
            }
            #expect(try caches[0].info().entries == 41)
        }
    }

    /// Runs `body(0..<count)` on that many Dispatch threads at once and waits for all without blocking a task's
    /// thread (SQLite blocks; the cooperative pool has only as many threads as cores).
    static func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) async {
        let group = DispatchGroup()
        for index in 0..<count {
            DispatchQueue.global().async(group: group) { body(index) }
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            group.notify(queue: .global()) { continuation.resume() }
        }
    }

    // Regression: when several processes created the file at once, (1) the migrator, which checks what is applied
    // before taking the write lock, failed in the slower one with "table already exists", which took the new file
    // for a corrupt one and moved it aside (the others then failed with "disk I/O error"); (2) switching the new
    // file to WAL mode failed with "database is locked" (SQLite does not wait there), turning the cache off.
    @Test("caches that create a new file at the same moment all use it, and set nothing aside")
    func newFileCreatedAtOnce() async throws {
        for _ in 0..<100 {
            let folder = Folder()
            defer { folder.remove() }
            let events = EventRecorder()
            let caches = (0..<4).map { _ in
                HTTPCache(path: folder.cacheFile, maxBytes: 1 << 20, onEvent: events.handler)
            }
            await Self.onThreads(4) { index in caches[index].store(Self.response("[\(index)]"), for: "k\(index)") }
            #expect(events.cacheResets == [])
            #expect(folder.files().filter { $0.contains("corrupt") } == [])
            #expect(try caches[0].info().entries == 4)
            if !events.cacheResets.isEmpty { break }
        }
    }
}
