import Foundation
import TVMRecords
import TVMStore
import TVMazeAPI

/// Which favorites a refresh fetches, and how.
///
/// A favorite a refresh knew up to date less than a month ago is a *candidate*: `/updates/shows?since=…` (the
/// smallest window covering the oldest candidate's check) says whether it changed, and only a changed one is
/// fetched, in one request with its regular episodes. The others are fetched *whole*, the record and the list
/// with specials (two requests): those no refresh ever checked, those checked more than a month ago, those whose
/// episodes were never stored, and every favorite with `--full`.
struct RefreshPlan: Equatable {
    /// Favorites fetched whole.
    var whole: [Favorite] = []
    /// Favorites the updates list decides about.
    var candidates: [Favorite] = []
    /// The updates window to ask, when there are candidates.
    var window: Endpoint.UpdatesPeriod?

    /// Plans a refresh.
    ///
    /// - Parameters:
    ///   - favorites: Every favorite, in refresh order.
    ///   - states: Their refresh states.
    ///   - now: The time of the run.
    ///   - full: `--full`: fetch every favorite whole.
    ///   - episodes: Whether episode lists are refreshed too.
    init(favorites: [Favorite], states: [Int: RefreshState], now: Date, full: Bool, episodes: Bool) {
        var oldest: Date?
        for favorite in favorites {
            let state = states[favorite.id]
            guard !full, let checked = state?.checkedAt, !episodes || state?.hasEpisodes == true,
                ShowUpdates.window(covering: now.timeIntervalSince(checked)) != nil
            else {
                whole.append(favorite)
                continue
            }
            candidates.append(favorite)
            oldest = min(oldest ?? checked, checked)
        }
        if let oldest { window = ShowUpdates.window(covering: now.timeIntervalSince(oldest)) }
    }

    /// Splits the candidates by the updates list: those TVMaze changed since their stored copy, and the others.
    ///
    /// - Parameters:
    ///   - updates: Show id → Unix time of its last change.
    ///   - states: The refresh states (the stored `updated`).
    /// - Returns: The candidates to fetch, and the ids known unchanged.
    func split(by updates: [Int: Int], states: [Int: RefreshState]) -> (changed: [Favorite], unchanged: [Int]) {
        var changed: [Favorite] = []
        var unchanged: [Int] = []
        for favorite in candidates {
            if let time = updates[favorite.id], time > (states[favorite.id]?.updated ?? 0) {
                changed.append(favorite)
            } else {
                unchanged.append(favorite.id)
            }
        }
        return (changed, unchanged)
    }

    /// A fresh list of regular episodes with the stored specials it lacks put back, each before the first episode
    /// that airs after it (at the end when it has no date): `?embed=episodes` leaves specials out, and a refresh
    /// must not drop them.
    ///
    /// - Parameters:
    ///   - regular: The fetched episodes, in TVMaze's order.
    ///   - stored: The stored episodes.
    /// - Returns: The list to store.
    static func merging(_ regular: [[UInt8]], keepingSpecialsOf stored: [StoredEpisode]) -> [[UInt8]] {
        let fresh = regular.map { (record: $0, facts: EpisodeFacts(record: $0)) }
        let ids = Set(fresh.compactMap { $0.facts?.id })
        var merged = fresh
        for special in stored where !special.isRegular && !ids.contains(special.id) {
            let airs = special.airsAt ?? Int.max
            let index = merged.firstIndex { ($0.facts?.airsAt ?? Int.max) > airs } ?? merged.endIndex
            merged.insert((special.recordBytes, special.facts), at: index)
        }
        return merged.map(\.record)
    }
}
