import Foundation
import GRDB
import TVMRecords

extension CatalogStore {
    /// Finds the shows that match a query, best first (or in the order asked for).
    ///
    /// With words, the full-text index is asked for shows that have every word (as a word or a prefix of one);
    /// when none has them all, for shows that have any. A show whose name holds every word comes before one that
    /// matches elsewhere only; then bm25 (the name weighs most, the summary least), then popularity. When more
    /// than ``maxRankedMatches`` shows match, bm25 is left out of the order (popularity decides), and asked only
    /// for the scores of the page, each word counted as a prefix only (``CatalogMatch/allFilter``). Without words,
    /// the filtered shows are listed by popularity.
    /// - Parameter query: The words, filters, order and limit.
    /// - Returns: The ids and scores, in order; at most `query.limit` (all when 0).
    /// - Throws: ``CatalogError``.
    public func search(_ query: CatalogQuery) throws(CatalogError) -> [CatalogHit] {
        try search(query, nameTierFirst: true)
    }

    /// ``search(_:)``, with or without the shortcut of ``nameTierHits(_:query:match:scoring:)``, and with other
    /// bounds on the matches bm25 ranks and on the popular shows searched first (``popularReach``); tests compare
    /// them.
    func search(
        _ query: CatalogQuery, nameTierFirst: Bool, maxRanked: Int = maxRankedMatches, popularReach: Int? = nil
    ) throws(CatalogError) -> [CatalogHit] {
        let match = query.text.flatMap(CatalogMatch.init(text:))
        return try read("searching the catalogue") { db in
            guard let match else {
                return try Self.hits(db, query: query, match: nil, every: true, maxRanked: maxRanked)
            }
            let volume = try Self.volume(db, expression: match.allFilter, maxRanked: maxRanked)
            var tier: [NameTierRow]?
            if nameTierFirst {
                let scoring = volume == .ranked ? match.all : match.allFilter
                let answer = try Self.nameTier(db, query: query, match: match, scoring: scoring)
                if let hits = answer.hits { return hits }
                tier = answer.shortTier
            }
            let hits = try Self.hits(
                db, query: query, match: match, every: true, maxRanked: maxRanked, tier: tier, volume: volume,
                popularReach: popularReach)
            guard hits.isEmpty, match.searched.count > 1 else { return hits }
            // A page past the end of the shows with every word is empty; it does not turn to those with any word.
            if query.offset > 0, try Self.hasHit(db, query: query, expression: match.allFilter) { return [] }
            return try Self.hits(
                db, query: query, match: match, every: false, maxRanked: maxRanked, tier: tier,
                popularReach: popularReach)
        }
    }

    /// Whether any show that passes the query's filters matches an expression.
    private static func hasHit(_ db: Database, query: CatalogQuery, expression: String) throws -> Bool {
        let (conditions, arguments) = filters(query)
        return try Bool.fetchOne(
            db,
            sql: """
                SELECT EXISTS (SELECT 1 FROM show AS s
                WHERE s.id IN (SELECT rowid FROM show_search WHERE show_search MATCH ?)\(conditions.map { " AND " + $0 }.joined()))
                """,
            arguments: [expression] + arguments) ?? false
    }

    /// The most matches ranked by bm25, which scores every match; past it, popularity orders them.
    public static let maxRankedMatches = 5_000

    /// The records of shows, by id.
    ///
    /// - Parameter ids: Show ids.
    /// - Returns: Each found show's JSON exactly as stored.
    /// - Throws: ``CatalogError``.
    public func records(ids: [Int]) throws(CatalogError) -> [Int: [UInt8]] {
        guard !ids.isEmpty else { return [:] }
        return try read("reading shows") { db in
            var records: [Int: [UInt8]] = [:]
            for chunk in stride(from: 0, to: ids.count, by: 500).map({ ids[$0..<min($0 + 500, ids.count)] }) {
                for record in try CatalogRecord.filter(keys: Array(chunk)).fetchAll(db) {
                    let bytes = Array(record.record.utf8)
                    guard Self.looksLikeStoredRecord(bytes) else {
                        throw CatalogError.damaged(path: path, reason: "show \(record.id)'s record is not compact JSON")
                    }
                    records[record.id] = bytes
                }
            }
            return records
        }
    }

