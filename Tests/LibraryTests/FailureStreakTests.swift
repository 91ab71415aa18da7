import Testing

@testable import TVMazeAPI

@Suite("FailureStreak: skip one failing item, stop at two in a row or the only one")
struct FailureStreakTests {
    @Test("failures apart are skipped; two in a row stop")
    func apartAndInARow() {
        var streak = FailureStreak(items: 5)
        var stops: [Bool] = []
        for worked in [false, true, false, true, false, false] {
            if worked { streak.succeeded() } else { stops.append(streak.failed()) }
        }
        #expect(stops == [false, false, false, true])
    }

    @Test("the only item failing stops the batch")
    func onlyItem() {
        var streak = FailureStreak(items: 1)
        let stops = streak.failed()
        #expect(stops)
    }
}
