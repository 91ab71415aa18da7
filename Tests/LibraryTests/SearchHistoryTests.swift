import Foundation
import Testing

@testable import TVMImages
@testable import TVMRecords
@testable import TVMStore
@testable import TVMTerminal
@testable import TVMazeAPI

@Suite("SearchHistory file")
struct SearchHistoryTests {
    /// A fresh state folder under the temporary directory, removed when the test ends.
    final class Folder: Sendable {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tvm-history-\(UUID().uuidString)")
            .appendingPathComponent("tvm").path

        deinit {
            try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent)
        }
    }

    private func query(_ text: String) throws -> SearchQuery {
        try #require(SearchQuery(text))
    }

    @Test("a missing file is an empty history, and nothing is created by reading")
    func emptyWhenMissing() throws {
        let folder = Folder()
        #expect(try SearchHistory(directory: folder.path).entries().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }

    @Test("searches are listed most recent first, with their times to the second")
    func order() throws {
        let folder = Folder()
        let history = SearchHistory(directory: folder.path)
        try history.record(query("girls"), at: Date(timeIntervalSince1970: 1_700_000_000.75))
        try history.record(query("squid game"), at: Date(timeIntervalSince1970: 1_700_000_100))
        let entries = try history.entries()
        #expect(entries.map(\.query) == ["squid game", "girls"])
        #expect(entries.map(\.at.timeIntervalSince1970) == [1_700_000_100, 1_700_000_000])
        let file = try String(contentsOfFile: history.path, encoding: .utf8)
        #expect(
            file == """
                {"query":"squid game","at":"2023-11-14T22:15:00Z"}
                {"query":"girls","at":"2023-11-14T22:13:20Z"}

                """)
    }

    @Test("repeating a search moves it to the top with its latest spelling, never listing it twice")
    func deduplicates() throws {
        let folder = Folder()
        let history = SearchHistory(directory: folder.path)
        for text in ["girls", "squid game", "Pokémon", "GIRLS", "squid   game"] {
            try history.record(query(text))
        }
        #expect(try history.entries().map(\.query) == ["squid game", "GIRLS", "Pokémon"])
    }

    @Test("only the last 10 searches are kept")
    func limit() throws {
        let folder = Folder()
        let history = SearchHistory(directory: folder.path)
        for number in 1...12 {
            try history.record(query("show \(number)"))
        }
        #expect(try history.entries().map(\.query) == (3...12).reversed().map { "show \($0)" })
        let lines = try String(contentsOfFile: history.path, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 10)
        #expect(try SearchHistory(directory: folder.path, limit: 3).entries().count == 3)
    }

    @Test("clear empties the history; clearing an empty history is fine")
    func clear() throws {
        let folder = Folder()
        let history = SearchHistory(directory: folder.path)
        try history.clear()
        try history.record(query("girls"))
        try history.clear()
        #expect(try history.entries().isEmpty)
        try history.record(query("squid game"))
        #expect(try history.entries().map(\.query) == ["squid game"])
    }

    @Test("lines that are not entries, and repeats, are skipped when reading")
    func toleratesEditedFile() throws {
        let folder = Folder()
        try XDGDirectories.ensure(folder.path)
        let history = SearchHistory(directory: folder.path)
        let text = """
            {"query":"girls","at":"2024-05-01T12:00:00Z"}
            not json
            {"query":"no time"}
            {"query":"Girls","at":"2024-04-01T12:00:00Z"}
            {"query":"squid game","at":"yesterday"}
            {"query":"squid game","at":"2024-03-01T12:00:00Z","extra":1}
            """
        try text.write(toFile: history.path, atomically: true, encoding: .utf8)
        #expect(try history.entries().map(\.query) == ["girls", "squid game"])
        try history.record(query("lost"))
        #expect(try history.entries().map(\.query) == ["lost", "girls", "squid game"])
    }

    @Test("an entry's JSON form round-trips and escapes the query")
    func entryJSON() throws {
        let entry = SearchHistoryEntry(query: #"say "hi" \ Kröd"#, at: Date(timeIntervalSince1970: 0))
        let json = String(decoding: entry.json, as: UTF8.self)
        #expect(json == #"{"query":"say \"hi\" \\ Kröd","at":"1970-01-01T00:00:00Z"}"#)
        #expect(try SearchHistoryEntry(json: entry.json) == entry)
        #expect(throws: SearchHistoryError.self) { try SearchHistoryEntry(json: Array(#"{"query":1,"at":"x"}"#.utf8)) }
    }

    @Test("a state folder that cannot be created is a clear error")
    func unusableFolder() throws {
        let folder = Folder()
        let parent = (folder.path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        try "a file, not a folder".write(toFile: folder.path, atomically: true, encoding: .utf8)
        let history = SearchHistory(directory: folder.path)
        #expect(throws: SearchHistoryError.self) { try history.record(query("girls")) }
        do {
            try history.record(query("girls"))
        } catch {
            #expect(error.localizedDescription.contains(folder.path))
        }
    }

    @Test("writers on many threads at once lose no search and leave no temporary files")
    func concurrentWriters() throws {
        let folder = Folder()
        let count = 40
        let failures = Failures()
        DispatchQueue.concurrentPerform(iterations: count) { number in
            // Each writer has its own value, as separate processes would: the lock file serialises them.
            do {
                try SearchHistory(directory: folder.path, limit: 100).record(SearchQuery("show \(number)")!)
            } catch {
                failures.add(error)
            }
        }
        #expect(failures.all.isEmpty)
        let entries = try SearchHistory(directory: folder.path, limit: 100).entries()
        #expect(Set(entries.map(\.query)) == Set((0..<count).map { "show \($0)" }))
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(files == [SearchHistory.fileName, SearchHistory.lockFileName])
    }
}

/// Errors collected from several threads.
private final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var errors: [any Error] = []

    func add(_ error: any Error) {
        lock.withLock { errors.append(error) }
    }

    var all: [any Error] { lock.withLock { errors } }
}
