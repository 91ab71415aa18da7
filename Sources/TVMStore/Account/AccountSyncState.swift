import Foundation

/// What the database remembers of the TVMaze account it was synced with: the `account_state` table.
public struct AccountSyncState: Sendable, Equatable {
    /// The username the ledger belongs to; `nil` before the first push or pull.
    public var username: String?
    /// When a push last finished.
    public var lastPush: Date?
    /// When a pull last finished.
    public var lastPull: Date?

    /// Creates a state.
    public init(username: String? = nil, lastPush: Date? = nil, lastPull: Date? = nil) {
        self.username = username
        self.lastPush = lastPush
        self.lastPull = lastPull
    }
}

/// What a pull changes locally, saved in one transaction by ``FavoritesStore/applyPull(_:username:at:)``.
public struct PulledChanges: Sendable, Equatable {
    /// Marks to add (episodes not marked locally).
    public var added: [WatchMark] = []
    /// Marks whose time changes to TVMaze's earlier one.
    public var retimed: [WatchMark] = []
    /// Acquired and skipped marks to keep.
    public var others: [AccountOtherMark] = []
    /// What TVMaze was seen to hold.
    public var ledger: [AccountLedgerEntry] = []

    /// Creates an empty set of changes.
    public init() {}
}
