import GRDB

extension CatalogStore {
    /// How many shows the full-text index finds for an expression, counting no further than `atMost`.
    static func matchCount(_ db: Database, expression: String, atMost: Int) throws -> Int {
        try Int.fetchOne(
            db, sql: "SELECT count(*) FROM (SELECT 1 FROM show_search WHERE show_search MATCH ? LIMIT ?)",
            arguments: [expression, atMost]) ?? 0
    }

    /// The hits of an expression that matches more shows than bm25 should score: the order of ``search(_:)``,
    /// with popularity instead of bm25 after the name tier, and bm25 asked only for the shows up to the page's end.
    ///
    /// In the best-match order, the page is the name tier (as ``nameTier(_:query:match:)`` orders it), then the
    /// other matches by popularity, found by walking the popularity index and keeping the shows in the set of
    /// matches. `expression` is scored for the page, `filter` (the same shows, see ``CatalogMatch/allFilter``)
    /// finds them. `known`: the whole name tier when the caller has it already (``nameTier(_:query:match:)``'s short
    /// tier); otherwise it is read here, whole.
    static func unrankedHits(
        _ db: Database, query: CatalogQuery, match: CatalogMatch, expression: String, filter: String,
        tier known: [NameTierRow]?
    ) throws -> [CatalogHit] {
        let (conditions, filterArguments) = filters(query)
        let filtered = conditions.map { " AND " + $0 }.joined()
        let end = query.limit > 0 ? query.offset + query.limit : -1
        guard (query.sort ?? .score) == .score else {
            let keys = order(query.sort ?? .score, relevance: nameTierKeys).joined(separator: ", ")
            let ids = try Int.fetchAll(
                db,
                sql: """
                    WITH names AS (SELECT rowid AS id FROM show_search WHERE show_search MATCH ?)
                    SELECT s.id FROM show AS s WHERE s.id IN (SELECT rowid FROM show_search WHERE show_search MATCH ?)
                    \(filtered) ORDER BY \(keys) LIMIT ? OFFSET ?
                    """,
                arguments: [match.allInName, filter] + filterArguments + [end < 0 ? -1 : query.limit, query.offset])
            let ranks = try Self.ranks(db, expression: expression, ids: ids)
            return ids.map { CatalogHit(id: $0, score: -(ranks[$0] ?? 0)) }
        }
        let members =
            try known
            ?? Row.fetchAll(
                db,
                sql: """
                    SELECT s.id, s.name_words, s.weight FROM show AS s
                    WHERE s.id IN (SELECT rowid FROM show_search WHERE show_search MATCH ?)\(filtered)
                    """,
                arguments: [match.allInName] + filterArguments
            ).map { (id: $0[0] as Int, words: $0[1] as Int, weight: $0[2] as Int) }
        // Without INDEXED BY, SQLite looks up every match and sorts them all; the walk stops at the page's end.
        let rest = try Int.fetchAll(
            db,
            sql: """
                SELECT s.id FROM show AS s INDEXED BY show_popularity
                WHERE s.id IN (SELECT rowid FROM show_search WHERE show_search MATCH ?)
                AND s.id NOT IN (SELECT value FROM json_each(?))\(filtered)
                ORDER BY s.weight DESC, s.id LIMIT ?
                """,
            arguments: [filter, "[" + members.map { String($0.id) }.joined(separator: ",") + "]"] + filterArguments
                + [end < 0 ? -1 : max(0, end - members.count)])
        let ranks = try Self.ranks(db, expression: expression, ids: members.map(\.id) + rest)
        let tier = ordered(members, ranks: ranks)
        let ids = (tier.map(\.id) + rest).dropFirst(query.offset).prefix(end < 0 ? Int.max : query.limit)
        return ids.map { CatalogHit(id: $0, score: -(ranks[$0] ?? 0)) }
    }
}
