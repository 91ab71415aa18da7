import Foundation
import Testing

@testable import TVMImages
@testable import TVMRecords
@testable import TVMStore
@testable import TVMTerminal
@testable import TVMazeAPI

@Suite("The image cache on disk: names, atomic stores, LRU pruning")
struct ImageCacheTests {
    let root: String
    let cache: ImageCache

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("tvm-images-\(UUID().uuidString)").path
        cache = ImageCache(directory: root + "/images")
        try cache.prepare()
    }

    /// A JPEG-shaped body of `size` bytes: the start marker, the tag, zeros, the end marker.
    static func jpeg(_ tag: String, size: Int = 100) -> [UInt8] {
        let body = [0xFF, 0xD8, 0xFF, 0xE0] + Array(tag.utf8)
        return body + [UInt8](repeating: 0, count: max(0, size - body.count - 2)) + [0xFF, 0xD9]
    }

    /// A PNG-shaped body: the signature, some bytes, the IEND chunk.
    static let png: [UInt8] =
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 7, count: 10)
        + [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]

    func files() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: cache.directory).sorted()
    }

    func setLastUse(_ path: String, secondsAgo: Double) throws {
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -secondsAgo)], ofItemAtPath: path)
    }

    @Test("an image is stored under the SHA-256 of its URL with the extension of its signature, nothing else left")
    func storesUnderHashName() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let url = "https://static.tvmaze.com/uploads/images/medium_portrait/0/1.jpg"
        let path = try cache.store(Self.jpeg("one"), for: url)
        #expect(path == cache.directory + "/" + SHA256.hexDigest(of: url) + ".jpg")
        #expect(try files() == [SHA256.hexDigest(of: url) + ".jpg"])
        #expect(FileManager.default.contents(atPath: path).map(Array.init) == Self.jpeg("one"))
        let pngPath = try cache.store(Self.png, for: "https://example.com/a.jpg")
        #expect(pngPath.hasSuffix(SHA256.hexDigest(of: "https://example.com/a.jpg") + ".png"))
        #expect(cache.cachedFile(for: "https://example.com/a.jpg") == pngPath)
    }

    @Test("a URL's path never names the file, so ../ cannot leave the folder")
    func urlPathCannotEscape() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let url = "https://example.com/uploads/../../../../etc/passwd.jpg"
        let path = try cache.store(Self.jpeg("evil"), for: url)
        #expect((path as NSString).deletingLastPathComponent == cache.directory)
        #expect(!path.contains("passwd"))
    }

    @Test("something that is not an image is refused and leaves no file, not even a temporary one")
    func refusesNonImages() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(throws: ImageCacheError.notAnImage(url: "https://x/y")) {
            try cache.store(Array("<!DOCTYPE html><p>sign in</p>".utf8), for: "https://x/y")
        }
        #expect(try files().isEmpty)
        #expect(cache.cachedFile(for: "https://x/y") == nil)
    }

    @Test("a store that cannot write reports the path and leaves nothing behind")
    func failedWriteLeavesNothing() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let missing = ImageCache(directory: root + "/not-there")
        #expect(throws: ImageCacheError.self) { try missing.store(Self.jpeg("x"), for: "https://x/1") }
        #expect(!FileManager.default.fileExists(atPath: root + "/not-there"))
    }

    @Test("serving a cached image marks it as just used; an empty file is not a cached image")
    func servingTouches() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = try cache.store(Self.jpeg("old"), for: "https://x/old")
        try setLastUse(path, secondsAgo: 86_400)
        #expect(cache.cachedFile(for: "https://x/old") == path)
        let entry = try #require(try cache.entries().first)
        #expect(abs(entry.lastUsed - Date().timeIntervalSince1970) < 60)
        _ = FileManager.default.createFile(atPath: cache.path(for: "https://x/empty", format: .jpeg), contents: Data())
        #expect(cache.cachedFile(for: "https://x/empty") == nil)
    }

    @Test("prune evicts the least recently used images until the cache fits, and counts what it removed")
    func prunesLeastRecentlyUsed() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        var paths: [String: String] = [:]
        for (name, age) in [("a", 400.0), ("b", 300.0), ("c", 200.0), ("d", 100.0)] {
            paths[name] = try cache.store(Self.jpeg(name, size: 1000), for: "https://x/\(name)")
            try setLastUse(paths[name]!, secondsAgo: age)
        }
        // Serving "a" makes it the most recent, so "b" and "c" go first.
        #expect(cache.cachedFile(for: "https://x/a") != nil)
        #expect(try cache.usage() == ImageCacheUsage(files: 4, bytes: 4000))
        let removed = try cache.prune(maxBytes: 2500)
        #expect(removed == ImageCacheUsage(files: 2, bytes: 2000))
        #expect(cache.cachedFile(for: "https://x/a") != nil)
        #expect(cache.cachedFile(for: "https://x/b") == nil)
        #expect(cache.cachedFile(for: "https://x/c") == nil)
        #expect(cache.cachedFile(for: "https://x/d") != nil)
        #expect(try cache.prune(maxBytes: 2000) == ImageCacheUsage())
        #expect(try cache.prune(maxBytes: 0) == ImageCacheUsage(files: 2, bytes: 2000))
        #expect(try files().isEmpty)
    }

    @Test("an image served after prune listed the cache is kept, and the next oldest goes in its place")
    func pruneKeepsWhatIsUsedMeanwhile() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        for (name, age) in [("a", 300.0), ("b", 200.0), ("c", 100.0)] {
            try setLastUse(try cache.store(Self.jpeg(name, size: 1000), for: "https://x/\(name)"), secondsAgo: age)
        }
        let listed = try cache.entries()
        // Another tvm-img serves "a" (and prints its path) after the listing, before the eviction.
        #expect(cache.cachedFile(for: "https://x/a") != nil)
        let removed = try cache.prune(
            listed: listed, temporaries: [], maxBytes: 1500, now: Date().timeIntervalSince1970)
        #expect(removed == ImageCacheUsage(files: 2, bytes: 2000))
        #expect(cache.cachedFile(for: "https://x/a") != nil)
        #expect(cache.cachedFile(for: "https://x/b") == nil)
        #expect(cache.cachedFile(for: "https://x/c") == nil)
    }

    /// A temporary file's name, `.<sha256>.<pid>-<random>.tmp`, as a download of process `pid` names it.
    private func temporary(_ stem: String, pid: Int32) -> String {
        cache.directory + "/.\(stem).\(pid)-ff.tmp"
    }

    /// A process id no process has: past Linux's largest.
    private static let deadPID: Int32 = 2_147_483_646

    @Test("prune removes the temporary files of dead or stale downloads, not of running ones; nor other files")
    func pruneCleansLeftovers() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let stale = temporary("abc", pid: getpid())
        let running = temporary("def", pid: getpid())
        let orphan = temporary("fed", pid: Self.deadPID)
        let foreign = cache.directory + "/notes.txt"
        for path in [stale, running, orphan, foreign] {
            _ = FileManager.default.createFile(atPath: path, contents: Data([1, 2, 3]))
        }
        try setLastUse(stale, secondsAgo: 2 * ImageCache.staleTemporaryAge)
        #expect(try cache.usage() == ImageCacheUsage())
        #expect(try cache.prune(maxBytes: 1000) == ImageCacheUsage())
        #expect(try files() == [".def.\(getpid())-ff.tmp", "notes.txt"])
    }

    // Regression: clear removed the temporary files of another tvm-img's downloads, which then failed.
    @Test("clear removes every image and temporary file but running downloads'; a missing folder is an empty cache")
    func clearsEverything() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        _ = try cache.store(Self.jpeg("1"), for: "https://x/1")
        _ = try cache.store(Self.jpeg("2"), for: "https://x/2")
        for path in [temporary("a", pid: Self.deadPID), temporary("b", pid: getpid())] {
            _ = FileManager.default.createFile(atPath: path, contents: Data([1]))
        }
        #expect(try cache.clear() == ImageCacheUsage(files: 2, bytes: 200))
        #expect(try files() == [".b.\(getpid())-ff.tmp"])
        #expect(try ImageCache(directory: root + "/never-made").usage() == ImageCacheUsage())
    }
}