    /// Who orders the shows an expression finds: bm25 when they are no more than a bound, else popularity.
    enum Volume: Equatable {
        /// No more than the bound: bm25 orders them.
        case ranked
        /// More: popularity orders them, and about this share of the catalogue matches.
        case unranked(share: Double)
    }

    /// Whether more than `maxRanked` shows match an expression, and if so, about what share of the catalogue does:
    /// the bound against the id of the first show past it (the index lists matches by id, and ids are close to
    /// dense, so the share errs low).
    private static func volume(_ db: Database, expression: String, maxRanked: Int) throws -> Volume {
        guard maxRanked < .max,
            let past = try Int.fetchOne(
                db, sql: "SELECT rowid FROM show_search WHERE show_search MATCH ? LIMIT 1 OFFSET ?",
                arguments: [expression, maxRanked])
        else { return .ranked }
        return .unranked(share: min(1, Double(maxRanked + 1) / Double(max(past, 1))))
    }

    /// The hits of the shows with every word (`every`) or any word, or of every show when there is no match.
    /// `volume`: ``volume(_:expression:maxRanked:)`` when the caller has asked it already.
    private static func hits(
        _ db: Database, query: CatalogQuery, match: CatalogMatch?, every: Bool, maxRanked: Int,
        tier: [NameTierRow]? = nil, volume: Volume? = nil, popularReach: Int? = nil
    ) throws -> [CatalogHit] {
        let expression = match.map { every ? $0.all : $0.any }
        if let match {
            let filter = every ? match.allFilter : match.anyFilter
            if case .unranked(let share) = try volume ?? Self.volume(db, expression: filter, maxRanked: maxRanked) {
                return try unrankedHits(
                    db, query: query, match: match, filter: filter, tier: tier, share: share,
                    popularReach: popularReach)
            }
        }
        var sql: String
        var arguments: StatementArguments = []
        if let match, let expression {
            let names = try NameSource(db, match: match)
            sql = """
                WITH hits AS (SELECT rowid AS id, rank FROM show_search WHERE show_search MATCH ?),
                names AS (\(names.ids))
                SELECT s.id, -hits.rank FROM hits JOIN show AS s ON s.id = hits.id
                """
            arguments += [expression, names.expression]
        } else {
            sql = "SELECT s.id, NULL FROM show AS s"
        }
        let (conditions, filterArguments) = filters(query)
        arguments += filterArguments
        if !conditions.isEmpty { sql += " WHERE " + conditions.joined(separator: " AND ") }
        // A show with every word in its name comes first, the fewest other words in its name first, then the most
        // popular ("Girls" before "Curvy Girls Stripped Bare", whose summary says girls ten times); then the shows
        // that match elsewhere, by bm25. (``nameTierHits(_:query:match:scoring:)`` answers the same order without
        // bm25 when the name tier alone fills the page.)
        let relevance = expression == nil ? [] : nameTierKeys + ["hits.rank"]
        let keys = order(query.sort ?? (expression == nil ? .popularity : .score), relevance: relevance)
        sql += " ORDER BY " + keys.joined(separator: ", ")
        if query.limit > 0 || query.offset > 0 {
            sql += " LIMIT ? OFFSET ?"
            arguments += [query.limit > 0 ? query.limit : -1, query.offset]
        }
        return try Row.fetchAll(db, sql: sql, arguments: arguments).map { row in
            CatalogHit(id: row[0], score: row[1])
        }
    }

