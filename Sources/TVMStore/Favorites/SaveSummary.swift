import TVMRecords

/// What one ``FavoritesStore/save(_:at:)`` did.
public struct SaveSummary: Sendable, Equatable {
    /// Shows that were not favorites before.
    public var added: Int
    /// Shows that were favorites already and got the new record.
    public var updated: Int
    /// Change events recorded (a refresh's save, ``RefreshRecording``).
    public var changes = 0
    /// Watched marks added, or changed to an earlier time.
    public var marked = 0

    /// Creates a summary.
    public init(added: Int = 0, updated: Int = 0) {
        self.added = added
        self.updated = updated
    }
}
