import Foundation
import Testing

/// Two processes that open the same catalogue of the first schema at once: both search it.
@Suite("regressions: an older catalogue opened by two processes at once")
struct CatalogUpgradeRaceTests {
    // Regression: two `tvm-search --local` started together on a catalogue without v2-prefix-index both rebuilt
    // its index; the one that waited for the write lock then failed, "index show_popularity already exists" (74).
    // The same holds for a catalogue of the second schema, which both upgrade to v3-name-index.
    @Test("two searches that upgrade the same older catalogue at once both answer (0), and the index is made once")
    func twoSearchesUpgradeAtOnce() async throws {
        try await withReplay { _, sandbox in
            let sync = try await sandbox.run("tvm-fetch", ["catalog", "sync"])
            #expect(sync.status == 0, "\(sync.stderr)")
            let path = sandbox.catalog.path
            let expected = try await sandbox.run("tvm-search", ["--local", "girls", "--jq", ".id"])
            #expect(expected.status == 0)
            #expect(expected.stdout.split(separator: "\n").first == "139")
            for round in 1...6 {
                // Back to the second schema (no name index, the narrow popularity index), or, every other round,
                // to the first: no prefix indexes, no popularity index, neither migration applied.
                _ = try await sqlite(
                    path,
                    """
                    DELETE FROM grdb_migrations WHERE identifier = 'v3-name-index';
                    DROP TABLE show_name;
                    DROP INDEX show_popularity;
                    """
                        + (round.isMultiple(of: 2)
                            ? "CREATE INDEX show_popularity ON show(weight DESC, id);"
                            : """
                            DELETE FROM grdb_migrations WHERE identifier = 'v2-prefix-index';
                            DROP TABLE show_search;
                            CREATE VIRTUAL TABLE show_search USING fts5(
                                name, genres, channel, summary, content='', tokenize='unicode61 remove_diacritics 2');
                            """))
                async let first = sandbox.run("tvm-search", ["--local", "girls", "--jq", ".id"])
                async let second = sandbox.run("tvm-search", ["--local", "girls", "--jq", ".id"])
                for result in try await [first, second] {
                    #expect(result.status == 0, "round \(round): \(result.stderr)")
                    #expect(result.stdout == expected.stdout, "round \(round)")
                }
                let applied = try await sqlite(
                    path,
                    "SELECT group_concat(identifier) FROM grdb_migrations WHERE identifier IN "
                        + "('v2-prefix-index', 'v3-name-index')")
                #expect(applied.trimmingCharacters(in: .whitespacesAndNewlines) == "v2-prefix-index,v3-name-index")
            }
        }
    }
}
