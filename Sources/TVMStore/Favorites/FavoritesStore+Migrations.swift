import GRDB
import TVMRecords

extension FavoritesStore {
    /// The schema, as named migrations applied in order; never edit one that has shipped, add a new one.
    ///
    /// - `v1-favorite`: the `favorite` table. `id` is the TVMaze show id (the primary key, so re-adding a show
    ///   updates its row); `record` holds the show as compact JSON text and must be valid JSON; `added_at` and
    ///   `updated_at` are UTC timestamps (`YYYY-MM-DD HH:MM:SS.SSS`); `position` orders favorites as saved.
    /// - `v2-episodes-and-marks`: the `episode` table (each favorite's episodes, ``StoredEpisode``,
    ///   deleted with the favorite), the `watched` table (``WatchMark``: episode id, show id, watched at; no
    ///   foreign key, so that no deletion ever takes a mark along), and `favorite.episodes_at`, when the show's
    ///   episode list was last stored (`NULL`: never, as for every favorite saved before this migration).
    /// - `v3-changes`: the `change_event` table (``ChangeRecord``: what `tvm-fav refresh` saw change,
    ///   appended in the transaction that saves what it fetched, with `seen_at` for `tvm-fav changes --mark-seen`),
    ///   the `season_seen` table (the seen marks of `season_complete`, an event derived when read), and
    ///   `favorite.checked_at`, when a refresh last knew the show up to date (`NULL`: never; such a show is
    ///   fetched whole by the next refresh).
    /// - `v4-episode-order`: the index that covers `tvm-fav next` becomes `episode_order`, in viewing order
    ///   (`show_id, regular, season, number, position`, then `airs_at`), so that the first unwatched episode of a
    ///   show is found by walking its episodes in order instead of sorting them.
    /// - `v5-episode-window`: the index `episode_window` (`show_id, airs_at`), so that a show's episodes
    ///   airing in a window (`tvm-episodes --upcoming` from the database) are found without reading the show's
    ///   other rows.
    /// - `v6-optional-watched-at`: `watched.watched_at` may be `NULL`, for a mark whose time is unknown
    ///   (an imported history that says an episode was watched, not when). SQLite cannot drop a `NOT NULL`, so the
    ///   table is rebuilt with its rows and its index `watched_show`.
    /// - `v7-account` (issue 26): what syncing with a TVMaze account needs. `account_ledger` (``AccountLedgerEntry``:
    ///   the marks TVMaze confirmed having, so a push sends only the rest), `account_unmark` (``AccountUnmark``:
    ///   local unmarks of marks TVMaze has, written by the trigger `account_unmark_record` when such a mark is
    ///   deleted and dropped by `account_unmark_cancel` when the episode is marked again), `account_other_mark`
    ///   (``AccountOtherMark``: acquired and skipped marks, which never count as watched), and `account_state`
    ///   (name and value: the username the ledger belongs to, the times of the last push and pull).
    public static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-favorite") { db in
            try db.create(table: Favorite.databaseTableName) { table in
                table.primaryKey("id", .integer)
                table.column("name", .text).notNull()
                table.column("record", .text).notNull().check(sql: "json_valid(record)")
                table.column("added_at", .datetime).notNull()
                table.column("updated_at", .datetime).notNull()
                table.column("position", .integer).notNull().unique()
            }
        }
        migrator.registerMigration("v2-episodes-and-marks") { db in
            try db.alter(table: Favorite.databaseTableName) { table in
                table.add(column: "episodes_at", .datetime)
            }
            try db.create(table: StoredEpisode.databaseTableName) { table in
                table.primaryKey("id", .integer)
                table.column("show_id", .integer).notNull()
                    .references(Favorite.databaseTableName, onDelete: .cascade)
                table.column("position", .integer).notNull()
                table.column("season", .integer)
                table.column("number", .integer)
                table.column("type", .text)
                table.column("regular", .boolean).notNull()
                table.column("name", .text)
                table.column("airdate", .text)
                table.column("airtime", .text)
                table.column("airstamp", .text)
                table.column("airs_at", .integer)
                table.column("runtime", .integer)
                table.column("record", .text).notNull().check(sql: "json_valid(record)")
            }
            try db.create(index: "episode_show", on: StoredEpisode.databaseTableName, columns: ["show_id", "position"])
            try db.create(index: "episode_airs_at", on: StoredEpisode.databaseTableName, columns: ["airs_at"])
            // Covers tvm-fav next's counts and its choice of the next episode, so they never read the records.
            try db.create(
                index: "episode_progress", on: StoredEpisode.databaseTableName,
                columns: ["show_id", "regular", "airs_at", "season", "number", "position"])
            try db.create(table: WatchMark.databaseTableName) { table in
                table.primaryKey("episode_id", .integer)
                table.column("show_id", .integer).notNull()
                table.column("watched_at", .datetime).notNull()
            }
            try db.create(index: "watched_show", on: WatchMark.databaseTableName, columns: ["show_id", "watched_at"])
        }
        migrator.registerMigration("v3-changes") { db in
            try db.alter(table: Favorite.databaseTableName) { table in
                table.add(column: "checked_at", .datetime)
            }
            try db.create(table: ChangeRecord.databaseTableName) { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("at", .datetime).notNull()
                table.column("event", .text).notNull()
                table.column("show_id", .integer).notNull()
                table.column("show_name", .text).notNull()
                table.column("episode", .text).check(sql: "episode IS NULL OR json_valid(episode)")
                table.column("from_value", .text).check(sql: "from_value IS NULL OR json_valid(from_value)")
                table.column("to_value", .text).check(sql: "to_value IS NULL OR json_valid(to_value)")
                table.column("seen_at", .datetime)
            }
            try db.create(index: "change_event_at", on: ChangeRecord.databaseTableName, columns: ["at"])
            try db.create(table: "season_seen") { table in
                table.column("show_id", .integer).notNull()
                table.column("season", .integer).notNull()
                table.column("seen_at", .datetime).notNull()
                table.primaryKey(["show_id", "season"])
            }
        }
        migrator.registerMigration("v4-episode-order") { db in
            try db.drop(index: "episode_progress")
            try db.create(
                index: "episode_order", on: StoredEpisode.databaseTableName,
                columns: ["show_id", "regular", "season", "number", "position", "airs_at"])
        }
        migrator.registerMigration("v5-episode-window") { db in
            try db.create(
                index: "episode_window", on: StoredEpisode.databaseTableName, columns: ["show_id", "airs_at"])
        }
        migrator.registerMigration("v6-optional-watched-at") { db in
            try db.create(table: "watched_v6") { table in
                table.primaryKey("episode_id", .integer)
                table.column("show_id", .integer).notNull()
                table.column("watched_at", .datetime)
            }
            try db.execute(
                sql:
                    "INSERT INTO watched_v6 (episode_id, show_id, watched_at) SELECT episode_id, show_id, watched_at FROM watched"
            )
            try db.drop(table: WatchMark.databaseTableName)
            try db.rename(table: "watched_v6", to: WatchMark.databaseTableName)
            try db.create(index: "watched_show", on: WatchMark.databaseTableName, columns: ["show_id", "watched_at"])
        }
        migrator.registerMigration("v7-account") { db in
            try db.create(table: AccountLedgerEntry.databaseTableName) { table in
                table.primaryKey("episode_id", .integer)
                table.column("marked_at", .integer).notNull()
                table.column("type", .integer).notNull()
            }
            try db.create(table: AccountUnmark.databaseTableName) { table in
                table.primaryKey("episode_id", .integer)
                table.column("show_id", .integer).notNull()
                table.column("unmarked_at", .datetime).notNull()
                table.column("reported", .boolean).notNull().defaults(to: false)
            }
            try db.create(table: AccountOtherMark.databaseTableName) { table in
                table.primaryKey("episode_id", .integer)
                table.column("show_id", .integer).notNull()
                table.column("type", .integer).notNull()
                table.column("marked_at", .integer).notNull()
            }
            try db.create(table: "account_state") { table in
                table.primaryKey("name", .text)
                table.column("value", .text).notNull()
            }
            try db.execute(
                sql: """
                    CREATE TRIGGER account_unmark_record AFTER DELETE ON watched
                    WHEN EXISTS (SELECT 1 FROM account_ledger WHERE episode_id = old.episode_id)
                    BEGIN
                      INSERT INTO account_unmark (episode_id, show_id, unmarked_at, reported)
                      VALUES (old.episode_id, old.show_id, strftime('%Y-%m-%d %H:%M:%f', 'now'), 0)
                      ON CONFLICT (episode_id) DO UPDATE SET unmarked_at = excluded.unmarked_at;
                    END;
                    CREATE TRIGGER account_unmark_cancel AFTER INSERT ON watched
                    BEGIN
                      DELETE FROM account_unmark WHERE episode_id = new.episode_id;
                    END;
                    """)
        }
        migrator.registerMigration("v8-missing-favorites") { db in
            try db.create(table: MissingFavorite.databaseTableName) { table in
                table.primaryKey("show_id", .integer)
                table.column("since", .datetime).notNull()
                table.column("gone_at", .datetime)
            }
        }
        return migrator
    }
}
