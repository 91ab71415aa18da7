import Foundation
import TVMStore

/// Between a local mark's time and the account API's `marked_at` (Unix seconds, 0 unknown).
enum MarkTime {
    /// A local time as `marked_at`: whole seconds; 0 when not known.
    static func seconds(_ date: Date?) -> Int {
        guard let date else { return 0 }
        return max(0, Int(date.timeIntervalSince1970.rounded(.down)))
    }

    /// A local mark's `marked_at`: 0 for a mark without a time.
    static func seconds(of mark: WatchMark) -> Int {
        seconds(mark.watchedAt)
    }

    /// A `marked_at` as a local time: `nil` for 0 (unknown).
    static func date(_ seconds: Int) -> Date? {
        seconds > 0 ? Date(timeIntervalSince1970: Double(seconds)) : nil
    }

    /// A local mark for a TVMaze mark.
    static func mark(episodeID: Int, showID: Int, seconds: Int) -> WatchMark {
        WatchMark(episodeID: episodeID, showID: showID, watchedAt: date(seconds))
    }

    /// Whether TVMaze's time should replace the local one: a known time replaces an unknown one, and an earlier
    /// time a later one.
    static func remoteWins(remote: Int, local: Int) -> Bool {
        remote > 0 && (local == 0 || remote < local)
    }
}
