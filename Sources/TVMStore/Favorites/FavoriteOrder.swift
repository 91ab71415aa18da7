import TVMRecords

/// How favorites are listed.
public enum FavoriteOrder: String, Sendable, CaseIterable {
    /// In the order they were first saved (the default).
    case added
    /// By name, ignoring case; ties by id.
    case name
    /// By TVMaze show id.
    case id
}

extension FavoriteOrder {
    /// The `ORDER BY` terms of the order, for the `favorite` table.
    var orderingSQL: String {
        switch self {
        case .added: "position"
        case .name: "name COLLATE NOCASE, id"
        case .id: "id"
        }
    }
}
