import GRDB
import TVMRecords

/// Requests on the `favorite` table, as GRDB recommends: helpers on any request of favorites.
///
/// ```swift
/// let names = try Favorite.all().sorted(by: .name).select(Favorite.Columns.name, as: String.self).fetchAll(db)
/// ```
extension DerivableRequest<Favorite> {
    /// Orders favorites as `tvm-fav list --sort` asks.
    ///
    /// - Returns: The ordered request.
    public func sorted(by order: FavoriteOrder) -> Self {
        self.order(sql: order.orderingSQL)
    }

    /// Keeps the favorites whose show id is in `ids`.
    ///
    /// - Parameter ids: TVMaze show ids.
    /// - Returns: The filtered request.
    public func filter(showIDs ids: some Collection<Int>) -> Self {
        filter(ids.contains(Favorite.Columns.id))
    }
}
