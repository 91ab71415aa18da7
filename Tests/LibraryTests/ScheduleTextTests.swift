import Foundation
import Testing

@testable import TVMTerminal

@Suite("ScheduleText: the schedule in the network's zone and the viewer's")
struct ScheduleTextTests {
    private static func zone(_ identifier: String) -> TimeZone { TimeZone(identifier: identifier)! }
    /// 2024-01-15 12:00 UTC: New York at UTC-5, Paris at UTC+1, London at UTC.
    private static let winter = Date(timeIntervalSince1970: 1_705_320_000)
    /// 2024-03-20 12:00 UTC: New York has moved to UTC-4, Paris is still at UTC+1.
    private static let marchGap = Date(timeIntervalSince1970: 1_710_936_000)
    /// 2024-07-01 12:00 UTC: New York at UTC-4, Paris at UTC+2, London at UTC+1.
    private static let summer = Date(timeIntervalSince1970: 1_719_835_200)

    private func text(
        _ days: [String], _ time: String?, _ zone: String?, viewer: String, now: Date = Self.winter
    ) -> String {
        ScheduleText.describe(
            days: days, time: time, zone: zone.map(Self.zone), viewer: Self.zone(viewer), now: now)
    }

    @Test("a US show seen from Paris: the time rolls over to the next day, named in the viewer's week")
    func nextDay() {
        #expect(
            text(["Sunday"], "20:00", "America/New_York", viewer: "Europe/Paris") == "Sundays 20:00 ET (02:00 Mon here)"
        )
        #expect(
            text(["Monday", "Thursday"], "22:00", "America/New_York", viewer: "Europe/Paris")
                == "Mondays, Thursdays 22:00 ET (04:00 Tue, Fri here)")
        #expect(
            text(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], "21:00", "America/New_York", viewer: "UTC")
                == "Weekdays 21:00 ET (02:00 Tue, Wed, Thu, Fri, Sat here)")
        #expect(text([], "20:00", "America/New_York", viewer: "Europe/Paris") == "20:00 ET (02:00 next day here)")
    }

    @Test("a Japanese show seen from New York rolls back to the day before")
    func previousDay() {
        #expect(
            text(["Monday"], "01:00", "Asia/Tokyo", viewer: "America/New_York")
                == "Mondays 01:00 UTC+9 (11:00 Sun here)")
        #expect(
            text(["Sunday"], "01:00", "Asia/Tokyo", viewer: "America/New_York")
                == "Sundays 01:00 UTC+9 (11:00 Sat here)")
        #expect(text([], "01:00", "Asia/Tokyo", viewer: "America/New_York") == "01:00 UTC+9 (11:00 previous day here)")
    }

    @Test("the same day, and every day, name no day")
    func sameDay() {
        #expect(
            text(["Thursday"], "21:00", "Europe/London", viewer: "Europe/Paris") == "Thursdays 21:00 UTC (22:00 here)")
        let everyDay = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
        #expect(
            text(everyDay, "20:00", "America/New_York", viewer: "Europe/Paris") == "Every day 20:00 ET (02:00 here)")
    }

    @Test("a viewer at the network's offset does not get the time twice")
    func sameZone() {
        #expect(text(["Sunday"], "20:00", "America/New_York", viewer: "America/New_York") == "Sundays 20:00 ET")
        #expect(text(["Sunday"], "20:00", "America/New_York", viewer: "America/Toronto") == "Sundays 20:00 ET")
    }

    @Test("in a week one zone changes to or from daylight-saving time, the next airing's offsets count")
    func daylightSavingWeek() {
        // Saturday 2024-03-30 12:00 UTC: New York is at UTC-4 already, Paris moves to UTC+2 on Sunday at 01:00 UTC.
        let springSaturday = Date(timeIntervalSince1970: 1_711_800_000)
        #expect(
            text(["Sunday"], "20:00", "America/New_York", viewer: "Europe/Paris", now: springSaturday)
                == "Sundays 20:00 ET (02:00 Mon here)")
        #expect(
            text(["Saturday"], "20:00", "America/New_York", viewer: "Europe/Paris", now: springSaturday)
                == "Saturdays 20:00 ET (01:00 Sun here)")
        // Saturday 2024-10-26 12:00 UTC: Paris moves back to UTC+1 on Sunday, New York stays at UTC-4 until November.
        let autumnSaturday = Date(timeIntervalSince1970: 1_729_944_000)
        #expect(
            text(["Sunday"], "20:00", "America/New_York", viewer: "Europe/Paris", now: autumnSaturday)
                == "Sundays 20:00 ET (01:00 Mon here)")
        #expect(text(["Monday"], "21:00", "Europe/London", viewer: "UTC", now: autumnSaturday) == "Mondays 21:00 UTC")
        #expect(
            text(["Saturday"], "21:00", "Europe/London", viewer: "UTC", now: autumnSaturday)
                == "Saturdays 21:00 UTC+1 (20:00 here)")
        // A show that aired earlier today is next on next week's day.
        #expect(
            text(["Saturday"], "08:00", "Europe/London", viewer: "UTC", now: autumnSaturday)
                == "Saturdays 08:00 UTC")
    }

    @Test("daylight-saving time is as it is in the week of the run")
    func daylightSaving() {
        #expect(
            text(["Sunday"], "20:00", "America/New_York", viewer: "Europe/Paris", now: Self.marchGap)
                == "Sundays 20:00 ET (01:00 Mon here)")
        #expect(
            text(["Sunday"], "20:00", "America/New_York", viewer: "Europe/Paris", now: Self.summer)
                == "Sundays 20:00 ET (02:00 Mon here)")
        #expect(
            text(["Thursday"], "21:00", "Europe/London", viewer: "UTC", now: Self.summer)
                == "Thursdays 21:00 UTC+1 (20:00 here)")
    }

    @Test("without the network's zone the time is given as TVMaze has it, and says so")
    func missingZone() {
        #expect(text(["Sunday"], "20:00", nil, viewer: "Europe/Paris") == "Sundays 20:00 (time zone not given)")
        #expect(text(["Sunday"], "", "America/New_York", viewer: "Europe/Paris") == "Sundays")
        #expect(text([], nil, nil, viewer: "UTC") == "")
        #expect(text(["Friday"], "late", "America/New_York", viewer: "UTC") == "Fridays late")
    }

    @Test("zones are named by their generic short name, else by their offset at the time")
    func zoneNames() {
        #expect(ScheduleText.name(of: Self.zone("America/Los_Angeles"), at: Self.winter) == "PT")
        #expect(ScheduleText.name(of: Self.zone("Asia/Kolkata"), at: Self.winter) == "UTC+5:30")
        #expect(ScheduleText.name(of: Self.zone("America/Sao_Paulo"), at: Self.winter) == "UTC-3")
        #expect(ScheduleText.name(of: Self.zone("UTC"), at: Self.winter) == "UTC")
    }
}
