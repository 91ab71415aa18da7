import Foundation
import GRDB
import TVMRecords

/// One row of the HTTP cache: a response body keyed by its normalised URL.
struct CacheEntry: Codable, FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "response"

    var key: String
    var status: Int
    var body: Data
    var fetchedAt: Double
    var maxAge: Double
    var lastUsed: Double
    var size: Int

    enum CodingKeys: String, CodingKey {
        case key
        case status
        case body
        case fetchedAt = "fetched_at"
        case maxAge = "max_age"
        case lastUsed = "last_used"
        case size
    }

    /// The table's columns, for requests.
    enum Columns {
        static let key = Column(CodingKeys.key)
        static let fetchedAt = Column(CodingKeys.fetchedAt)
        static let lastUsed = Column(CodingKeys.lastUsed)
        static let size = Column(CodingKeys.size)
    }

    /// The migrations that build the cache schema, oldest first.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: responses") { db in
            try db.create(table: databaseTableName) { table in
                table.primaryKey(CodingKeys.key.rawValue, .text)
                table.column(CodingKeys.status.rawValue, .integer).notNull()
                table.column(CodingKeys.body.rawValue, .blob).notNull()
                table.column(CodingKeys.fetchedAt.rawValue, .double).notNull()
                table.column(CodingKeys.maxAge.rawValue, .double).notNull()
                table.column(CodingKeys.lastUsed.rawValue, .double).notNull().indexed()
                table.column(CodingKeys.size.rawValue, .integer).notNull()
            }
        }
        return migrator
    }
}

extension DerivableRequest<CacheEntry> {
    /// Least recently used first.
    func leastRecentlyUsedFirst() -> Self { order(CacheEntry.Columns.lastUsed.asc) }
}
