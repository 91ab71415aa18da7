import TVMRecords

/// One row of the `favorite` table as a page of ``FavoritesStore/page(sortedBy:offset:limit:)`` returns it.
public enum FavoriteRow: Sendable, Equatable {
    /// A favorite that reads as it should.
    case favorite(Favorite)
    /// A row that cannot be read (a column of the wrong type, a damaged value); `id` when it can be read.
    case unreadable(id: Int?, reason: String)
}
