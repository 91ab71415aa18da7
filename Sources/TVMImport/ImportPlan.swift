import Foundation
import TVMRecords
import TVMStore

/// What an import will save: the shows, the marks, and what it could not place.
public struct ImportPlan: Sendable {
    /// A show of the import.
    public struct Show: Sendable {
        /// The TVMaze id.
        public var id: Int
        /// Its name.
        public var name: String
        /// The record to save; `nil` for a favorite already saved with its episodes, left as it is.
        public var record: ShowRecord?
        /// The episode list to save with it; `nil` when the stored one is used.
        public var episodes: [[UInt8]]?
        /// Whether it was a favorite before the import.
        public var wasFavorite: Bool
        /// Whether TV Time has it archived.
        public var archived: Bool
    }

    /// A mark to save, with what `--dry-run` shows of it.
    public struct Mark: Sendable {
        /// The mark.
        public var mark: WatchMark
        /// The show's name.
        public var showName: String
        /// The episode, `S01E05`.
        public var code: String

        /// The mark as `tvm-fav watched` prints it, with `show_name` and `code` added.
        public var json: [UInt8] {
            var line = mark.json
            line.removeLast()
            return line + Array(#","show_name":"#.utf8) + JSONText.string(showName) + Array(#","code":"#.utf8)
                + JSONText.string(code) + [UInt8(ascii: "}")]
        }
    }

    /// A show placed by a title search (`--match-titles`), reported.
    public struct TitleMatch: Sendable, Equatable {
        /// The title in the export.
        public var title: String
        /// The show TVMaze found.
        public var id: Int
        /// Its name.
        public var name: String
    }

    /// The shows, in the order the export first names them.
    public var shows: [Show] = []
    /// The marks, one per episode, with the earliest time the export gives.
    public var marks: [Mark] = []
    /// The rows not placed, and those skipped while reading.
    public var skipped: [SkippedRow] = []
    /// Rows that named an episode already placed (rewatches, the same episode in two files).
    public var rewatchesFolded = 0
    /// The title matches made.
    public var titleMatches: [TitleMatch] = []
    /// Show keys not found at TVMaze.
    public var showsNotFound: [ShowKey] = []
    /// The shows fetched from TVMaze (their records and lists are new).
    public var fetched: [Int] { shows.filter { $0.record != nil && $0.episodes != nil }.map(\.id) }
}
