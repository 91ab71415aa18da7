import GRDB
import TVMRecords

extension FavoritesStore {
    /// The schema, as named migrations applied in order; never edit one that has shipped, add a new one.
    ///
    /// - `v1-favorite`: the `favorite` table. `id` is the TVMaze show id (the primary key, so re-adding a show
    ///   updates its row); `record` holds the show as compact JSON text and must be valid JSON; `added_at` and
    ///   `updated_at` are UTC timestamps (`YYYY-MM-DD HH:MM:SS.SSS`); `position` orders favorites as saved.
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
        return migrator
    }
}
