import TVMRecords

/// One favorite's place in watching it: what `tvm-fav next` prints.
public struct UpNext: Sendable, Equatable {
    /// The show's id.
    public var showID: Int
    /// The show's name.
    public var showName: String
    /// The first regular episode that has aired and is not marked watched (by season and number), as TVMaze
    /// sent it; `nil` when every aired episode is watched.
    public var episode: String?
    /// Watched regular episodes.
    public var watched: Int
    /// Regular episodes that have aired.
    public var aired: Int
    /// Regular episodes stored, aired or not.
    public var total: Int
    /// Whether the show's episode list has been stored (favorites saved before tvm kept episodes have none until
    /// `tvm-fav refresh`).
    public var hasEpisodeList: Bool

    /// Creates a line.
    public init(
        showID: Int, showName: String, episode: String?, watched: Int, aired: Int, total: Int,
        hasEpisodeList: Bool
    ) {
        self.showID = showID
        self.showName = showName
        self.episode = episode
        self.watched = watched
        self.aired = aired
        self.total = total
        self.hasEpisodeList = hasEpisodeList
    }

    /// Whether `tvm-fav next` prints the line: a show begun and not caught up; with `all`, any show whose episodes
    /// are stored.
    ///
    /// - Parameter all: `--all`.
    public func isListed(all: Bool) -> Bool {
        hasEpisodeList && (all || (watched > 0 && episode != nil))
    }

    /// The `_tvm.progress` object: `{"watched":N,"aired":M,"total":T}`.
    public var progressJSON: [UInt8] {
        Array(#"{"watched":"#.utf8) + JSONText.number(watched) + Array(#","aired":"#.utf8) + JSONText.number(aired)
            + Array(#","total":"#.utf8) + JSONText.number(total) + [UInt8(ascii: "}")]
    }

    /// The line `tvm-fav next` prints: the episode record with `_tvm.show` and `_tvm.progress`, or, with no
    /// episode left (`--all`), an object holding only `_tvm`.
    ///
    /// - Throws: ``RawJSONError`` when the stored record is not an object.
    public func record() throws(RawJSONError) -> [UInt8] {
        let fields: [(key: String, value: [UInt8])] = [
            ("show", ShowLabel(id: showID, name: showName).json), ("progress", progressJSON),
        ]
        return try RawJSON.addingTVM(fields, to: Array((episode ?? "{}").utf8))
    }
}
