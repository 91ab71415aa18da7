import Foundation
import Testing

@testable import TVMImport

/// The export readers of `tvm-fav import`: CSV records, file roles, times, layouts.
@Suite("Reading trackers' exports")
struct ImportReaderTests {
    func records(_ text: String) -> [CSVReader.Record] {
        var reader = CSVReader(bytes: Array(text.utf8))
        var records: [CSVReader.Record] = []
        while let record = reader.next() { records.append(record) }
        return records
    }

    @Test("CSV: a BOM, CRLF, quoted commas, doubled quotes and a line break in quotes are read; blank lines skipped")
    func csvRecords() {
        let records = records("\u{FEFF}a,b\r\n\"x, y\",\"say \"\"hi\"\"\"\r\n\r\n\"two\nlines\",z\r\n")
        #expect(records.map(\.fields) == [["a", "b"], ["x, y", "say \"hi\""], ["two\nlines", "z"]])
        #expect(records.map(\.line) == [1, 2, 4])
        #expect(records[1].original == "\"x, y\",\"say \"\"hi\"\"\"")
        #expect(records.allSatisfy { $0.problem == nil })
    }

    // Regression: a file with CR line ends (Excel's "CSV (Macintosh)") was one header line: "holds no show", exit 1.
    @Test("CSV: lines ended by CR alone are lines, a CR inside quotes is a line break")
    func csvOldMacLineEnds() {
        let records = records("show,season\rGirls,1\r\"two\rlines\",2\r")
        #expect(records.map(\.fields) == [["show", "season"], ["Girls", "1"], ["two\nlines", "2"]])
        #expect(records.map(\.line) == [1, 2, 3])
        // A CR in a file that has LFs is text, as before.
        #expect(self.records("a,b\nx\ry,z\n").map(\.fields) == [["a", "b"], ["x\ry", "z"]])
    }

