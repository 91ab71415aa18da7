import Foundation
import GRDB
import TVMRecords

extension FavoritesStore {
    /// The account sync state: username, last push, last pull.
    ///
    /// - Throws: ``StoreError``.
    public func accountState() async throws(StoreError) -> AccountSyncState {
        try await read("reading the account state") { db in try Self.accountState(db) }
    }

    /// The ledger of what TVMaze confirmed having, by episode id; empty when it belongs to another username.
    ///
    /// - Parameter username: The account being synced.
    /// - Throws: ``StoreError``.
    public func ledger(for username: String) async throws(StoreError) -> [Int: AccountLedgerEntry] {
        try await read("reading the account ledger") { db in
            guard try Self.accountState(db).username == username else { return [:] }
            return Dictionary(
                try AccountLedgerEntry.fetchAll(db).map { ($0.episodeID, $0) }, uniquingKeysWith: { _, last in last })
        }
    }

    /// The local unmarks not sent yet; empty when the ledger belongs to another username.
    ///
    /// - Parameter username: The account being synced.
    /// - Throws: ``StoreError``.
    public func pendingUnmarks(for username: String) async throws(StoreError) -> [AccountUnmark] {
        try await read("reading the unmarks to send") { db in
            guard try Self.accountState(db).username == username else { return [] }
            return try AccountUnmark.order(AccountUnmark.Columns.episodeID).fetchAll(db)
        }
    }

    /// Records what TVMaze confirmed after a push's batch, in one transaction: the ledger rows, and the unmarks it
    /// carried out (their ledger rows go too). A ledger of another username is cleared first.
    ///
    /// - Parameters:
    ///   - confirmed: The marks TVMaze confirmed.
    ///   - unmarked: Episodes whose unmarks TVMaze carried out.
    ///   - reported: Episodes whose unmarks the push said it cannot send (a free account).
    ///   - username: The account.
    ///   - finished: When the push finished, for `tvm-fav account`; `nil` for a batch in the middle.
    /// - Throws: ``StoreError``.
    public func recordPush(
        confirmed: [AccountLedgerEntry], unmarked: [Int] = [], reported: [Int] = [], username: String,
        finished: Date? = nil
    ) async throws(StoreError) {
        try await write("recording what TVMaze confirmed") { db in
            try Self.adopt(username, db)
            for entry in confirmed { try entry.upsert(db) }
            if !unmarked.isEmpty {
                try AccountUnmark.filter(unmarked.contains(AccountUnmark.Columns.episodeID)).deleteAll(db)
                try AccountLedgerEntry.filter(unmarked.contains(AccountLedgerEntry.Columns.episodeID)).deleteAll(db)
            }
            if !reported.isEmpty {
                try AccountUnmark.filter(reported.contains(AccountUnmark.Columns.episodeID))
                    .updateAll(db, AccountUnmark.Columns.reported.set(to: true))
            }
            if let finished { try Self.setState("last_push", finished, db) }
        }
    }

    /// Saves what a pull brought in one transaction: new marks, earlier times, acquired and skipped marks, the
    /// ledger, and the time of the pull. Nothing local is deleted. A ledger of another username is cleared first.
    ///
    /// - Parameters:
    ///   - changes: The changes.
    ///   - username: The account.
    ///   - date: When the pull finished.
    /// - Throws: ``StoreError``.
    public func applyPull(_ changes: PulledChanges, username: String, at date: Date) async throws(StoreError) {
        try await write("saving what TVMaze holds") { db in
            try Self.adopt(username, db)
            for mark in changes.added { try mark.insert(db, onConflict: .ignore) }
            for mark in changes.retimed {
                try WatchMark.filter(WatchMark.Columns.episodeID == mark.episodeID)
                    .updateAll(db, WatchMark.Columns.watchedAt.set(to: mark.watchedAt))
            }
            for other in changes.others { try other.upsert(db) }
            for entry in changes.ledger { try entry.upsert(db) }
            try Self.setState("last_pull", date, db)
        }
    }

    /// The acquired and skipped marks kept from TVMaze, by episode id.
    ///
    /// - Throws: ``StoreError``.
    public func otherMarks() async throws(StoreError) -> [Int: AccountOtherMark] {
        try await read("reading acquired and skipped marks") { db in
            Dictionary(
                try AccountOtherMark.fetchAll(db).map { ($0.episodeID, $0) }, uniquingKeysWith: { _, last in last })
        }
    }

    /// Forgets the account's ledger, unmarks and state (`tvm-fav logout`); the marks themselves stay.
    ///
    /// - Throws: ``StoreError``.
    public func forgetAccount() async throws(StoreError) {
        try await write("forgetting the account") { db in
            try Self.clearAccount(db)
            try db.execute(sql: "DELETE FROM account_state")
        }
    }

    private static func accountState(_ db: Database) throws -> AccountSyncState {
        var state = AccountSyncState()
        for row in try Row.fetchAll(db, sql: "SELECT name, value FROM account_state") {
            let value: String = row["value"]
            switch row["name"] as String {
            case "username": state.username = value
            case "last_push": state.lastPush = Date.fromDatabaseValue(value.databaseValue)
            case "last_pull": state.lastPull = Date.fromDatabaseValue(value.databaseValue)
            default: break
            }
        }
        return state
    }

    /// Makes `username` the ledger's owner, clearing another account's ledger, unmarks and times.
    private static func adopt(_ username: String, _ db: Database) throws {
        let current = try String.fetchOne(db, sql: "SELECT value FROM account_state WHERE name = 'username'")
        guard current != username else { return }
        try clearAccount(db)
        try db.execute(sql: "DELETE FROM account_state")
        try setState("username", username, db)
    }

    private static func clearAccount(_ db: Database) throws {
        try AccountLedgerEntry.deleteAll(db)
        try AccountUnmark.deleteAll(db)
        try AccountOtherMark.deleteAll(db)
    }

    private static func setState(_ name: String, _ value: some DatabaseValueConvertible, _ db: Database) throws {
        try db.execute(
            sql: "INSERT INTO account_state (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = ?",
            arguments: [name, value, value])
    }
}
