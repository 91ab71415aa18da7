import TVMStore

/// What a push sends: the local marks TVMaze has not confirmed as they are, and the unmarks waiting.
public struct PushPlan: Sendable, Equatable {
    /// The marks to send, oldest first (then by episode id).
    public var marks: [OutgoingMark]
    /// The unmarks to send (Premium), or to report as unsendable (free).
    public var unmarks: [AccountUnmark]

    /// Plans a push.
    ///
    /// A local mark is sent when the ledger has no row for its episode, or a row with another time or type (a
    /// pull that found TVMaze's time later, or a skip where the local mark says watched).
    /// - Parameters:
    ///   - local: The local watched marks.
    ///   - ledger: What TVMaze confirmed having, by episode id.
    ///   - unmarks: The local unmarks not sent yet.
    public init(local: [WatchMark], ledger: [Int: AccountLedgerEntry], unmarks: [AccountUnmark]) {
        marks = local.compactMap { mark in
            let seconds = MarkTime.seconds(of: mark)
            if let entry = ledger[mark.episodeID], entry.markedAt == seconds, entry.type == 0 { return nil }
            return OutgoingMark(episodeID: mark.episodeID, markedAt: seconds, type: 0)
        }
        self.unmarks = unmarks
    }

    /// The marks in batches of at most `size`.
    ///
    /// - Parameter size: The largest batch (at least 1).
    public func batches(of size: Int) -> [[OutgoingMark]] {
        let size = max(1, size)
        return stride(from: 0, to: marks.count, by: size).map { Array(marks[$0..<min($0 + size, marks.count)]) }
    }
}