    @Test("CSV from spreadsheets: UTF-16 with or without its BOM; semicolons or tabs when the first line has no comma")
    func csvFromSpreadsheets() {
        #expect(
            records("show;season;episode\nGirls;1;2\n\"A; B\";1;3\n").map(\.fields) == [
                ["show", "season", "episode"], ["Girls", "1", "2"], ["A; B", "1", "3"],
            ])
        #expect(records("show\tseason\nGirls\t1\n").map(\.fields) == [["show", "season"], ["Girls", "1"]])
        // A comma in the first line keeps the comma: a semicolon is then text, and so is a tab.
        #expect(records("show,note\nGirls,a;b\tc\n").map(\.fields) == [["show", "note"], ["Girls", "a;b\tc"]])
        let encodings: [([UInt8], String.Encoding)] = [
            ([0xFF, 0xFE], .utf16LittleEndian), ([0xFE, 0xFF], .utf16BigEndian),
        ]
        // With its byte order mark, or without one (a zero byte beside the first character tells the order).
        for (bom, encoding) in encodings + encodings.map({ ([], $0.1) }) {
            var reader = CSVReader(bytes: bom + Array("show;season\r\nÉlite;1\r\n".data(using: encoding)!))
            var fields: [[String]] = []
            while let record = reader.next() { fields.append(record.fields) }
            #expect(fields == [["show", "season"], ["Élite", "1"]], "\(bom) \(encoding)")
        }
        let semicolons = Array("TVDB_ID;Title;Season;Number\n264492;UTD;1;2\n".utf8)
        let history = PlainCSVReader.read(ExportFile(name: "h.csv", role: .plainCSV, bytes: semicolons))
        #expect(history.problems.isEmpty)
        #expect(history.rows.first?.episode == EpisodeNumber(season: 1, number: 2))
    }

    @Test("the plain rows as JSON Lines, as tvm-fav export prints them: keys are columns; bad lines are skipped")
    func plainJSONLines() {
        let lines = """
            {"tvmaze_id":1,"show":"Under the Dome","season":1,"episode":2,"watched_at":"2019-01-02T21:00:00Z"}
            {"tvmaze_id":139,"show":"Girls","season":null,"episode":null,"watched_at":null}
            {"tvmaze_id":1,"season":"x","episode":3}
            [1]
            """
        let history = PlainCSVReader.read(ExportFile(name: "e.jsonl", role: .plainCSV, bytes: Array(lines.utf8)))
        #expect(history.problems.isEmpty)
        let shows = [ShowKey(tvmaze: 1, title: "Under the Dome"), ShowKey(tvmaze: 139, title: "Girls")]
        #expect(history.rows.map(\.show) == shows)
        #expect(history.rows.map(\.episode) == [EpisodeNumber(season: 1, number: 2), nil])
        #expect(history.rows.map(\.watchedAt) == [Date(timeIntervalSince1970: 1_546_462_800), nil])
        #expect(history.skipped.map(\.detail) == [#"season "x" is not a number"#, "not a JSON object"])
        #expect(history.skipped.map(\.origin.line) == [3, 4])
    }

    @Test("CSV: an unclosed quote is reported on its own line, and the rows after it still come")
    func csvUnclosedQuote() {
        let records = records("h\n\"open,1\nnext,2\n")
        #expect(records.count == 3)
        #expect(records[1].problem == "a quoted field is never closed")
        #expect(records[1].original == "\"open,1")
        #expect(records[2].fields == ["next", "2"])
        #expect(records[2].line == 3)
    }

    // Regression: a stray quote ran on to the next quote lines later, and the valid rows between were one broken
    // field: lost, neither named nor counted.
    @Test("CSV: a stray quote that a later quote closes is reported on its own line; the rows between still come")
    func csvStrayQuoteClosedLater() {
        let records = records("h,s,n\n1,\"Dome,1\n1,Dome,2\n1,Dome,3\n43,\"Outlander\",1\n")
        #expect(records.count == 5)
        #expect(records[1].problem == "text after a closing quote, in a field quoted past this line")
        #expect(records[1].original == "1,\"Dome,1")
        #expect(records[2].fields == ["1", "Dome", "2"] && records[2].line == 3)
        #expect(records[3].fields == ["1", "Dome", "3"])
        #expect(records[4].fields == ["43", "Outlander", "1"] && records[4].problem == nil)
    }

    @Test("CSV: a field over 1 MiB makes its record a problem, kept to 1 MiB, and the rows after it still come")
    func csvLongestField() {
        let limit = CSVReader.longestField
        let long = String(repeating: "x", count: limit + 10)
        let exact = String(repeating: "y", count: limit)
        let records = records("h,n\n\(long),1\n\"\(long)\",2\n\(exact),3\nnext,4\n")
        #expect(records.count == 5)
        // The record keeps its whole original line (`long,1` and `"long",2`), for --unmatched.
        for (record, lineLength) in zip(records[1...2], [limit + 12, limit + 14]) {
            #expect(record.problem == "a field longer than 1 MiB")
            #expect(record.fields == [String(repeating: "x", count: limit), record.line == 2 ? "1" : "2"])
            #expect(record.bytes.count == lineLength)
        }
        #expect(records[3].problem == nil && records[3].fields == [exact, "3"])
        #expect(records[4].fields == ["next", "4"] && records[4].line == 5)
    }

    @Test("file roles come from names after any prefix; credentials and personal data have none")
    func roles() {
        #expect(ExportFileRole.known(name: "3f9a1c_followed_tv_show.csv") == .tvtimeFollowed)
        #expect(ExportFileRole.known(name: "tracking-prod-records-v2.csv") == .tvtimeTracking)
        #expect(ExportFileRole.known(name: "tracking-prod-records.csv") == nil)
        #expect(ExportFileRole.known(name: "watched-history-12.json") == .traktHistory)
        #expect(ExportFileRole.known(name: "watched-history.json") == .traktHistory)
        #expect(ExportFileRole.known(name: "watched-history-x.json") == nil)
        #expect(ExportFileRole.known(name: "SimklBackup.json") == .simklBackup)
        #expect(ExportFileRole.known(name: "._SimklBackup.json") == nil)
        #expect(ExportFileRole.known(name: "._followed_tv_show.csv") == nil)
        for secret in [
            "access_token.csv", "auth-prod-login.csv", "account_info.csv", "user-settings.json", "user-profile.json",
        ] {
            #expect(ExportFileRole.known(name: secret) == nil)
        }
        #expect(ExportFileRole.sniff(Array("\u{FEFF}key,s_id,series_name\n".utf8)) == .tvtimeTracking)
        #expect(ExportFileRole.sniff(Array(#"[{"title":"x","tvMazeId":1}]"#.utf8)) == .sonarrSeries)
        #expect(ExportFileRole.sniff(Array(#"{"shows":[]}"#.utf8)) == .simklBackup)
        #expect(ExportFileRole.sniff(Array("show,season,episode\n".utf8)) == .plainCSV)
    }

    @Test("times: ISO 8601 with or without a zone, TV Time's form, a bare date; others refused; empty is no time")
    func times() throws {
        let instant = { (text: String) in try #require(ExportDate.parse(text) ?? nil).timeIntervalSince1970 }
        #expect(try instant("2018-11-13T21:30:00.250Z") == 1_542_144_600.25)
        #expect(try instant("2018-11-13T22:30:00+01:00") == 1_542_144_600)
        #expect(try instant("2018-11-13 21:30:00") == 1_542_144_600)
        #expect(try instant("2018-11-13") == 1_542_067_200)
        // Regression: RFC 3339's lower-case t and z, and PostgreSQL's +00, were refused.
        #expect(try instant("2018-11-13t21:30:00z") == 1_542_144_600)
        #expect(try instant("2018-11-13 21:30:00+00") == 1_542_144_600)
        #expect(try instant("2018-11-13T22:30:00+0100") == 1_542_144_600)
        #expect(try instant("2018-11-13T20:30:00.000-01") == 1_542_144_600)
        #expect(ExportDate.parse("11/13/2018 21:30") == nil)
        #expect(ExportDate.parse(" ") == .some(nil))
    }

    @Test("the plain CSV: renamed columns are found; a header without a show column is a layout problem")
    func plainLayout() {
        let renamed = PlainCSVReader.read(
            ExportFile(
                name: "h.csv", role: .plainCSV, bytes: Array("TVDB_ID,Title,Season,Number,Date\n264492,UTD,1,2,\n".utf8)
            ))
        #expect(renamed.problems.isEmpty)
        #expect(renamed.rows.first?.show == ShowKey(thetvdb: 264492, title: "UTD"))
        #expect(renamed.rows.first?.episode == EpisodeNumber(season: 1, number: 2))
        let bad = PlainCSVReader.read(ExportFile(name: "h.csv", role: .plainCSV, bytes: Array("a,b\n1,2\n".utf8)))
        #expect(bad.rows.isEmpty)
        #expect(
            bad.problems.first?.localizedDescription.hasPrefix("h.csv: the header (a,b) names no show column") == true)
    }

    @Test("JSON: an object where an array belongs is reported whole; a movie and anime are skipped with reasons")
    func jsonShapes() {
        let notArray = JSONExportReader.read(ExportFile(name: "w.json", role: .traktHistory, bytes: Array("{}".utf8)))
        #expect(notArray.problems.count == 1)
        let simkl = JSONExportReader.read(
            ExportFile(
                name: "SimklBackup.json", role: .simklBackup,
                bytes: Array(
                    #"{"shows":[{"show":{"title":"UTD","ids":{"tvdb":264492}}}],"anime":[{}],"movies":[{},{}]}"#.utf8)))
        #expect(simkl.rows.count == 1)
        #expect(simkl.rows.first?.episode == nil)
        #expect(simkl.skipped.map(\.reason) == [.anime, .movie, .movie])
    }

    // Regression: an entry's "line" was its place in the array, which sends the reader of a pretty-printed
    // export (Trakt's are) to the wrong line.
    @Test("JSON: an entry is reported at the line it starts on, in a pretty-printed file too")
    func jsonLines() {
        let trakt = """
            [
              {
                "watched_at": "2018-11-13T21:30:00.000Z",
                "type": "movie", "movie": {"title": "[x], \\"{y}\\"", "ids": {"trakt": 1}}
              },
              {"watched_at": "2018-11-13T21:30:00.000Z", "type": "movie", "movie": {"ids": {}}}, {
                "watched_at": "2018-11-13T21:30:00.000Z", "type": "movie", "movie": {"ids": {}}
              }
            ]
            """
        let history = JSONExportReader.read(ExportFile(name: "h.json", role: .traktHistory, bytes: Array(trakt.utf8)))
        #expect(history.skipped.map(\.origin.line) == [2, 6, 6])
        let simkl = """
            {"movies": [{}],
             "shows": [ {"show": {"title": "a", "ids": {}}},
                 [1, 2],
                 {"show": {"title": "[{,", "ids": {}}} ],
             "anime": [
              {}, {}
             ]}
            """
        #expect(JSONElementLines.lines(in: Array(simkl.utf8), member: "shows") == [2, 3, 4])
        #expect(JSONElementLines.lines(in: Array(simkl.utf8), member: "anime") == [6, 6])
        #expect(JSONElementLines.lines(in: Array(simkl.utf8), member: "movies") == [1])
        #expect(JSONElementLines.lines(in: Array(simkl.utf8), member: "none").isEmpty)
        #expect(JSONElementLines.lines(in: Array("[]".utf8)).isEmpty)
        #expect(JSONElementLines.lines(in: Array(" [ \n ] ".utf8)).isEmpty)
    }
}
