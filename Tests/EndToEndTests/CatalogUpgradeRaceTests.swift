import Foundation
import Testing

/// Two processes that open the same catalogue of the first schema at once: both search it.
@Suite("regressions: an older catalogue opened by two processes at once")
struct CatalogUpgradeRaceTests {
    // Regression: two `tvm-search --local` started together on a catalogue without v2-prefix-index both rebuilt
    // its index; the one that waited for the write lock then failed, "index show_popularity already exists" (74).
    @Test("two searches that upgrade the same older catalogue at once both answer (0), and the index is made once")
    func twoSearchesUpgradeAtOnce() async throws {
        try await withReplay { _, sandbox in
            let sync = try await sandbox.run("tvm-fetch", ["catalog", "sync"])
            #expect(sync.status == 0, "\(sync.stderr)")
            let path = sandbox.catalog.path
            let expected = try await sandbox.run("tvm-search", ["--local", "girls", "--jq", ".id"])
            #expect(expected.status == 0)
            #expect(expected.stdout.split(separator: "\n").first == "139")
            for round in 1...5 {
                // Back to the first schema: no prefix indexes, no popularity index, the migration not applied.
                _ = try await sqlite(
                    path,
                    """
                    DELETE FROM grdb_migrations WHERE identifier = 'v2-prefix-index';
                    DROP INDEX show_popularity;
                    DROP TABLE show_search;
                    CREATE VIRTUAL TABLE show_search USING fts5(
                        name, genres, channel, summary, content='', tokenize='unicode61 remove_diacritics 2');
                    """)
                async let first = sandbox.run("tvm-search", ["--local", "girls", "--jq", ".id"])
                async let second = sandbox.run("tvm-search", ["--local", "girls", "--jq", ".id"])
                for result in try await [first, second] {
                    #expect(result.status == 0, "round \(round): \(result.stderr)")
                    #expect(result.stdout == expected.stdout, "round \(round)")
                }
                let applied = try await sqlite(
                    path, "SELECT count(*) FROM grdb_migrations WHERE identifier = 'v2-prefix-index'")
                #expect(applied.trimmingCharacters(in: .whitespacesAndNewlines) == "1")
            }
        }
    }
}
