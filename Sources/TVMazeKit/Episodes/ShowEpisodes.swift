/// One show's episodes, kept as TVMaze sent them, with the label that names the show.
///
/// Each episode is held twice: its compact bytes, which are what gets printed, and a lenient decoding used only
/// to read its season, number and air time.
public struct ShowEpisodes: Sendable {
    /// One episode: the record and what was read from it.
    public struct Entry: Sendable {
        /// The compact episode object, untouched.
        public var record: [UInt8]
        /// The same episode, decoded leniently (every field optional).
        public var episode: Episode

        /// Creates an entry, decoding the record; a record that cannot be decoded reads as an empty episode.
        ///
        /// - Parameter record: A compact episode object.
        public init(record: [UInt8]) {
            self.record = record
            self.episode = (try? Episode(json: record)) ?? Episode()
        }
    }

    /// The show.
    public var show: ShowLabel
    /// The episodes in TVMaze's order (by air date, specials among them).
    public var entries: [Entry]

    /// Creates the list from compact episode records.
    ///
    /// - Parameters:
    ///   - show: The show the episodes belong to.
    ///   - records: Compact episode objects, in TVMaze's order.
    public init(show: ShowLabel, records: [[UInt8]]) {
        self.show = show
        self.entries = records.map(Entry.init)
    }

    /// The episodes that pass `filter`, in the same order.
    ///
    /// - Parameter filter: Which seasons and air times to keep.
    public func filtered(by filter: EpisodeFilter) -> ShowEpisodes {
        guard !filter.keepsEverything else { return self }
        var copy = self
        copy.entries = entries.filter { filter.includes($0.episode) }
        return copy
    }

    /// Each episode record with the show's label added as `_tvm.show`.
    ///
    /// - Throws: ``RawJSONError`` if a record is not a JSON object.
    public func labelledRecords() throws(RawJSONError) -> [[UInt8]] {
        var result: [[UInt8]] = []
        result.reserveCapacity(entries.count)
        for entry in entries {
            result.append(try show.labelling(entry.record))
        }
        return result
    }

    /// The episodes split by season number: seasons ascending (episodes without a season last), each season's
    /// episodes in their original order.
    public var seasons: [(number: Int?, entries: [Entry])] {
        var order: [Int?] = []
        var bySeason: [Int?: [Entry]] = [:]
        for entry in entries {
            let number = entry.episode.season
            if bySeason[number] == nil { order.append(number) }
            bySeason[number, default: []].append(entry)
        }
        let sorted = order.sorted { lhs, rhs in
            switch (lhs, rhs) {
            case (let left?, let right?): return left < right
            case (.some, .none): return true
            default: return false
            }
        }
        return sorted.map { ($0, bySeason[$0] ?? []) }
    }

    /// One `--group` record per season:
    /// `{"show":{"id":…,"name":…},"season":N,"episodes":[…],"info":{…}}`.
    ///
    /// The episodes array is the episodes' own bytes joined with commas, never re-encoded. `info` is the season's
    /// record from `/shows/{id}/seasons`, untouched, and is left out when `info` has no entry for the season.
    /// - Parameter info: Season records by season number.
    /// - Returns: The compact group records, seasons ascending.
    public func seasonRecords(info: [Int: [UInt8]] = [:]) -> [[UInt8]] {
        seasons.map { season in
            var record = Array("{\"show\":".utf8) + show.json + Array(",\"season\":".utf8)
            record += JSONText.number(season.number)
            record += Array(",\"episodes\":[".utf8)
            for (index, entry) in season.entries.enumerated() {
                if index > 0 { record.append(UInt8(ascii: ",")) }
                record += entry.record
            }
            record.append(UInt8(ascii: "]"))
            if let number = season.number, let seasonInfo = info[number] {
                record += Array(",\"info\":".utf8) + seasonInfo
            }
            record.append(UInt8(ascii: "}"))
            return record
        }
    }
}
