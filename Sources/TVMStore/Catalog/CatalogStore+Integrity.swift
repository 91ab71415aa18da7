import Foundation
import GRDB

/// Finding a damaged catalogue, so that a `--full` sync can start it anew instead of keeping damaged rows.
extension CatalogStore {
    /// What is damaged in the catalogue, or `nil` when nothing is: SQLite's `quick_check`, the full-text index's
    /// FTS5 `integrity-check`, and every stored record (one compact JSON object without control bytes).
    ///
    /// Reads the whole file: seconds on a full catalogue, meant for a `--full` sync, which fetches every page anyway.
    /// - Returns: A phrase saying what is damaged, e.g. `show 12's record is not compact JSON`.
    /// - Throws: ``CatalogError`` for a failure that is not damage (a lock held too long, a full disk).
    public func damage() throws(CatalogError) -> String? {
        do {
            return try writer.writeWithoutTransaction { db in
                let problems = try String.fetchAll(db, sql: "PRAGMA quick_check(1)")
                if problems != ["ok"] {
                    let text = problems.joined(separator: "; ").split(whereSeparator: \.isNewline).joined(
                        separator: " ")
                    return "SQLite's quick_check: \(text)"
                }
                do {
                    try db.execute(sql: "INSERT INTO show_search(show_search) VALUES('integrity-check')")
                    try db.execute(sql: "INSERT INTO show_name(show_name) VALUES('integrity-check')")
                } catch let error as DatabaseError {
                    return "the full-text index: \(error.message ?? "\(error.resultCode)")"
                }
                let records = try CatalogRecord.fetchCursor(db)
                while let record = try records.next() {
                    if !Self.looksLikeStoredRecord(Array(record.record.utf8)) {
                        return "show \(record.id)'s record is not compact JSON"
                    }
                }
                return nil
            }
        } catch let error where CatalogError.isCorruption(error) || CatalogError.isDamagedIndex(error) {
            return (error as? DatabaseError)?.message ?? "\(error)"
        } catch {
            throw CatalogError.from(error, path: path, operation: "checking the catalogue", timeout: Self.lockTimeout)
        }
    }
}
