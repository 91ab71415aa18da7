import TVMStore

/// Merges TVMaze's marks into the local ones: a mark on either side is kept, and the earlier time wins.
public enum MarkMerge {
    /// What a pull changes, and what it could not place.
    public struct Outcome: Sendable, Equatable {
        /// The changes to save.
        public var changes = PulledChanges()
        /// Marks whose show is not known (not in the answer, not a stored episode): left out, reported.
        public var unplaced: [RemoteMark] = []
    }

    /// Merges.
    ///
    /// Watched marks (type 0) missing locally are added, unless the episode was unmarked locally and the unmark is
    /// not sent yet; a local mark takes TVMaze's time when that is earlier (a known time beats an unknown one).
    /// Acquired (1) and skipped (2) marks are kept apart, unless the episode is marked watched locally. Nothing
    /// local is deleted. Every mark TVMaze listed goes into the ledger, as TVMaze holds it; an episode listed twice
    /// counts once (``oncePerEpisode(_:)``).
    /// - Parameters:
    ///   - local: The local watched marks, by episode id.
    ///   - remote: TVMaze's marks.
    ///   - unmarked: Episodes unmarked locally whose unmarks are not sent yet.
    ///   - showOf: The show of each stored episode, for marks whose answer does not say it.
    ///   - others: The acquired and skipped marks kept already (one unchanged is not a change).
    /// - Returns: The changes and the marks that could not be placed.
    public static func merge(
        local: [Int: WatchMark], remote: [RemoteMark], unmarked: Set<Int>, showOf: [Int: Int],
        others: [Int: AccountOtherMark] = [:]
    ) -> Outcome {
        var outcome = Outcome()
        for mark in oncePerEpisode(remote) {
            outcome.changes.ledger.append(
                AccountLedgerEntry(episodeID: mark.episodeID, markedAt: mark.markedAt, type: mark.type))
            if let existing = local[mark.episodeID] {
                let localSeconds = MarkTime.seconds(of: existing)
                if mark.type == 0, MarkTime.remoteWins(remote: mark.markedAt, local: localSeconds) {
                    outcome.changes.retimed.append(
                        MarkTime.mark(episodeID: mark.episodeID, showID: existing.showID, seconds: mark.markedAt))
                }
                continue
            }
            guard !unmarked.contains(mark.episodeID) else { continue }
            guard let showID = mark.showID ?? showOf[mark.episodeID] else {
                outcome.unplaced.append(mark)
                continue
            }
            if mark.type == 0 {
                outcome.changes.added.append(
                    MarkTime.mark(episodeID: mark.episodeID, showID: showID, seconds: mark.markedAt))
            } else {
                let other = AccountOtherMark(
                    episodeID: mark.episodeID, showID: showID, type: mark.type, markedAt: mark.markedAt)
                if others[mark.episodeID] != other { outcome.changes.others.append(other) }
            }
        }
        return outcome
    }

    /// One mark per episode, for an answer that lists an episode twice: watched beats acquired and skipped, then
    /// the earlier known time wins.
    static func oncePerEpisode(_ remote: [RemoteMark]) -> [RemoteMark] {
        var position: [Int: Int] = [:]
        var marks: [RemoteMark] = []
        for mark in remote {
            guard let index = position[mark.episodeID] else {
                position[mark.episodeID] = marks.count
                marks.append(mark)
                continue
            }
            let kept = marks[index]
            let earlier = mark.type == kept.type && MarkTime.remoteWins(remote: mark.markedAt, local: kept.markedAt)
            if (mark.type == 0 && kept.type != 0) || earlier { marks[index] = mark }
        }
        return marks
    }
}
