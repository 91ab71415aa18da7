import Foundation
import Testing

@testable import TVMCommandLine
@testable import TVMRecords
@testable import TVMStore
@testable import TVMTerminal

@Suite("RFC 5545 text, episode codes, watch input lines, the clock, air times")
struct CalendarTests {
    @Test("lines are folded at 75 octets, continuation lines start with a space, and no UTF-8 sequence is split")
    func folding() {
        let line = "DESCRIPTION:" + String(repeating: "é", count: 100)
        let folded = ICalendar.fold(line)
        #expect(folded.hasSuffix("\r\n"))
        let parts = folded.components(separatedBy: "\r\n").dropLast()
        #expect(parts.count > 1)
        #expect(parts.allSatisfy { $0.utf8.count <= 75 })
        #expect(parts.dropFirst().allSatisfy { $0.hasPrefix(" ") })
        #expect(
            parts.enumerated().map { $0.offset == 0 ? $0.element : String($0.element.dropFirst()) }.joined() == line)
        #expect(ICalendar.fold("SHORT:x") == "SHORT:x\r\n")
    }

    @Test("TEXT escapes backslash, semicolon, comma and newlines, and drops other control characters")
    func escaping() {
        #expect(ICalendar.escape("a\\b;c,d\ne\r\nf\u{1B}[31mg\th") == "a\\\\b\\;c\\,d\\ne\\nf[31mg\th")
        // C1 controls (two UTF-8 bytes, C2 80 to C2 9F) go; the letters beside them, in any script, stay.
        #expect(ICalendar.escape("é\u{85}Ä\u{9B}1m\u{A0}日本\r") == "éÄ1m\u{A0}日本\\n")
        #expect(ICalendar.escape("\u{7F}x\u{C2}") == "x\u{C2}")
    }

    @Test(
        "a name with CR/LF made calcurse reject the whole calendar: SUMMARY folds line breaks to spaces, bidi controls go"
    )
    func oneLineSummary() throws {
        let record = Array(
            #"{"id":9,"airdate":"2020-01-01","airtime":"","season":1,"number":1,"name":"Pilot\u2028Two","summary":"<p>a</p><p>b</p>"}"#
                .utf8)
        let event = try #require(
            ICalendar.event(
                for: record, show: "Bad\r\nShow\n\u{202E}gnp.exe\u{2066}x\u{200F}", averageRuntime: nil, stamp: 0))
        let text = String(decoding: ICalendar.text(of: event), as: UTF8.self)
        let summary = try #require(text.components(separatedBy: "\r\n").first { $0.hasPrefix("SUMMARY:") })
        #expect(summary == "SUMMARY:Bad Show gnp.exex S01E01 Pilot Two")
        #expect(ICalendar.escape("a\r\nb\nc\rd\u{0B}e\u{85}f", oneLine: true) == "a b c d e f")
        #expect(
            ICalendar.escape("a\u{202A}b\u{202B}c\u{202C}d\u{202D}e\u{2067}f\u{2068}g\u{2069}h\u{200E}i") == "abcdefghi"
        )
        // DESCRIPTION keeps its escaped newlines, and escaping still holds in a one-line value.
        #expect(text.contains("DESCRIPTION:a\\n"), "\(text)")
        #expect(ICalendar.escape("x;y,z\\\nw", oneLine: true) == "x\\;y\\,z\\\\ w")
        let header = String(decoding: ICalendar.header(name: "tvm\r\nname"), as: UTF8.self)
        #expect(header.hasSuffix("X-WR-CALNAME:tvm name\r\n"))
    }

    @Test("a URL with a line break or a quote is left out, and control characters are dropped from the others")
    func urls() throws {
        let base = #"{"id":9,"airdate":"2020-01-01","airtime":"","url":"#
        for (url, line) in [
            (#""https://www.tvmaze.com/episodes/9""#, "URL:https://www.tvmaze.com/episodes/9\r\n"),
            (#""https://x.test/a\u0007b""#, "URL:https://x.test/ab\r\n"),
            (#""https://x.test/a\u2028b""#, nil),
            (#""https://x.test/a\"b""#, nil),
            (#""https://x.test/a\rb""#, nil),
        ] {
            let event = try #require(
                ICalendar.event(for: Array((base + url + "}").utf8), show: nil, averageRuntime: nil, stamp: 0))
            let text = String(decoding: ICalendar.text(of: event), as: UTF8.self)
            if let line { #expect(text.contains(line), "\(url)") } else { #expect(!text.contains("URL:"), "\(url)") }
        }
    }

    // Regression: an airstamp at the end of 9999 with a long runtime wrote DTEND:100000101T095900Z.
    @Test("an event that would end after 9999 is left out; one that ends within it is kept")
    func lastYear() {
        func event(_ airstamp: String, runtime: Int) -> ICalendar.Event? {
            let record =
                #"{"id":1,"season":1,"number":1,"airdate":"9999-12-31","airtime":"23:59","airstamp":""#
                + airstamp + #"","runtime":\#(runtime)}"#
            return ICalendar.event(for: Array(record.utf8), show: "S", averageRuntime: nil, stamp: 0)
        }
        #expect(event("9999-12-31T23:59:00+00:00", runtime: 600) == nil)
        let kept = event("9999-12-31T20:00:00+00:00", runtime: 60).map { ICalendar.text(of: $0) }
        #expect(kept.map { String(decoding: $0, as: UTF8.self).contains("DTEND:99991231T210000Z") } == true)
    }

    @Test(
        "an episode with an air time starts at its airstamp in UTC and lasts its runtime, else the show's, else 30 min")
    func timedEvent() throws {
        let record = Array(
            #"{"id":7,"url":"https://www.tvmaze.com/episodes/7","name":"A, B; C","season":1,"number":2,"airdate":"2013-06-24","airtime":"22:00","airstamp":"2013-06-24T22:00:00-04:00","runtime":null,"summary":"<p>One <b>two</b></p>"}"#
                .utf8)
        let event = try #require(ICalendar.event(for: record, show: "Show", averageRuntime: 45, stamp: 0))
        #expect(event.uid == "tvmaze-episode-7@tvm")
        #expect(event.start == .instant(1_372_125_600))
        #expect(event.end == .instant(1_372_125_600 + 45 * 60))
        #expect(event.summary == "Show S01E02 A, B; C")
        #expect(event.description == "One two")
        let text = String(decoding: ICalendar.text(of: event), as: UTF8.self)
        #expect(text.contains("DTSTART:20130625T020000Z\r\n"))
        #expect(text.contains("SUMMARY:Show S01E02 A\\, B\\; C\r\n"))
        let plain = try #require(ICalendar.event(for: record, show: "Show", averageRuntime: nil, stamp: 0))
        #expect(plain.end == .instant(1_372_125_600 + 30 * 60))
    }

    // Regression: a runtime near Int.max overflowed (a crash, and `tvm-fav serve` with it); 10^12 minutes wrote
    // a DTEND in the year 1,903,343.
    @Test("a runtime over a week is taken for a mistake, as 0 is: 30 minutes, and no crash")
    func absurdRuntime() throws {
        for runtime in ["9223372036854775807", "1000000000000", "10081"] {
            let record = Array(
                #"{"id":7,"airdate":"2013-06-24","airtime":"22:00","airstamp":"2013-06-24T22:00:00-04:00","runtime":\#(runtime)}"#
                    .utf8)
            let event = try #require(ICalendar.event(for: record, show: nil, averageRuntime: nil, stamp: 0))
            #expect(event.end == .instant(1_372_125_600 + 30 * 60), "\(runtime)")
        }
        let week = Array(#"{"id":7,"airtime":"22:00","airstamp":"2013-06-24T22:00:00-04:00","runtime":10080}"#.utf8)
        let event = try #require(ICalendar.event(for: week, show: nil, averageRuntime: nil, stamp: 0))
        #expect(event.end == .instant(1_372_125_600 + 10_080 * 60))
    }

    @Test("RFC 5545's dates have four-digit years, also before the year 1000")
    func fourDigitYears() throws {
        let record = Array(#"{"id":8,"airdate":"0999-05-05","airtime":""}"#.utf8)
        let event = try #require(ICalendar.event(for: record, show: nil, averageRuntime: nil, stamp: 0))
        let text = String(decoding: ICalendar.text(of: event), as: UTF8.self)
        #expect(text.contains("DTSTART;VALUE=DATE:09990505\r\n"), "\(text)")
        #expect(text.contains("DTSTAMP:19700101T000000Z\r\n"))
    }

    // Regression: a streaming release (no airtime, airstamp 12:00 UTC) left --upcoming and the served calendar
    // at noon UTC on its own day, while its all-day event still had hours to go.
    @Test("an all-day episode stays upcoming until its date has ended everywhere; a timed one until it starts")
    func upcomingWindow() throws {
        let release = try #require(
            EpisodeFacts(
                record: Array(
                    #"{"id":1,"airdate":"2021-09-17","airtime":"","airstamp":"2021-09-17T12:00:00+00:00"}"#.utf8)))
        let timed = try #require(
            EpisodeFacts(
                record: Array(
                    #"{"id":2,"airdate":"2021-09-17","airtime":"21:00","airstamp":"2021-09-17T12:00:00+00:00"}"#.utf8)))
        let noon = try #require(Airstamp.instant("2021-09-17T12:00:00Z"))
        let week = 7 * 86_400
        for (now, releaseKept, timedKept) in [
            (noon - 60, true, true), (noon + 1, true, false), (noon + 86_400 - 1, true, false),
            (noon + 86_400, false, false),
        ] {
            #expect(release.airs(in: now...(now + week)) == releaseKept, "\(now - noon) s after noon")
            #expect(timed.airs(in: now...(now + week)) == timedKept, "\(now - noon) s after noon")
        }
        // Past the window's end, neither is upcoming.
        #expect(!release.airs(in: (noon - 2 * week)...(noon - week)))
    }

    @Test("an episode with no air time is an all-day event on its airdate")
    func allDayEvent() throws {
        let record = Array(
            #"{"id":8,"name":"X","season":2,"number":null,"airdate":"2020-02-29","airtime":"","airstamp":"2020-02-29T12:00:00+00:00","runtime":60}"#
                .utf8)
        let event = try #require(ICalendar.event(for: record, show: nil, averageRuntime: nil, stamp: 0))
        let text = String(decoding: ICalendar.text(of: event), as: UTF8.self)
        #expect(text.contains("DTSTART;VALUE=DATE:20200229\r\n"))
        #expect(text.contains("DTEND;VALUE=DATE:20200301\r\n"))
        #expect(event.summary == "S02 special X")
    }

    @Test("episode codes read S02E05, s2e5 and 2x05, and refuse anything else")
    func codes() {
        #expect(EpisodeCode(parsing: "S02E05") == EpisodeCode(season: 2, number: 5))
        #expect(EpisodeCode(parsing: "s2e5") == EpisodeCode(season: 2, number: 5))
        #expect(EpisodeCode(parsing: "2x05") == EpisodeCode(season: 2, number: 5))
        for bad in ["", "S2", "E5", "S0E1", "S-1E2", "SxEy", "S2E5x", "S٢E5", "S1234567E1"] {
            #expect(EpisodeCode(parsing: bad) == nil, "\(bad)")
        }
        #expect(EpisodeCode(season: 12, number: 3).text == "S12E03")
        #expect(EpisodeCode(season: 1, number: 9) < EpisodeCode(season: 2, number: 1))
    }

    @Test("watch reads episode records, marks from tvm-fav watched, and bare ids; other lines are refused")
    func watchInput() throws {
        let record = try WatchInput(
            line: Array(#"{"id":5,"season":1,"number":5,"airdate":"x","_tvm":{"show":{"id":1,"name":"U"}}}"#.utf8),
            now: .now)
        #expect(record == WatchInput(episodeID: 5, showID: 1, watchedAt: nil, isMark: false))
        let linked = try WatchInput(
            line: Array(#"{"id":6,"season":1,"_links":{"show":{"href":"https://api.tvmaze.com/shows/43"}}}"#.utf8),
            now: .now)
        #expect(linked.showID == 43)
        let mark = try WatchInput(
            line: Array(#"{"episode":9,"show":2,"watched_at":"2024-03-01T20:00:00.250Z"}"#.utf8), now: .now)
        #expect(mark.isMark && mark.episodeID == 9 && mark.showID == 2)
        #expect(mark.watchedAt == Date(timeIntervalSince1970: 1_709_323_200.25))
        #expect(try WatchInput(line: Array("12".utf8), now: .now).episodeID == 12)
        #expect(try WatchInput(line: Array(#""12""#.utf8), now: .now).episodeID == 12)
        #expect(throws: WatchInputError.self) {
            try WatchInput(line: Array(#"{"id":1,"name":"Show","genres":[]}"#.utf8), now: .now)
        }
        #expect(throws: WatchInputError.self) {
            try WatchInput(line: Array(#"{"episode":1,"watched_at":"soon"}"#.utf8), now: .now)
        }
        #expect(throws: WatchInputError.self) { try WatchInput(line: Array("[1]".utf8), now: .now) }
        #expect(throws: WatchInputError.self) { try WatchInput(line: Array("-3".utf8), now: .now) }
        // A mark's time follows the rule of --at and import; unwatch (no clock) does not keep it, so takes it.
        let future = Array(#"{"episode":1,"watched_at":"2999-01-01T00:00:00Z"}"#.utf8)
        #expect(throws: WatchInputError.impossibleTime("watched_at 2999-01-01T00:00:00Z is in the future")) {
            try WatchInput(line: future, now: .now)
        }
        #expect(try WatchInput(line: future, now: nil).isMark)
    }

    @Test("TVM_NOW sets the clock: an ISO 8601 time or a day; anything else is an error; unset is the system clock")
    func clock() throws {
        #expect(
            try ToolClock.now(environment: ["TVM_NOW": "2019-01-10T12:00:00Z"]).timeIntervalSince1970 == 1_547_121_600)
        #expect(
            try ToolClock.now(environment: ["TVM_NOW": "2019-01-10T07:00-05:00"]).timeIntervalSince1970 == 1_547_121_600
        )
        #expect(try ToolClock.now(environment: ["TVM_NOW": "2019-01-10"]).timeIntervalSince1970 == 1_547_078_400)
        #expect(throws: ToolClockError.malformed("tomorrow")) {
            try ToolClock.now(environment: ["TVM_NOW": "tomorrow"])
        }
        #expect(abs(try ToolClock.now(environment: [:]).timeIntervalSinceNow) < 5)
    }

    @Test("air times show in the user's zone from airstamp, and only the date when the time is unknown")
    func airTimes() throws {
        let paris = try #require(TimeZone(identifier: "Europe/Paris"))
        let newYork = try #require(TimeZone(identifier: "America/New_York"))
        let stamp = "2013-06-25T02:00:00+00:00"
        #expect(
            AirTime.text(airstamp: stamp, airdate: "2013-06-24", airtime: "22:00", zone: newYork) == "2013-06-24 22:00")
        #expect(
            AirTime.text(airstamp: stamp, airdate: "2013-06-24", airtime: "22:00", zone: paris) == "2013-06-25 04:00")
        #expect(AirTime.text(airstamp: stamp, airdate: "2013-06-24", airtime: "", zone: paris) == "2013-06-24")
        #expect(AirTime.text(airstamp: nil, airdate: "2013-06-24", airtime: "22:00", zone: paris) == "2013-06-24")
    }

    @Test("the progress cell is watched/aired with a ten-cell bar")
    func progressBar() {
        #expect(EpisodeTableView.progress(watched: 7, aired: 10) == "7/10 ███████░░░")
        #expect(EpisodeTableView.progress(watched: 0, aired: 0) == "0/0 ░░░░░░░░░░")
        #expect(EpisodeTableView.progress(watched: 39, aired: 39) == "39/39 ██████████")
    }
}
