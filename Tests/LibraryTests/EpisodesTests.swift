import Foundation
import Testing

@testable import TVMImages
@testable import TVMRecords
@testable import TVMStore
@testable import TVMTerminal
@testable import TVMazeAPI

@Suite("Episodes: airstamps, filters, season groups")
struct EpisodesTests {
    @Test("airstamps are read as UTC instants, whatever their offset")
    func airstampOffsets() throws {
        #expect(Airstamp.instant("2016-06-21T22:00:00-04:00") == Airstamp.instant("2016-06-22T02:00:00+00:00"))
        #expect(Airstamp.instant("2013-06-25T02:00:00Z") == Airstamp.instant("2013-06-25T02:00:00+00:00"))
        #expect(Airstamp.instant("2013-06-25T04:30:00+0230") == Airstamp.instant("2013-06-25T02:00:00Z"))
        #expect(Airstamp.instant("1970-01-01T00:00:00+00:00") == 0)
        #expect(Airstamp.instant("2013-06-25T02:00:00.500+00:00") == Airstamp.instant("2013-06-25T02:00:00Z"))
        #expect(Airstamp.instant("2013-06-25T02:00+00:00") == Airstamp.instant("2013-06-25T02:00:00Z"))
        for bad in [
            "", "2013-06-25", "2013-06-25T25:00:00+00:00", "2013-06-25T02:00:00+0", "2013-02-30T00:00:00Z",
            "2013-06-25T02:00:00+00:00x", "2013-06-25T02:00:00.+00:00",
        ] {
            #expect(Airstamp.instant(bad) == nil, "\(bad)")
        }
    }

    @Test("instants agree with Foundation's ISO 8601 parser over many days and offsets")
    func airstampMatchesFoundation() throws {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        var day = try #require(Airstamp.startOfDay("1999-12-25"))
        for step in 0..<400 {
            day += 86_400 * 7 + 3_661
            let date = Date(timeIntervalSince1970: Double(day))
            let offset = (step % 5 - 2) * 3_600 + (step % 2) * 1_800
            formatter.timeZone = TimeZone(secondsFromGMT: offset)
            let text = formatter.string(from: date)
            #expect(Airstamp.instant(text) == day, "\(text)")
        }
    }

    @Test("a day must exist: leap years are honoured, 30 February is refused")
    func startOfDay() {
        #expect(Airstamp.startOfDay("2024-02-29") == 1_709_164_800)
        #expect(Airstamp.startOfDay("2000-02-29") != nil)
        #expect(Airstamp.startOfDay("1900-02-29") == nil)
        #expect(Airstamp.startOfDay("2023-02-29") == nil)
        #expect(Airstamp.startOfDay("2024-04-31") == nil)
        #expect(Airstamp.startOfDay("2024-13-01") == nil)
        #expect(Airstamp.startOfDay("24-01-01") == nil)
        #expect(Airstamp.startOfDay("2024-1-01") == nil)
    }

    @Test("the filter keeps the chosen seasons and episodes airing on or after the day")
    func filter() throws {
        func episode(season: String, airstamp: String) -> [UInt8] {
            Array(#"{"id":1,"season":\#(season),"number":1,"airstamp":\#(airstamp)}"#.utf8)
        }
        let since = try #require(Airstamp.startOfDay("2016-06-22"))
        let filter = EpisodeFilter(seasons: [5], since: since)
        #expect(filter.includes(episode(season: "5", airstamp: #""2016-06-21T22:00:00-04:00""#)))
        #expect(!filter.includes(episode(season: "5", airstamp: #""2016-06-21T19:59:59-04:00""#)))
        #expect(!filter.includes(episode(season: "4", airstamp: #""2016-06-21T22:00:00-04:00""#)))
        #expect(!filter.includes(episode(season: "5", airstamp: "null")))
        #expect(!filter.includes(episode(season: "5", airstamp: #""""#)))
        #expect(!filter.includes(episode(season: "null", airstamp: #""2017-01-01T00:00:00Z""#)))
        #expect(!filter.includes(episode(season: #""5""#, airstamp: #""2017-01-01T00:00:00Z""#)))
        #expect(EpisodeFilter(seasons: [5]).includes(episode(season: "5", airstamp: "null")))
        #expect(EpisodeFilter().includes(Array("{}".utf8)))
        #expect(EpisodeFilter().keepsEverything)
    }

    @Test("season records carry the episodes' own bytes, seasons ascending, info only where known")
    func seasonRecords() {
        let records = [
            #"{"id":3,"season":2,"number":1}"#, #"{"id":1,"season":1, "number":1}"#,
            #"{"id":9,"season":1,"number":null}"#,
            #"{"id":4,"season":null,"number":5}"#,
        ].map { Array($0.utf8) }
        let list = ShowEpisodes(show: ShowLabel(id: 7, name: "Caf\u{E9} \"Q\""), records: records)
        #expect(list.seasons.map(\.number) == [1, 2, nil])
        let lines = list.seasonRecords(info: [2: Array(#"{"id":20,"number":2}"#.utf8)]).map {
            String(decoding: $0, as: UTF8.self)
        }
        #expect(
            lines == [
                #"{"show":{"id":7,"name":"Café \"Q\""},"season":1,"episodes":[{"id":1,"season":1, "number":1},"#
                    + #"{"id":9,"season":1,"number":null}]}"#,
                #"{"show":{"id":7,"name":"Café \"Q\""},"season":2,"episodes":[{"id":3,"season":2,"number":1}],"#
                    + #""info":{"id":20,"number":2}}"#,
                #"{"show":{"id":7,"name":"Café \"Q\""},"season":null,"episodes":[{"id":4,"season":null,"number":5}]}"#,
            ])
        for line in lines {
            #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "\(line)")
        }
    }

    @Test("labelled records end with _tvm.show and are otherwise unchanged; an unknown name is null")
    func labelledRecords() throws {
        let list = ShowEpisodes(show: ShowLabel(id: 5, name: nil), records: [Array(#"{"id":1,"name":"A"}"#.utf8)])
        let labelled = try list.labelledRecords().map { String(decoding: $0, as: UTF8.self) }
        #expect(labelled == [#"{"id":1,"name":"A","_tvm":{"show":{"id":5,"name":null}}}"#])
    }

    @Test("the show name and averageRuntime come from the same member as the show id")
    func showNames() throws {
        let cases: [(String, ReferencedShow)] = [
            (
                #"{"score":17.2,"show":{"id":139,"name":"Girls","averageRuntime":30}}"#,
                ReferencedShow(id: 139, name: "Girls", averageRuntime: 30)
            ),
            (
                #"{"id":1,"name":"Under the Dome","averageRuntime":60,"_tvm":{"note":"x"}}"#,
                ReferencedShow(id: 1, name: "Under the Dome", averageRuntime: 60)
            ),
            (
                #"{"id":5,"name":"Pilot","runtime":50,"_embedded":{"show":{"id":82,"name":"Game of Thrones"}}}"#,
                ReferencedShow(id: 82, name: "Game of Thrones", averageRuntime: nil)
            ),
            (#"{"id":1,"name":null,"averageRuntime":"long"}"#, ReferencedShow(id: 1, name: nil, averageRuntime: nil)),
            ("82", ReferencedShow(id: 82, name: nil, averageRuntime: nil)),
            (#""82""#, ReferencedShow(id: 82, name: nil, averageRuntime: nil)),
        ]
        for (line, show) in cases {
            #expect(try ShowReference.show(fromLine: Array(line.utf8)) == show, "\(line)")
        }
    }
}