    /// The best-match keys that put the name tier first (`names`: the shows with every word in their name), the
    /// fewest other words in the name first, then the most popular.
    static let nameTierKeys = [
        "s.id IN names DESC", "CASE WHEN s.id IN names THEN s.name_words END",
        "CASE WHEN s.id IN names THEN -s.weight END",
    ]

    /// The `ORDER BY` keys of a sort, on `show AS s`, with the keys that rank a match for the best-match order.
    static func order(_ sort: CatalogSort, relevance: [String]) -> [String] {
        let popularity = ["s.weight DESC", "s.id"]
        switch sort {
        case .score: return relevance + popularity
        case .rating: return ["s.rating IS NULL", "s.rating DESC"] + relevance + popularity
        case .popularity: return popularity
        case .premiered: return ["s.premiered IS NULL", "s.premiered DESC"] + relevance + popularity
        case .name: return ["s.name COLLATE NOCASE", "s.id"]
        case .id: return ["s.id"]
        }
    }

    /// The conditions of a query's filters on `show AS s`, and their arguments, in order.
    static func filters(_ query: CatalogQuery) -> (conditions: [String], arguments: StatementArguments) {
        var conditions: [String] = []
        var arguments: StatementArguments = []
        for genre in query.genres {
            conditions.append("s.genres LIKE ? ESCAPE '\\'")
            arguments += ["%|" + escapeLike(genre) + "|%"]
        }
        let equalities: [(String, String?)] = [
            ("status", query.status), ("language", query.language), ("type", query.type),
            ("channel", query.network), ("country", query.country),
        ]
        for (column, value) in equalities {
            guard let value else { continue }
            conditions.append("s.\(column) = ? COLLATE NOCASE")
            arguments += [value]
        }
        if let minRating = query.minRating {
            conditions.append("s.rating >= ?")
            arguments += [minRating]
        }
        if let years = query.premiered {
            conditions.append("CAST(substr(s.premiered, 1, 4) AS INTEGER) BETWEEN ? AND ?")
            arguments += [years.lowerBound, years.upperBound]
        }
        if let ids = query.ids {
            conditions.append("s.id >= ? AND s.id < ?")
            arguments += [ids.lowerBound, ids.upperBound]
        }
        return (conditions, arguments)
    }

    private static func escapeLike(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if character == "%" || character == "_" || character == "\\" { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }
}

extension CatalogStore {
    /// The records of search hits, in the hits' order, as an online search prints them: each show exactly as
    /// TVMaze sent it, with its score added as `_tvm.score` (no `_tvm` when browsing).
    ///
    /// - Parameter hits: Hits from ``search(_:)``.
    /// - Returns: One compact record per hit still in the catalogue.
    /// - Throws: ``CatalogError``.
    public func scoredRecords(_ hits: [CatalogHit]) throws(CatalogError) -> [[UInt8]] {
        let records = try records(ids: hits.map(\.id))
        if let lost = hits.first(where: { records[$0.id] == nil }) {
            throw .damaged(path: path, reason: "show \(lost.id) is indexed but its record is missing")
        }
        return hits.compactMap { hit in
            guard let record = records[hit.id] else { return nil }
            guard let score = hit.score else { return record }
            return (try? RawJSON.addingTVM([(key: "score", value: Array(Self.scoreText(score).utf8))], to: record))
                ?? record
        }
    }

    /// Whether stored record text can be what the catalogue wrote: one compact JSON object, with no control
    /// character (a page of the file overwritten shows as bytes no compact JSON has).
    static func looksLikeStoredRecord(_ bytes: [UInt8]) -> Bool {
        bytes.first == UInt8(ascii: "{") && bytes.last == UInt8(ascii: "}") && !bytes.contains { $0 < 0x20 }
    }

    /// A score as a JSON number with at most four decimals (`12.5`, `3.1416`).
    static func scoreText(_ score: Double) -> String {
        var text = String(format: "%.4f", score)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }
}
