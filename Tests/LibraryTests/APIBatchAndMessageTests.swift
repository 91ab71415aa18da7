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

@Suite("APIError's messages")
struct APIErrorMessageTests {
    // Regression: "after 1 attempts", and "try a larger --timeout" said twice when the transport said it first.
    @Test("one attempt is singular; the --timeout advice comes once")
    func wording() {
        let limited = APIError.rateLimited(url: "u", attempts: 1)
        #expect(limited.localizedDescription.contains("on u after 1 attempt; wait a minute"))
        let slow = APIError.timedOut(
            url: "u", attempts: 3, detail: "api.test stopped answering; try a larger --timeout")
        #expect(
            slow.localizedDescription
                == "timed out on u after 3 attempts (api.test stopped answering; try a larger --timeout)")
        let cut = APIError.timedOut(url: "u", attempts: 1, detail: "read timed out")
        #expect(cut.localizedDescription == "timed out on u after 1 attempt (read timed out); try a larger --timeout")
    }
}
