import GRDB

extension CatalogStore {
    /// The schema, as named migrations applied in order; never edit one that has shipped, add a new one.
    ///
    /// - `v1-catalog`:
    ///   - `show`: the columns filters and sorts read (``CatalogShow``), one row per show;
    ///   - `show_record`: the show's JSON as TVMaze sent it (``CatalogRecord``), apart so that scans of `show`
    ///     never read records;
    ///   - `show_search`: an FTS5 index over name, genres, network or web channel, and the summary as plain
    ///     text. Contentless (`content=''`): the text is not stored twice, so a row is deleted by giving FTS5
    ///     its old values again, derived from the old record (see ``CatalogEntry``). Diacritics are removed
    ///     (`remove_diacritics 2`: `pokemon` finds Pokémon); the default rank is bm25 with the name weighing
    ///     ten times the summary, genres and channel three times;
    ///   - `sync_state`: one row: the last complete sync, and the next page of a first (or `--full`) sync that
    ///     is under way, so that an interrupted one goes on where it stopped;
    ///   - `pending_page`: index pages that failed and are fetched again by the next sync.
    /// - `v2-prefix-index`: `show_search` is made again with prefix indexes of one to three characters, and every
    ///   stored show indexed anew: a short prefix (`a`, `th`) then reads one list instead of merging the lists of
    ///   every word it begins. Matches and ranks are unchanged. `show_popularity` orders the shows as a browse does,
    ///   and lets a search that matches most of the catalogue walk them from the most popular.
    /// - `v3-name-index`: `show_name`, a contentless FTS5 index of the name alone (no positions, no sizes), read to
    ///   find the shows with every word in their name; `show_search`'s name column holds the same words among every
    ///   other column's, and a short prefix there reads them all. `show_popularity` also holds every column a filter
    ///   reads, so that a filtered walk from the most popular never reads the table.
    /// - `v4-removal-candidate`: `removal_candidate`, the stored shows a first or `--full` sync under way found
    ///   missing from their index page; they are removed together when the walk ends, or not at all.
    public static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-catalog") { db in
            try db.create(table: CatalogShow.databaseTableName) { table in
                table.primaryKey("id", .integer)
                table.column("name", .text).notNull()
                table.column("name_words", .integer).notNull()
                table.column("type", .text)
                table.column("language", .text)
                table.column("status", .text)
                table.column("genres", .text).notNull()
                table.column("channel", .text)
                table.column("country", .text)
                table.column("rating", .double)
                table.column("weight", .integer).notNull()
                table.column("premiered", .text)
                table.column("updated", .integer).notNull()
            }
            try db.create(table: CatalogRecord.databaseTableName) { table in
                table.primaryKey("id", .integer)
                table.column("record", .text).notNull()
            }
            try createSearchIndex(db, prefixes: false)
            try db.create(table: CatalogSyncState.databaseTableName) { table in
                table.primaryKey("id", .integer).check { $0 == 1 }
                table.column("last_sync", .double)
                table.column("full_next_page", .integer)
                table.column("full_started_at", .double)
            }
            try db.create(table: PendingPage.databaseTableName) { table in
                table.primaryKey("page", .integer)
                table.column("reason", .text).notNull()
            }
        }
        migrator.registerMigration(prefixIndexMigration) { db in
            try db.execute(sql: "CREATE INDEX show_popularity ON show(weight DESC, id)")
            try db.execute(sql: "DROP TABLE show_search")
            try createSearchIndex(db, prefixes: true)
            let records = try CatalogRecord.fetchCursor(db)
            while let record = try records.next() {
                // A record that no longer parses stays out of the index, as it was kept out of it when deleted.
                guard let entry = try? CatalogEntry(json: Array(record.record.utf8)) else { continue }
                try indexText(id: record.id, entry.searchText, db)
            }
        }
        migrator.registerMigration(nameIndexMigration) { db in
            try db.execute(
                sql: """
                    CREATE VIRTUAL TABLE show_name USING fts5(
                        name, content='', detail=none, columnsize=0, \(tokenizer), prefix='1 2 3');
                    INSERT INTO show_name(rowid, name) SELECT id, name FROM show;
                    DROP INDEX show_popularity;
                    CREATE INDEX show_popularity ON show(
                        weight DESC, id, genres, status, language, type, channel, country, rating, premiered);
                    """)
        }
        migrator.registerMigration(removalMigration) { db in
            try db.execute(sql: "CREATE TABLE removal_candidate (id INTEGER PRIMARY KEY)")
        }
        return migrator
    }

    /// The migration that adds the shows a full sync is to remove.
    static let removalMigration = "v4-removal-candidate"

    /// The migration that rebuilds the full-text index, which takes a while on a full catalogue.
    static let prefixIndexMigration = "v2-prefix-index"

    /// The migration that adds the index of names.
    static let nameIndexMigration = "v3-name-index"

    /// The tokenizer of both full-text indexes: words of letters and digits, case and accents ignored.
    private static let tokenizer = "tokenize='unicode61 remove_diacritics 2'"

    /// Creates `show_search`: name, genres, channel and summary, contentless, diacritics removed, ranked by bm25
    /// with the name weighing most.
    private static func createSearchIndex(_ db: Database, prefixes: Bool) throws {
        let options = "content='', \(tokenizer)" + (prefixes ? ", prefix='1 2 3'" : "")
        try db.execute(
            sql: """
                CREATE VIRTUAL TABLE show_search USING fts5(name, genres, channel, summary, \(options));
                INSERT INTO show_search(show_search, rank) VALUES('rank', 'bm25(10.0, 3.0, 3.0, 1.0)');
                """)
    }

    /// Adds a show's text to the full-text indexes.
    static func index(id: Int, _ text: CatalogEntry.SearchText, _ db: Database) throws {
        try indexText(id: id, text, db)
        try db.execute(sql: "INSERT INTO show_name(rowid, name) VALUES (?, ?)", arguments: [id, text.name])
    }

    /// Adds a show's text to `show_search` alone, as the first two schemas did.
    static func indexText(id: Int, _ text: CatalogEntry.SearchText, _ db: Database) throws {
        try db.execute(
            sql: "INSERT INTO show_search(rowid, name, genres, channel, summary) VALUES (?, ?, ?, ?, ?)",
            arguments: [id, text.name, text.genres, text.channel, text.summary])
    }
}
