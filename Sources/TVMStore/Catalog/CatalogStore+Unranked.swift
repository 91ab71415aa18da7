import GRDB

extension CatalogStore {
    /// The hits of an expression that matches more shows than bm25 should score: the order of ``search(_:)``,
    /// with popularity instead of bm25 after the name tier, and bm25 asked only for the shows up to the page's end.
    ///
    /// In the best-match order, the page is the name tier (as ``nameTier(_:query:match:scoring:)`` orders it), then
    /// the other matches of `filter` (see ``CatalogMatch/allFilter``) by popularity: looked for first among the most
    /// popular shows (``reach(wanted:share:)``, `share`: about what share of the catalogue matches), in the pass
    /// that scores them; when too few of those match, by walking the popularity index through the set of every
    /// match. The page is scored with `filter` too, each word as a prefix only: the order no longer depends on the
    /// scores, and the scoring form (``CatalogMatch/all``) has twice the phrases for bm25 to count. `known`: the
    /// whole name tier when the caller has it already (``nameTier(_:query:match:scoring:)``'s short tier);
    /// otherwise it is read here, whole.
    static func unrankedHits(
        _ db: Database, query: CatalogQuery, match: CatalogMatch, filter: String, tier known: [NameTierRow]?,
        share: Double, popularReach: Int? = nil
    ) throws -> [CatalogHit] {
        let (conditions, filterArguments) = filters(query)
        let filtered = conditions.map { " AND " + $0 }.joined()
        let end = query.limit > 0 ? query.offset + query.limit : -1
        let names = try NameSource(db, match: match)
        guard (query.sort ?? .score) == .score else {
            let keys = order(query.sort ?? .score, relevance: nameTierKeys).joined(separator: ", ")
            let ids = try Int.fetchAll(
                db,
                sql: """
                    WITH names AS (\(names.ids))
                    SELECT s.id FROM show AS s WHERE s.id IN (SELECT rowid FROM show_search WHERE show_search MATCH ?)
                    \(filtered) ORDER BY \(keys) LIMIT ? OFFSET ?
                    """,
                arguments: [names.expression, filter] + filterArguments + [end < 0 ? -1 : query.limit, query.offset])
            let ranks = try Self.ranks(db, expression: filter, ids: ids)
            return ids.map { CatalogHit(id: $0, score: -(ranks[$0] ?? 0)) }
        }
        let members =
            try known
            ?? Row.fetchAll(
                db,
                sql: """
                    SELECT s.id, s.name_words, s.weight FROM show AS s WHERE s.id IN (\(names.ids))\(filtered)
                    """,
                arguments: [names.expression] + filterArguments
            ).map { (id: $0[0] as Int, words: $0[1] as Int, weight: $0[2] as Int) }
        let wanted = end < 0 ? -1 : max(0, end - members.count)
        var rest: [Int]
        var ranks: [Int: Double]
        let reach = popularReach ?? Self.reach(wanted: wanted, share: conditions.isEmpty ? share : nil)
        if let found = try popularMatches(
            db, filter: filter, members: members, wanted: wanted, reach: reach, filtered: (filtered, filterArguments))
        {
            (rest, ranks) = found
        } else {
            // Without INDEXED BY, SQLite looks up every match and sorts them all; the walk stops at the page's end.
            rest = try Int.fetchAll(
                db,
                sql: """
                    SELECT s.id FROM show AS s \(try Self.byPopularity(db))
                    WHERE s.id IN (SELECT rowid FROM show_search WHERE show_search MATCH ?)
                    AND s.id NOT IN (SELECT value FROM json_each(?))\(filtered)
                    ORDER BY s.weight DESC, s.id LIMIT ?
                    """,
                arguments: [filter, "[" + members.map { String($0.id) }.joined(separator: ",") + "]"] + filterArguments
                    + [wanted])
            ranks = try Self.ranks(db, expression: filter, ids: members.map(\.id) + rest)
        }
        let tier = ordered(members, ranks: ranks)
        let ids = (tier.map(\.id) + rest).dropFirst(query.offset).prefix(end < 0 ? Int.max : query.limit)
        return ids.map { CatalogHit(id: $0, score: -(ranks[$0] ?? 0)) }
    }

    /// `INDEXED BY show_popularity`, or nothing in a catalogue read without `v2-prefix-index`, which adds it.
    private static func byPopularity(_ db: Database) throws -> String {
        try db.indexes(on: "show").contains { $0.name == "show_popularity" } ? "INDEXED BY show_popularity" : ""
    }

    /// The most of the most popular shows searched first for a page, or a hundred per show it needs when that is
    /// more.
    static let popularReach = 2_000

    /// How many of the most popular shows are searched first for the `wanted` matches after the name tier: enough
    /// to hold them eight times over when about `share` of the catalogue matches, from 100 to ``popularReach``;
    /// the most when the share among the shows searched is not known (filters).
    static func reach(wanted: Int, share: Double?) -> Int {
        let most = max(popularReach, wanted.multipliedReportingOverflow(by: 100).overflow ? .max : 100 * wanted)
        guard let share, share > 0 else { return most }
        let enough = Double(wanted) * 8 / share
        return enough >= Double(most) ? most : max(100, min(most, Int(enough)))
    }

    /// The first `wanted` matches outside the name tier in popularity order, with the ranks of those and of the
    /// tier, found among the `reach` most popular filtered shows in one pass over the matches; `nil` when fewer of
    /// those match and more shows are left (the caller then walks every match), or when the page runs to the end.
    private static func popularMatches(
        _ db: Database, filter: String, members: [NameTierRow], wanted: Int, reach: Int,
        filtered: (sql: String, arguments: StatementArguments)
    ) throws -> (rest: [Int], ranks: [Int: Double])? {
        guard wanted >= 0 else { return nil }
        let popular = try Int.fetchAll(
            db,
            sql: """
                SELECT s.id FROM show AS s \(try Self.byPopularity(db)) WHERE 1\(filtered.sql)
                ORDER BY s.weight DESC, s.id LIMIT ?
                """,
            arguments: filtered.arguments + [reach])
        let ranks = try Self.ranks(db, expression: filter, ids: members.map(\.id) + popular)
        let inTier = Set(members.map(\.id))
        let rest = Array(popular.lazy.filter { ranks[$0] != nil && !inTier.contains($0) }.prefix(wanted))
        return rest.count == wanted || popular.count < reach ? (rest, ranks) : nil
    }
}
