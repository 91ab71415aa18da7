import GRDB

extension CatalogStore {
    /// The best-match order's page when shows with every word in their name fill it, or `nil` when they do not
    /// (or the order is another): the same hits, in the same order, with the same scores as the full ranking
    /// query, without bm25 over every show that matches.
    ///
    /// The best-match order puts the name tier first (the fewest words in the name, then popularity, then bm25,
    /// then id), so when that tier holds `offset + limit` shows, no show outside it is on the page. The tier is
    /// ordered by the `show` columns alone; bm25 is asked only for the rows that can reach the page: those before
    /// the page's end, and those tied with the last of them on word count and popularity (bm25 may reorder ties).
    /// The full query scores every match, and a short prefix matches most of the catalogue (Benchmarks/README.md
    /// has the figures). More than ``maxNameTierCandidates`` tied rows go to the full query.
    /// `scoring`: the form bm25 scores, ``CatalogMatch/all``, or ``CatalogMatch/allFilter`` when popularity orders
    /// the matches (see ``unrankedHits(_:query:match:filter:tier:share:popularReach:)``).
    static func nameTierHits(_ db: Database, query: CatalogQuery, match: CatalogMatch, scoring: String) throws
        -> [CatalogHit]?
    {
        try nameTier(db, query: query, match: match, scoring: scoring).hits
    }

    /// Where a search finds the shows with every word in their name: `show_name`, or the name column of
    /// `show_search` in a catalogue read without `v3-name-index`.
    struct NameSource {
        /// A subquery of their ids, with one argument: ``expression``.
        let ids: String
        /// The words, as the subquery's index needs them.
        let expression: String

        init(_ db: Database, match: CatalogMatch) throws {
            if try db.tableExists("show_name") {
                (ids, expression) = ("SELECT rowid FROM show_name WHERE show_name MATCH ?", match.allFilter)
            } else {
                (ids, expression) = ("SELECT rowid FROM show_search WHERE show_search MATCH ?", match.allInName)
            }
        }
    }

    /// A show of the name tier, with what orders it.
    typealias NameTierRow = (id: Int, words: Int, weight: Int)

    /// ``nameTierHits(_:query:match:scoring:)``, and when the tier is too small to fill the page, the whole tier (the
    /// fewest words in the name, then popularity, then id), which the rest of the page follows.
    static func nameTier(_ db: Database, query: CatalogQuery, match: CatalogMatch, scoring: String) throws -> (
        hits: [CatalogHit]?, shortTier: [NameTierRow]?
    ) {
        guard (query.sort ?? .score) == .score, query.limit > 0 else { return (nil, nil) }
        let (conditions, filterArguments) = filters(query)
        let names = try NameSource(db, match: match)
        let sql = """
            SELECT s.id, s.name_words, s.weight FROM show AS s
            WHERE s.id IN (\(names.ids))
            \(conditions.map { " AND " + $0 }.joined())
            ORDER BY s.name_words, s.weight DESC, s.id
            """
        let end = query.offset + query.limit
        var candidates: [NameTierRow] = []
        let rows = try Row.fetchCursor(db, sql: sql, arguments: [names.expression] + filterArguments)
        while let row = try rows.next() {
            let candidate = (id: row[0] as Int, words: row[1] as Int, weight: row[2] as Int)
            if candidates.count >= end, let last = candidates.last,
                (last.words, last.weight) != (candidate.words, candidate.weight)
            {
                break
            }
            candidates.append(candidate)
            if candidates.count > maxNameTierCandidates { return (nil, nil) }
        }
        guard candidates.count >= end else { return (nil, candidates) }
        let ranks = try Self.ranks(db, expression: scoring, ids: candidates.map(\.id))
        let ranked = ordered(candidates, ranks: ranks)
        return (ranked[query.offset..<end].map { CatalogHit(id: $0.id, score: -(ranks[$0.id] ?? 0)) }, nil)
    }

    /// Shows of the name tier in its order: the fewest words in the name, the most popular, the best bm25 rank
    /// (lowest), the lowest id.
    static func ordered(_ tier: [NameTierRow], ranks: [Int: Double]) -> [NameTierRow] {
        tier.sorted { left, right in
            if left.words != right.words { return left.words < right.words }
            if left.weight != right.weight { return left.weight > right.weight }
            let (leftRank, rightRank) = (ranks[left.id] ?? 0, ranks[right.id] ?? 0)
            if leftRank != rightRank { return leftRank < rightRank }
            return left.id < right.id
        }
    }

    /// The most rows of the name tier whose bm25 is asked for; more go to the full ranking query.
    static let maxNameTierCandidates = 1_000

    /// FTS5's rank (bm25, lower is better) of some shows for an expression, by id.
    ///
    /// `+rowid` keeps the id list away from FTS5: given `rowid IN (…)`, FTS5 seeks each id in the expression's
    /// doclists, merging a short prefix's thousands of terms once per id, where one pass over its matches computes
    /// bm25 only for the ids asked.
    static func ranks(_ db: Database, expression: String, ids: [Int]) throws -> [Int: Double] {
        guard !ids.isEmpty else { return [:] }
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT rowid, rank FROM show_search
                WHERE show_search MATCH ? AND +rowid IN (SELECT value FROM json_each(?))
                """,
            arguments: [expression, "[" + ids.map(String.init).joined(separator: ",") + "]"])
        var ranks: [Int: Double] = [:]
        for row in rows { ranks[row[0]] = row[1] }
        return ranks
    }
}
