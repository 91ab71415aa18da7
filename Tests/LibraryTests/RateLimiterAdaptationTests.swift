import Foundation
import Testing

@testable import TVMazeAPI

/// How the rate window adapts to a 429, and how it treats a state file that is not a plain file (issue 15).
@Suite("RateLimiter after a 429, and its state file")
struct RateLimiterAdaptationTests {
    typealias State = RateLimiter.WindowState

    @Test("a 429 pauses a whole window (or Retry-After, if longer) and lowers the limit once a window")
    func throttle() {
        var state = State()
        for second in 0..<11 { _ = state.reserve(now: 100 + Double(second) / 100, normal: 20, window: 10) }
        state.throttle(now: 100.2, retryAfter: 2, normal: 20, window: 10)
        #expect(state.pauseUntil == 110.2)
        #expect(state.limit(20, now: 100.2) == 10, "max(11 * 3/4, 20 / 2)")
        #expect(abs(state.reserve(now: 105, normal: 20, window: 10) - 5.2) < 1e-9, "no request before the pause ends")
        // Answers of 429 to requests sent before the pause say nothing new: the limit stays.
        state.throttle(now: 101, retryAfter: 30, normal: 20, window: 10)
        #expect(state.limit(20, now: 101) == 10)
        #expect(state.pauseUntil == 131, "a longer Retry-After is honoured")
        // A 429 a window later lowers it again, never below one.
        state.throttle(now: 140, retryAfter: nil, normal: 20, window: 10)
        #expect(state.limit(20, now: 140) == 5)
        #expect(state.limit(20, now: 140 + RateLimiter.loweredLimitLifetime + 1) == 20, "the lowered limit expires")
    }

    @Test("the state file round-trips its pause, lowered limit and send times; an older file of times still reads")
    func stateText() {
        var state = State()
        _ = state.reserve(now: 50, normal: 20, window: 10)
        state.throttle(now: 51, retryAfter: nil, normal: 20, window: 10)
        let read = State(text: state.text)
        #expect(read == state)
        #expect(State(text: "49.5\n50.25\n").times == [49.5, 50.25])
        #expect(State(text: "limit x 1 2\npause\n").lowered == nil)
    }

    @Test("a FIFO in the state file's place never hangs: the window stays in memory, said once")
    func fifo() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("ratelimit-\(UUID().uuidString)").path
        #expect(mkfifo(path, 0o600) == 0)
        defer { unlink(path) }
        let problems = LockedBox<[String]>([])
        let limiter = RateLimiter(
            limit: 2, window: 0.05, stateFile: path,
            onUnshared: { reason in
                problems.withLock { $0.append(reason) }
            })
        for _ in 0..<3 { await limiter.acquire() }
        #expect(problems.snapshot.count == 1)
        #expect(problems.snapshot.first?.contains("not a regular file") == true, "\(problems.snapshot)")
    }

    @Test("a symbolic link in the state file's place is not followed: its target stays untouched")
    func symlink() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rl-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("precious.txt")
        try Data("keep me\n".utf8).write(to: target)
        let link = folder.appendingPathComponent("ratelimit-api")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        let problems = LockedBox<[String]>([])
        let limiter = RateLimiter(
            limit: 5, window: 0.05, stateFile: link.path,
            onUnshared: { reason in
                problems.withLock { $0.append(reason) }
            })
        await limiter.acquire()
        #expect(try String(contentsOf: target, encoding: .utf8) == "keep me\n")
        #expect(problems.snapshot.count == 1)
    }
}
