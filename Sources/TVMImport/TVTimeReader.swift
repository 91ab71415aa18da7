import Foundation
import TVMRecords

/// Reads TV Time's GDPR export: the tracking records, the followed shows, the per-show data and the older seen
/// episodes (joined to the followed shows by name, having no show id).
enum TVTimeReader {
    static func read(_ files: [ExportFile]) -> ImportHistory {
        var history = ImportHistory()
        // Names to TheTVDB ids, for seen_episode.csv.
        var idsByName: [String: Int] = [:]
        for file in files where file.role != .tvtimeSeen {
            history.append(read(file, idsByName: &idsByName))
        }
        for file in files where file.role == .tvtimeSeen {
            history.append(read(file, idsByName: &idsByName))
        }
        return history
    }

    private static func read(_ file: ExportFile, idsByName: inout [String: Int]) -> ImportHistory {
        var history = ImportHistory()
        history.files.append(file.name)
        var reader = CSVReader(bytes: file.bytes)
        guard let header = reader.next() else { return history }
        let columns = CSVColumns(header: header.fields)
        let required: [[String]]
        switch file.role {
        case .tvtimeTracking: required = [["key"], ["s_id"]]
        case .tvtimeSeen: required = [["tv_show_name"], ["episode_season_number"], ["episode_number"]]
        default: required = [["tv_show_id"]]
        }
        if let missing = required.first(where: { !columns.has($0) }) {
            history.problems.append(
                .badLayout(
                    file: file.name,
                    reason: "no column \(missing[0]) in the header (\(header.excerpt)): is it a TV Time export?"))
            return history
        }
        while let record = reader.next() {
            let origin = RowOrigin(file: file.name, line: record.line, bytes: record.bytes)
            if let problem = record.problem {
                history.skipped.append(SkippedRow(reason: .unreadable, detail: problem, origin: origin))
                continue
            }
            do throws(FieldProblem) {
                if let row = try row(record.fields, role: file.role, columns: columns, origin: origin, ids: &idsByName)
                {
                    history.rows.append(row)
                }
            } catch {
                history.skipped.append(SkippedRow(reason: .unreadable, detail: error.detail, origin: origin))
            }
        }
        return history
    }

    private static func row(
        _ fields: [String], role: ExportFileRole, columns: CSVColumns, origin: RowOrigin, ids: inout [String: Int]
    ) throws(FieldProblem) -> ImportRow? {
        switch role {
        case .tvtimeTracking:
            let key = columns.value(fields, ["key"]) ?? ""
            let show = ShowKey(
                thetvdb: try columns.number(fields, ["s_id"], label: "s_id"),
                title: columns.value(fields, ["series_name"]))
            if let id = show.thetvdb, let title = show.title { ids[title.lowercased()] = id }
            if key.hasPrefix("user-series-") {
                return ImportRow(show: show, episode: nil, watchedAt: nil, origin: origin)
            }
            guard key.hasPrefix("watch-episode") || key.hasPrefix("rewatch-episode") else {
                throw FieldProblem(
                    detail: "key \"\(Excerpt.field(key))\" is neither an episode watched nor a show followed")
            }
            let episode = try number(
                fields, columns, season: ["season_number", "s_no"], episode: ["episode_number", "ep_no"])
            return ImportRow(
                show: show, episode: episode, watchedAt: try time(fields, columns, ["created_at"]),
                isRewatch: key.hasPrefix("rewatch-"), origin: origin)
        case .tvtimeFollowed, .tvtimeShowData:
            let show = ShowKey(
                thetvdb: try columns.number(fields, ["tv_show_id"], label: "tv_show_id"),
                title: columns.value(fields, ["tv_show_name"]))
            if let id = show.thetvdb, let title = show.title { ids[title.lowercased()] = id }
            if role == .tvtimeShowData && columns.value(fields, ["is_followed"]) == "0" { return nil }
            let archived = ["1", "true"].contains(columns.value(fields, ["archived"])?.lowercased() ?? "")
            return ImportRow(show: show, episode: nil, watchedAt: nil, archived: archived, origin: origin)
        default:
            let title = columns.value(fields, ["tv_show_name"])
            let show = ShowKey(thetvdb: title.flatMap { ids[$0.lowercased()] }, title: title)
            let episode = try number(fields, columns, season: ["episode_season_number"], episode: ["episode_number"])
            return ImportRow(
                show: show, episode: episode, watchedAt: try time(fields, columns, ["created_at"]), origin: origin)
        }
    }

    /// The season and number of a row; both must be filled.
    static func number(_ fields: [String], _ columns: CSVColumns, season: [String], episode: [String])
        throws(FieldProblem) -> EpisodeNumber
    {
        guard let s = try columns.number(fields, season, label: season[0]),
            let e = try columns.number(fields, episode, label: episode[0])
        else {
            throw FieldProblem(detail: "no \(season[0]) or \(episode[0]) in the row")
        }
        return EpisodeNumber(season: s, number: e)
    }

    /// The time of a row: `nil` when the field is empty.
    static func time(_ fields: [String], _ columns: CSVColumns, _ names: [String]) throws(FieldProblem) -> Date? {
        let text = columns.value(fields, names) ?? ""
        guard let date = ExportDate.parse(text) else {
            throw FieldProblem(
                detail:
                    "\(names[0]) \"\(Excerpt.field(text))\" is not a time such as 2019-01-02 21:00:00 or 2019-01-02T21:00:00Z"
            )
        }
        return date
    }
}
