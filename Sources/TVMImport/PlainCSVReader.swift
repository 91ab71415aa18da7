import Foundation
import TVMRecords

/// Reads the plain CSV: one watched episode per row, the show named by `tvmaze_id`, `thetvdb_id` or `imdb_id`
/// (or only `show`, a title), then `season`, `episode`, `watched_at`. A row without season and episode is a show
/// to follow. Common other names of the columns are accepted too (`tvdb_id`, `title`, `number`, `date` …). The
/// same rows as JSON Lines, one object a line with the columns as keys (what `tvm-fav export` prints), are read too,
/// and so is the array of them that `--format json` prints.
enum PlainCSVReader {
    static let tvmaze = ["tvmaze_id", "tvmaze"]
    static let thetvdb = ["thetvdb_id", "tvdb_id", "thetvdb", "tvdb"]
    static let imdb = ["imdb_id", "imdb"]
    static let title = ["show", "title", "show_name", "series", "name"]
    static let season = ["season", "season_number"]
    static let episode = ["episode", "number", "episode_number"]
    static let watchedAt = ["watched_at", "watched", "date"]

    static func read(_ file: ExportFile) -> ImportHistory {
        if let start = ExportFileRole.contentStart(file.bytes),
            [UInt8(ascii: "{"), UInt8(ascii: "[")].contains(file.bytes[start])
        {
            return readJSONLines(file)
        }
        var history = ImportHistory()
        history.files.append(file.name)
        var reader = CSVReader(bytes: file.bytes)
        guard let header = reader.next() else { return history }
        let columns = CSVColumns(header: header.fields)
        guard [tvmaze, thetvdb, imdb, title].contains(where: columns.has) else {
            history.problems.append(
                .badLayout(
                    file: file.name,
                    reason: """
                        the header (\(header.excerpt)) names no show column: expected tvmaze_id, thetvdb_id, \
                        imdb_id or show, then season, episode, watched_at
                        """))
            return history
        }
        if columns.has(season) != columns.has(episode) {
            history.problems.append(
                .badLayout(
                    file: file.name,
                    reason: "the header (\(header.excerpt)) has \(columns.has(season) ? "season" : "episode") "
                        + "but no \(columns.has(season) ? "episode" : "season") column"))
            return history
        }
        while let record = reader.next() {
            let origin = RowOrigin(file: file.name, line: record.line, bytes: record.bytes)
            if let problem = record.problem {
                history.skipped.append(SkippedRow(reason: .unreadable, detail: problem, origin: origin))
                continue
            }
            do throws(FieldProblem) {
                history.rows.append(try row(record.fields, columns: columns, origin: origin))
            } catch {
                history.skipped.append(SkippedRow(reason: .unreadable, detail: error.detail, origin: origin))
            }
        }
        return history
    }

    /// The rows as JSON Lines: each line an object whose keys are the columns; numbers are read as their text.
    private static func readJSONLines(_ file: ExportFile) -> ImportHistory {
        var history = ImportHistory()
        history.files.append(file.name)
        var reader = JSONLinesReader(bytes: file.bytes)
        // The lines as written, split only once a line cannot be read: its --unmatched "original" (up to 64 KiB).
        var written: [ArraySlice<UInt8>]?
        while let line = reader.next() {
            var original: ArraySlice<UInt8>
            if let record = line.record {
                original = record[...]
            } else {
                let lines = written ?? file.bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
                written = lines
                original = lines[line.number - 1]
            }
            if original.last == UInt8(ascii: "\r") { original.removeLast() }
            if original.count > 65_536 { original = [] }
            let origin = RowOrigin(file: file.name, line: line.number, bytes: original)
            let record = line.record ?? []
            guard let object = try? JSONSerialization.jsonObject(with: Data(record)) as? [String: Any] else {
                // The reader's message starts "line N: ", which the warning already says.
                var detail = line.error?.localizedDescription ?? "not a JSON object"
                if detail.hasPrefix("line \(line.number): ") { detail.removeFirst("line \(line.number): ".count) }
                history.skipped.append(SkippedRow(reason: .unreadable, detail: detail, origin: origin))
                continue
            }
            let keys = Array(object.keys)
            let fields = keys.map { key -> String in
                switch object[key] {
                case let text as String: return text
                case let number as NSNumber: return number.stringValue
                default: return ""
                }
            }
            do throws(FieldProblem) {
                history.rows.append(try row(fields, columns: CSVColumns(header: keys), origin: origin))
            } catch {
                history.skipped.append(SkippedRow(reason: .unreadable, detail: error.detail, origin: origin))
            }
        }
        return history
    }

    private static func row(_ fields: [String], columns: CSVColumns, origin: RowOrigin) throws(FieldProblem)
        -> ImportRow
    {
        let show = ShowKey(
            tvmaze: try columns.number(fields, tvmaze, label: "tvmaze_id"),
            thetvdb: try columns.number(fields, thetvdb, label: "thetvdb_id"),
            imdb: columns.value(fields, imdb), title: columns.value(fields, title))
        guard show.hasID || show.title != nil else {
            throw FieldProblem(detail: "no tvmaze_id, thetvdb_id, imdb_id or show in the row")
        }
        let s = try columns.number(fields, season, label: "season")
        let e = try columns.number(fields, episode, label: "episode")
        let time = try TVTimeReader.time(fields, columns, watchedAt)
        guard let s, let e else {
            if s != nil || e != nil { throw FieldProblem(detail: "a season without an episode number, or the reverse") }
            return ImportRow(show: show, episode: nil, watchedAt: nil, origin: origin)
        }
        return ImportRow(show: show, episode: EpisodeNumber(season: s, number: e), watchedAt: time, origin: origin)
    }
}
