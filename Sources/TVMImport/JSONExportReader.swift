import Foundation
import TVMRecords

/// Reads the JSON exports: Trakt's history and watched shows, Simkl's backup, Sonarr's series list.
///
/// Each element is read on its own, so one odd element is reported (with the line it starts on) and the others
/// come; a file that is not JSON of the expected shape is reported whole.
enum JSONExportReader {
    static func read(_ file: ExportFile) -> ImportHistory {
        var history = ImportHistory()
        history.files.append(file.name)
        var bytes = file.bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
        } catch {
            history.problems.append(.badLayout(file: file.name, reason: "not valid JSON (\(Self.describe(error)))"))
            return history
        }
        switch file.role {
        case .simklBackup:
            guard let object = root as? [String: Any] else {
                history.problems.append(
                    .badLayout(file: file.name, reason: "not a JSON object with \"shows\" (a Simkl backup is one)"))
                return history
            }
            for (key, reason) in [("shows", nil), ("anime", SkipReason.anime), ("movies", .movie)] {
                guard let list = object[key] as? [Any] else { continue }
                let lines = JSONElementLines.lines(in: bytes, member: key)
                for (index, element) in list.enumerated() {
                    let origin = RowOrigin(file: file.name, line: line(index, lines), original: compact(element))
                    if let reason {
                        history.skipped.append(SkippedRow(reason: reason, detail: key, origin: origin))
                    } else {
                        add(simkl: element, origin: origin, to: &history)
                    }
                }
            }
        default:
            guard let list = root as? [Any] else {
                history.problems.append(
                    .badLayout(file: file.name, reason: "not a JSON array (this export file is an array of entries)"))
                return history
            }
            let lines = JSONElementLines.lines(in: bytes)
            for (index, element) in list.enumerated() {
                let origin = RowOrigin(file: file.name, line: line(index, lines), original: compact(element))
                guard let object = element as? [String: Any] else {
                    history.skipped.append(
                        SkippedRow(reason: .unreadable, detail: "the entry is not a JSON object", origin: origin))
                    continue
                }
                switch file.role {
                case .sonarrSeries: add(sonarr: object, origin: origin, to: &history)
                case .traktShows: add(traktShow: object, origin: origin, to: &history)
                default: add(traktEvent: object, origin: origin, to: &history)
                }
            }
        }
        return history
    }

    /// The line element `index` starts on; its place from 1 should the lines not match the parsed list.
    private static func line(_ index: Int, _ lines: [Int]) -> Int {
        index < lines.count ? lines[index] : index + 1
    }

    private static func add(traktEvent object: [String: Any], origin: RowOrigin, to history: inout ImportHistory) {
        let type = object["type"] as? String
        if type == "movie" || object["movie"] != nil {
            history.skipped.append(SkippedRow(reason: .movie, detail: "a movie", origin: origin))
            return
        }
        guard let show = object["show"] as? [String: Any], let episode = object["episode"] as? [String: Any],
            let season = integer(episode["season"]), let number = integer(episode["number"])
        else {
            history.skipped.append(
                SkippedRow(
                    reason: .unreadable, detail: "no show, or no episode season and number, in the entry",
                    origin: origin))
            return
        }
        guard let time = exportTime(object["watched_at"]) else {
            history.skipped.append(
                SkippedRow(
                    reason: .unreadable,
                    detail:
                        "watched_at \"\(Excerpt.field("\(object["watched_at"] ?? "")"))\" is not an ISO 8601 time",
                    origin: origin))
            return
        }
        history.rows.append(
            ImportRow(
                show: key(show), episode: EpisodeNumber(season: season, number: number), watchedAt: time,
                origin: origin))
    }

    private static func add(traktShow object: [String: Any], origin: RowOrigin, to history: inout ImportHistory) {
        guard let show = object["show"] as? [String: Any] else {
            history.skipped.append(SkippedRow(reason: .unreadable, detail: "no show in the entry", origin: origin))
            return
        }
        addSeasons(of: object, show: key(show), timeKey: "last_watched_at", origin: origin, to: &history)
    }

    private static func add(simkl element: Any, origin: RowOrigin, to history: inout ImportHistory) {
        guard let object = element as? [String: Any], let show = object["show"] as? [String: Any] else {
            history.skipped.append(SkippedRow(reason: .unreadable, detail: "no show in the entry", origin: origin))
            return
        }
        addSeasons(of: object, show: key(show), timeKey: "watched_at", origin: origin, to: &history)
    }

    /// The rows of a show's `seasons[].episodes[]` (Trakt's watched shows, Simkl), each episode's time under
    /// `timeKey`; a show with no episode listed is one row without an episode, so that it is still followed.
    private static func addSeasons(
        of object: [String: Any], show showKey: ShowKey, timeKey: String, origin: RowOrigin,
        to history: inout ImportHistory
    ) {
        var any = false
        for case let season as [String: Any] in object["seasons"] as? [Any] ?? [] {
            guard let s = integer(season["number"]) else { continue }
            for case let episode as [String: Any] in season["episodes"] as? [Any] ?? [] {
                guard let e = integer(episode["number"]) else { continue }
                any = true
                guard let time = exportTime(episode[timeKey]) else {
                    history.skipped.append(
                        SkippedRow(
                            reason: .unreadable,
                            detail: "S\(s)E\(e) \(timeKey) \"\(Excerpt.field("\(episode[timeKey] ?? "")"))\" is not an "
                                + "ISO 8601 time",
                            origin: origin))
                    continue
                }
                history.rows.append(
                    ImportRow(
                        show: showKey, episode: EpisodeNumber(season: s, number: e), watchedAt: time, origin: origin))
            }
        }
        if !any { history.rows.append(ImportRow(show: showKey, episode: nil, watchedAt: nil, origin: origin)) }
    }

    /// A time field: `.some(nil)` when absent or null, `nil` when it holds something that is not a time (a number,
    /// a date in another format), which the caller reports rather than import the mark without its time.
    private static func exportTime(_ value: Any?) -> Date?? {
        guard let value, !(value is NSNull) else { return .some(nil) }
        guard let text = value as? String else { return nil }
        return ExportDate.parse(text)
    }

    private static func add(sonarr object: [String: Any], origin: RowOrigin, to history: inout ImportHistory) {
        let show = ShowKey(
            tvmaze: integer(object["tvMazeId"]), thetvdb: integer(object["tvdbId"]),
            imdb: object["imdbId"] as? String, title: object["title"] as? String)
        history.rows.append(ImportRow(show: show, episode: nil, watchedAt: nil, origin: origin))
    }

    /// A show's key from Trakt's or Simkl's `{"title", "ids": {"tvdb", "imdb", "tvmaze"?}}`.
    private static func key(_ show: [String: Any]) -> ShowKey {
        let ids = show["ids"] as? [String: Any] ?? [:]
        return ShowKey(
            tvmaze: integer(ids["tvmaze"]), thetvdb: integer(ids["tvdb"]), imdb: ids["imdb"] as? String,
            title: show["title"] as? String)
    }

    /// A JSON number or numeric string as an integer.
    private static func integer(_ value: Any?) -> Int? {
        if let number = value as? NSNumber { return number.intValue }
        if let text = value as? String { return Int(text) }
        return nil
    }

    /// An element as compact JSON, for `--unmatched`.
    private static func compact(_ element: Any) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: element, options: [.fragmentsAllowed]) else {
            return "\(element)"
        }
        return String(decoding: data, as: UTF8.self)
    }

    private static func describe(_ error: Error) -> String {
        let nsError = error as NSError
        return (nsError.userInfo[NSDebugDescriptionErrorKey] as? String) ?? nsError.localizedDescription
    }
}
