/// One show's episodes, kept as TVMaze sent them, with the label that names the show.
///
/// The records are never decoded here: filters and season numbers read single members of each record.
public struct ShowEpisodes: Sendable {
    /// The show.
    public var show: ShowLabel
    /// The compact episode objects, untouched, in TVMaze's order (by air date, specials among them).
    public var records: [[UInt8]]
    /// What was wrong with an answer on the way, when the episodes had to come from another request: invalid
    /// data to report (exit 65), although the episodes are complete.
    public var problem: String?

    /// Creates the list.
    public init(show: ShowLabel, records: [[UInt8]]) {
        self.show = show
        self.records = records
    }

    /// The episodes that pass `filter`, in the same order.
    ///
    /// - Parameter filter: Which seasons and air times to keep.
    public func filtered(by filter: EpisodeFilter) -> ShowEpisodes {
        guard !filter.keepsEverything else { return self }
        var copy = self
        copy.records = records.filter { filter.includes($0) }
        return copy
    }

    /// Each episode record with the show's label added as `_tvm.show`.
    ///
    /// - Throws: ``RawJSONError`` if a record is not a JSON object.
    public func labelledRecords() throws(RawJSONError) -> [[UInt8]] {
        var result: [[UInt8]] = []
        result.reserveCapacity(records.count)
        for record in records {
            result.append(try show.labelling(record))
        }
        return result
    }

    /// The episodes split by their `season` number: seasons ascending (episodes without a season last), each
    /// season's episodes in their original order.
    public var seasons: [(number: Int?, records: [[UInt8]])] {
        var order: [Int?] = []
        var bySeason: [Int?: [[UInt8]]] = [:]
        for record in records {
            let number = (try? RawJSON.value(forKey: "season", in: record)).flatMap { RawJSON.integer($0) }
            if bySeason[number] == nil { order.append(number) }
            bySeason[number, default: []].append(record)
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
    /// - Parameter info: Compact season records by season number.
    /// - Returns: The compact group records, seasons ascending.
    public func seasonRecords(info: [Int: [UInt8]] = [:]) -> [[UInt8]] {
        seasons.map { season in
            var record = Array("{\"show\":".utf8) + show.json + Array(",\"season\":".utf8)
            record += JSONText.number(season.number)
            record += Array(",\"episodes\":[".utf8)
            for (index, episode) in season.records.enumerated() {
                if index > 0 { record.append(UInt8(ascii: ",")) }
                record += episode
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
