import Foundation
import GRDB

/// What a refresh learned of the favorites TVMaze answered 404 for.
public struct MissingReport: Sendable {
    /// Shows answering 404 for the first time: when they will be marked gone if they still do.
    public var new: [(id: Int, goneOn: Date)]
    /// Shows that have now answered 404 for ``FavoritesStore/goneAfter``: marked gone by this call, reported once.
    public var nowGone: [Int]
    /// Shows marked gone before.
    public var alreadyGone: [Int]

    /// Creates a report.
    public init(new: [(id: Int, goneOn: Date)] = [], nowGone: [Int] = [], alreadyGone: [Int] = []) {
        self.new = new
        self.nowGone = nowGone
        self.alreadyGone = alreadyGone
    }
}

extension FavoritesStore {
    /// How long a show answers 404 before it is marked gone: 7 days.
    public static let goneAfter: TimeInterval = 7 * 86_400

    /// Notes the favorites TVMaze answered 404 for at `date`, and those it answered again, in one transaction.
    ///
    /// - Parameters:
    ///   - missing: The shows that answered 404.
    ///   - found: The shows fetched: they are no longer missing (nor gone).
    ///   - date: When.
    /// - Returns: Which shows are new to the list, which are now gone, which were gone before.
    /// - Throws: ``StoreError``.
    public func noteMissing(_ missing: [Int], found: [Int], at date: Date) async throws(StoreError) -> MissingReport {
        try await write("noting shows TVMaze no longer has") { db in
            try MissingFavorite.filter(found.contains(MissingFavorite.Columns.showID)).deleteAll(db)
            var report = MissingReport()
            for id in missing {
                guard var row = try MissingFavorite.fetchOne(db, key: id) else {
                    try MissingFavorite(showID: id, since: date).insert(db)
                    report.new.append((id, date.addingTimeInterval(Self.goneAfter)))
                    continue
                }
                if row.goneAt != nil {
                    report.alreadyGone.append(id)
                } else if date.timeIntervalSince(row.since) >= Self.goneAfter {
                    row.goneAt = date
                    try row.update(db)
                    report.nowGone.append(id)
                }
            }
            return report
        }
    }

    /// The favorites TVMaze answered 404 for and no refresh fetched since, by show id.
    ///
    /// - Throws: ``StoreError``.
    public func missingFavorites() async throws(StoreError) -> [Int: MissingFavorite] {
        try await read("reading favorites") { db in
            let rows = try MissingFavorite.fetchAll(db, sql: "SELECT * FROM \(MissingFavorite.databaseTableName)")
            return Dictionary(uniqueKeysWithValues: rows.map { ($0.showID, $0) })
        }
    }
}
