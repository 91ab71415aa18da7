import GRDB

/// Where the catalogue's syncing stands: the one row of the `sync_state` table.
public struct CatalogSyncState: Codable, FetchableRecord, PersistableRecord, Sendable, Equatable {
    /// The table: `sync_state`.
    public static let databaseTableName = "sync_state"

    /// Always 1: the table has one row.
    public var id = 1
    /// When the last complete sync started (Unix time): every change since then is still to be fetched.
    public var lastSync: Double?
    /// The next index page of a first (or `--full`) sync under way, or `nil` when none is.
    public var fullNextPage: Int?
    /// When the sync under way started (Unix time).
    public var fullStartedAt: Double?

    /// Creates a state.
    ///
    /// - Parameters:
    ///   - lastSync: When the last complete sync started.
    ///   - fullNextPage: The next page of a full sync under way.
    ///   - fullStartedAt: When that sync started.
    public init(lastSync: Double? = nil, fullNextPage: Int? = nil, fullStartedAt: Double? = nil) {
        self.lastSync = lastSync
        self.fullNextPage = fullNextPage
        self.fullStartedAt = fullStartedAt
    }

    /// The table's columns.
    public enum Columns {
        /// `last_sync`.
        public static let lastSync = Column(CodingKeys.lastSync)
        /// `full_next_page`.
        public static let fullNextPage = Column(CodingKeys.fullNextPage)
        /// `full_started_at`.
        public static let fullStartedAt = Column(CodingKeys.fullStartedAt)
    }

    private enum CodingKeys: String, CodingKey {
        case id
        case lastSync = "last_sync"
        case fullNextPage = "full_next_page"
        case fullStartedAt = "full_started_at"
    }
}

/// An index page that failed in a sync, fetched again by the next one: a row of `pending_page`.
public struct PendingPage: Codable, FetchableRecord, PersistableRecord, Sendable, Equatable {
    /// The table: `pending_page`.
    public static let databaseTableName = "pending_page"

    /// The page number (`/shows?page=N`).
    public var page: Int
    /// Why it failed.
    public var reason: String

    /// Creates a row.
    ///
    /// - Parameters:
    ///   - page: The page number.
    ///   - reason: Why it failed.
    public init(page: Int, reason: String) {
        self.page = page
        self.reason = reason
    }

    /// The table's columns.
    public enum Columns {
        /// `page`.
        public static let page = Column(CodingKeys.page)
    }
}
