import Testing

@testable import TVMImages
@testable import TVMRecords
@testable import TVMStore
@testable import TVMTerminal
@testable import TVMazeAPI

@Suite("RetryPolicy")
struct RetryPolicyTests {
    /// `Sun, 06 Nov 1994 08:49:37 GMT`, RFC 9110's example date, in seconds since 1970.
    static let exampleDate = 784_111_777.0

    // MARK: Back-off

    @Test("without jitter the delay doubles with every retry")
    func backoffDoubles() {
        let policy = RetryPolicy(baseDelay: 0.5, maxDelay: 1_000)
        let delays = (1...6).map { policy.backoff(attempt: $0, base: 0.5, random: { 1 }) }
        #expect(delays == [0.5, 1, 2, 4, 8, 16])
        let rateLimited = (1...3).map { policy.backoff(attempt: $0, base: policy.rateLimitBaseDelay, random: { 1 }) }
        #expect(rateLimited == [2, 4, 8])
    }

    @Test("jitter keeps each delay between half and all of the exponential value")
    func jitterBounds() {
        let policy = RetryPolicy(maxDelay: 1_000)
        for attempt in 1...5 {
            let full = 0.5 * Double(1 << (attempt - 1))
            #expect(policy.backoff(attempt: attempt, base: 0.5, random: { 0 }) == full / 2)
            #expect(policy.backoff(attempt: attempt, base: 0.5, random: { 0.5 }) == full * 0.75)
            #expect(policy.backoff(attempt: attempt, base: 0.5, random: { 1 }) == full)
            for _ in 0..<100 {
                let delay = policy.backoff(attempt: attempt, base: 0.5)
                #expect(delay >= full / 2 && delay <= full)
            }
        }
    }

    @Test("no delay exceeds the cap, however many retries")
    func backoffIsCapped() {
        let policy = RetryPolicy(baseDelay: 0.5, maxDelay: 5)
        #expect(policy.backoff(attempt: 4, base: 0.5, random: { 1 }) == 4)
        #expect(policy.backoff(attempt: 5, base: 0.5, random: { 1 }) == 5)
        #expect(policy.backoff(attempt: 5, base: 0.5, random: { 0 }) == 2.5)
        #expect(policy.backoff(attempt: 1_000, base: 0.5, random: { 1 }) == 5)
        #expect(policy.backoff(attempt: Int.max, base: 0.5, random: { 1 }) == 5)
    }

    @Test("an attempt below 1 waits the base delay")
    func attemptBelowOne() {
        let policy = RetryPolicy()
        #expect(policy.backoff(attempt: 0, base: 0.5, random: { 1 }) == 0.5)
        #expect(policy.backoff(attempt: -3, base: 0.5, random: { 1 }) == 0.5)
    }

    @Test("a negative retry count means no retries")
    func negativeRetries() {
        #expect(RetryPolicy(retries: -2).retries == 0)
        #expect(RetryPolicy(retries: 5).retries == 5)
        #expect(RetryPolicy().retries == 3)
    }

    // MARK: Retry-After

    @Test("Retry-After in seconds is the delay", arguments: [("0", 0.0), ("1", 1), ("120", 120), (" 7 ", 7)])
    func retryAfterSeconds(value: String, seconds: Double) {
        #expect(RetryPolicy(maxDelay: 600).retryAfter(value, now: 0) == seconds)
    }

    @Test("Retry-After as an HTTP date counts the seconds from now")
    func retryAfterDate() {
        let policy = RetryPolicy(maxDelay: 600)
        let date = "Sun, 06 Nov 1994 08:49:37 GMT"
        #expect(policy.retryAfter(date, now: Self.exampleDate - 30) == 30)
        #expect(policy.retryAfter(date, now: Self.exampleDate - 0.5) == 0.5)
        #expect(policy.retryAfter(date, now: Self.exampleDate) == 0)
        #expect(policy.retryAfter(date, now: Self.exampleDate + 100) == 0)
    }

    @Test("Retry-After is capped at the longest delay")
    func retryAfterIsCapped() {
        let policy = RetryPolicy(maxDelay: 60)
        #expect(policy.retryAfter("3600", now: 0) == 60)
        #expect(policy.retryAfter("Sun, 06 Nov 1994 08:49:37 GMT", now: Self.exampleDate - 86_400) == 60)
    }

    @Test(
        "a Retry-After that is neither seconds nor an HTTP date is ignored",
        arguments: ["", "soon", "-5", "nan", "1 minute", "Sunday", "06 Nov 1994 08:49:37"]
    )
    func retryAfterGarbage(value: String) {
        #expect(RetryPolicy().retryAfter(value, now: Self.exampleDate) == nil)
    }

    // Regression: `Double(_:)` also read "inf", "1e3", "0x10" and "+5" as seconds; Retry-After allows digits only.
    @Test(
        "a Retry-After in a number syntax other than plain digits is ignored",
        arguments: ["inf", "infinity", "1e3", "0x10", "+5", "1.5", ".5"]
    )
    func retryAfterNonDigitNumbers(value: String) {
        #expect(RetryPolicy().retryAfter(value, now: 0) == nil)
    }
}
