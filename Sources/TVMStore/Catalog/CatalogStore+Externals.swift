import GRDB

extension CatalogStore {
    /// The catalogue's shows that other services' ids name, with their records: how `tvm-fav import` places a show
    /// without asking TVMaze's lookup.
    ///
    /// One pass over the records (their `externals`), whatever the number of ids.
    /// - Parameters:
    ///   - thetvdb: TheTVDB ids.
    ///   - imdb: IMDb ids.
    ///   - tvmaze: TVMaze ids, whose records are wanted too.
    /// - Returns: The show id of each TheTVDB and IMDb id found, and the record of every show found.
    /// - Throws: ``CatalogError``.
    public func shows(thetvdb: Set<Int>, imdb: Set<String>, tvmaze: Set<Int>) throws(CatalogError) -> (
        byTVDB: [Int: Int], byIMDb: [String: Int], records: [Int: [UInt8]]
    ) {
        guard !thetvdb.isEmpty || !imdb.isEmpty || !tvmaze.isEmpty else { return ([:], [:], [:]) }
        let found = try read("reading shows") { db in
            var byTVDB: [Int: Int] = [:]
            var byIMDb: [String: Int] = [:]
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT id, json_extract(record, '$.externals.thetvdb') AS tvdb,
                      json_extract(record, '$.externals.imdb') AS imdb FROM \(CatalogRecord.databaseTableName)
                    """)
            while let row = try rows.next() {
                let id: Int = row["id"]
                if let tvdb: Int = row["tvdb"], thetvdb.contains(tvdb) { byTVDB[tvdb] = id }
                if let code: String = row["imdb"], imdb.contains(code) { byIMDb[code] = id }
            }
            return (byTVDB, byIMDb)
        }
        let ids = Set(found.0.values).union(found.1.values).union(tvmaze)
        return (found.0, found.1, try records(ids: Array(ids)))
    }
}
