/// The rule of a batch that asks TVMaze once per item (a show to import, a favorite to pull): an item that fails
/// is skipped, but a second failure in a row, or the failure of the only item, points at TVMaze or the network
/// rather than the item, and stops the batch.
public struct FailureStreak: Sendable {
    private let items: Int
    private var inARow = 0

    /// Starts the count for a batch of `items`.
    public init(items: Int) {
        self.items = items
    }

    /// Notes an item that worked: the streak starts again.
    public mutating func succeeded() {
        inARow = 0
    }

    /// Notes an item that failed.
    ///
    /// - Returns: Whether the batch stops here.
    public mutating func failed() -> Bool {
        inARow += 1
        return inARow == 2 || items == 1
    }
}
