import TVMRecords

/// Compares a favorite's stored show record and episode list with freshly fetched ones, and says what changed.
///
/// Only whole, valid answers are ever compared (the refresh checks them first): a list that is missing is not
/// compared at all, so a failed or partial fetch never looks like removed episodes. Changes come in a fixed
/// order: renamed, status_changed, season_announced, episode_announced, airdate_changed, episode_removed; episodes
/// in TVMaze's order.
///
/// ```swift
/// let changes = ChangeDiff.changes(oldShow: stored, newShow: fetched, oldEpisodes: before, newEpisodes: after)
/// changes.map(\.kind)  // [.statusChanged, .episodeAnnounced]
/// ```
public enum ChangeDiff {
    /// The changes between two copies of a show.
    ///
    /// - Parameters:
    ///   - oldShow: The stored show record.
    ///   - newShow: The fetched show record.
    ///   - oldEpisodes: The stored episodes, or `nil` when none were ever stored (then episodes are not compared:
    ///     a first list is a starting point, not news).
    ///   - newEpisodes: The fetched episodes, or `nil` when the list was not fetched whole.
    /// - Returns: The changes, in the order described above.
    public static func changes(
        oldShow: [UInt8], newShow: [UInt8], oldEpisodes: [StoredEpisode]?, newEpisodes: [StoredEpisode]?
    ) -> [ShowChange] {
        var changes: [ShowChange] = []
        for (key, kind) in [("name", ChangeKind.renamed), ("status", .statusChanged)] {
            let before = member(key, of: oldShow)
            let after = member(key, of: newShow)
            if before != after {
                changes.append(ShowChange(kind, from: before ?? null, to: after ?? null))
            }
        }
        if let oldEpisodes, let newEpisodes {
            changes += episodeChanges(old: oldEpisodes, new: newEpisodes)
        }
        return changes
    }

    /// The changes between two whole episode lists.
    static func episodeChanges(old: [StoredEpisode], new: [StoredEpisode]) -> [ShowChange] {
        let oldByID = Dictionary(old.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let newIDs = Set(new.map(\.id))
        let oldSeasons = Set(old.compactMap(\.season))
        var announced: [ShowChange] = []
        var seasons: [ShowChange] = []
        var moved: [ShowChange] = []
        var seasonsSeen: Set<Int> = []
        for episode in new {
            guard let before = oldByID[episode.id] else {
                announced.append(ShowChange(.episodeAnnounced, episode: episode.recordBytes, to: airing(episode)))
                if let season = episode.season, !oldSeasons.contains(season), seasonsSeen.insert(season).inserted {
                    seasons.append(
                        ShowChange(.seasonAnnounced, episode: episode.recordBytes, to: JSONText.number(season)))
                }
                continue
            }
            if airingMoved(from: before, to: episode) {
                let timed = hasTime(before) && hasTime(episode)
                moved.append(
                    ShowChange(
                        .airdateChanged, episode: episode.recordBytes, from: airing(before, timed: timed),
                        to: airing(episode, timed: timed)))
            }
        }
        let removed = old.filter { !newIDs.contains($0.id) }.map {
            ShowChange(.episodeRemoved, episode: $0.recordBytes)
        }
        return seasons + announced + moved + removed
    }

    /// Whether an episode's air time moved: its `airstamp` when both copies have an air time, else its `airdate`.
    static func airingMoved(from before: StoredEpisode, to after: StoredEpisode) -> Bool {
        if hasTime(before) && hasTime(after) { return before.airsAt != after.airsAt }
        return before.airdate != after.airdate
    }

    /// Whether the episode has an air time (not just a day).
    static func hasTime(_ episode: StoredEpisode) -> Bool {
        !(episode.airtime ?? "").isEmpty && episode.airstamp != nil
    }

    /// When the episode airs, as JSON: its `airstamp` when it has an air time (and `timed`), else its `airdate`,
    /// else `null`.
    static func airing(_ episode: StoredEpisode, timed: Bool? = nil) -> [UInt8] {
        let value = (timed ?? hasTime(episode)) ? episode.airstamp : episode.airdate
        return value.map(JSONText.string) ?? null
    }

    /// A top-level member's compact JSON text, or `nil` when absent or unreadable.
    static func member(_ key: String, of record: [UInt8]) -> [UInt8]? {
        ((try? RawJSON.value(forKey: key, in: record)) ?? nil).flatMap { try? RawJSON.compact($0) }
    }

    static let null = Array("null".utf8)
}
