import Foundation
import Testing

@testable import TVMImages
@testable import TVMRecords
@testable import TVMStore
@testable import TVMTerminal
@testable import TVMazeAPI

/// The sliding window, in memory and shared through a file. The in-memory window runs on a stepping clock
/// (TVMaze's 20 calls in 10 s, no real time); the file-shared ones keep sub-second windows on the system clock,
/// with lower bounds only, so that a slow or loaded machine cannot break them: a limiter may admit late, never
/// early.
@Suite("RateLimiter")
struct RateLimiterTests {
    /// One acquire: when it was asked for, when it returned, and the waits it announced.
    struct Acquisition {
        var asked: ContinuousClock.Instant
        var admitted: ContinuousClock.Instant
        var waits: [Double]
    }

    static func acquire(_ limiter: RateLimiter) async -> Acquisition {
        let waits = LockedBox<[Double]>([])
        let asked = ContinuousClock.now
        await limiter.acquire { delay in waits.withLock { $0.append(delay) } }
        return Acquisition(asked: asked, admitted: ContinuousClock.now, waits: waits.snapshot)
    }

    /// Checks that no `limit + 1` consecutive acquisitions fit in one window: the last of them was admitted at
    /// least `window` after the first was asked for (its send time lies between the two).
    static func expectWindowKept(_ acquisitions: [Acquisition], limit: Int, window: Double) {
        for index in acquisitions.indices.dropLast(limit) {
            let span = acquisitions[index + limit].admitted - acquisitions[index].asked
            #expect(span >= .seconds(window), "acquisitions \(index)…\(index + limit) span \(span)")
        }
    }

    static func temporaryPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("ratelimit-\(UUID().uuidString)").path
    }

    @Test("the window includes a quarter-second margin, and the limit is at least 1")
    func parameters() async {
        let limiter = RateLimiter(limit: 0, window: 10)
        #expect(await limiter.limit == 1)
        #expect(await limiter.window == 10.25)
        #expect(await RateLimiter().limit == 20)
    }

    // MARK: In memory

    @Test("the first `limit` acquires pass at once; the next waits until the oldest leaves the window")
    func inMemoryWindow() async {
        let clock = SteppingClock()
        let limiter = RateLimiter(limit: 20, window: 10, clock: clock)
        let start = clock.now()
        var waits: [[Double]] = []
        for _ in 0..<21 {
            let announced = LockedBox<[Double]>([])
            await limiter.acquire { delay in announced.withLock { $0.append(delay) } }
            waits.append(announced.snapshot)
        }
        #expect(waits.prefix(20).allSatisfy { $0.isEmpty })
        // TVMaze's 20 calls in 10 s: the 21st goes out when the first leaves the window and its 0.25 s margin.
        #expect(waits[20] == [10.25])
        #expect(clock.now() - start == 10.25)
    }

    @Test("a steady stream keeps every window to the limit")
    func inMemoryStream() async {
        let clock = SteppingClock()
        let limiter = RateLimiter(limit: 20, window: 10, clock: clock)
        var sent: [Double] = []
        for _ in 0..<70 {
            await limiter.acquire()
            sent.append(clock.now())
        }
        for index in sent.indices.dropLast(20) {
            #expect(sent[index + 20] - sent[index] >= 10.25, "sends \(index)…\(index + 20)")
        }
        // And no slower than the window asks: 70 sends take three windows.
        #expect(sent[69] - sent[0] == 3 * 10.25)
    }

    @Test("concurrent acquires share the window")
    func inMemoryConcurrent() async {
        let clock = SteppingClock()
        let limiter = RateLimiter(limit: 2, window: 10, clock: clock)
        let started = clock.now()
        let admitted = await withTaskGroup(of: Double.self) { group in
            for _ in 0..<5 {
                group.addTask {
                    await limiter.acquire()
                    return clock.now()
                }
            }
            return await group.reduce(into: []) { $0.append($1) }.sorted()
        }
        // Five acquires at two per window need at least two full windows after the start.
        #expect(admitted[2] - started >= 10.25)
        #expect(admitted[4] - started >= 2 * 10.25)
    }

    @Test("a cancelled wait returns at once, and records no send")
    func cancellation() async throws {
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let limiter = RateLimiter(limit: 1, window: 3_600, stateFile: path)
        await limiter.acquire()
        let waiting = LockedBox(false)
        let task = Task { await limiter.acquire { _ in waiting.withLock { $0 = true } } }
        let deadline = ContinuousClock.now + .seconds(1_200)
        while !waiting.snapshot, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(5))
        }
        task.cancel()
        #expect(waiting.snapshot, "the second acquire never announced its wait")
        // The window is an hour: returning at all, long before that, shows the wait was cut short.
        var reserved = true
        let elapsed = await ContinuousClock().measure { reserved = await task.value }
        #expect(elapsed < .seconds(1_800))
        #expect(!reserved, "a cancelled wait reserves no place")
        #expect(try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").count == 1)
    }

    // MARK: Shared through a file

    @Test("two limiters on one file keep one window between them")
    func sharedFile() async throws {
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let first = RateLimiter(limit: 3, window: 0.05, stateFile: path)
        let second = RateLimiter(limit: 3, window: 0.05, stateFile: path)
        let window = await first.window
        var acquisitions: [Acquisition] = []
        for limiter in [first, second, first, second, first, second, first] {
            acquisitions.append(await Self.acquire(limiter))
        }
        Self.expectWindowKept(acquisitions, limit: 3, window: window)
    }

    @Test("the file holds the send times of both limiters, and a full window makes a third limiter wait")
    func sharedFileContents() async throws {
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let first = RateLimiter(limit: 3, window: 3_600, stateFile: path)
        let second = RateLimiter(limit: 3, window: 3_600, stateFile: path)
        let before = Date().timeIntervalSince1970
        for limiter in [first, second, first] {
            #expect(await Self.acquire(limiter).waits.isEmpty)
        }
        let times = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map { Double($0) }
        #expect(times.count == 3)
        #expect(times.allSatisfy { ($0 ?? 0) >= before - 0.001 && ($0 ?? .infinity) <= Date().timeIntervalSince1970 })
        #expect(times == times.sorted { ($0 ?? 0) < ($1 ?? 0) })
        // A third limiter on the file announces a wait until the oldest send leaves the 3,600.25 s window; cancel it
        // rather than wait. The wait is known to within the time it took to announce it, however long that was.
        // An hour, so that a task the loaded test pool starts minutes late still finds the window full.
        let oldest = try #require(times.first ?? nil)
        let announced = LockedBox<[Double]>([])
        let startedThird = Date().timeIntervalSince1970
        let third = Task {
            await RateLimiter(limit: 3, window: 3_600, stateFile: path).acquire { delay in
                announced.withLock { $0.append(delay) }
            }
        }
        let deadline = ContinuousClock.now + .seconds(1_200)
        while announced.snapshot.isEmpty, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(5))
        }
        let seen = Date().timeIntervalSince1970
        third.cancel()
        #expect(await third.value == false, "a cancelled wait reserves no place")
        let delay = try #require(announced.snapshot.first)
        #expect(delay >= oldest + 3_600.25 - seen - 0.001)
        #expect(delay <= oldest + 3_600.25 - startedThird + 0.001)
        // The cancelled request was not recorded as sent.
        #expect(try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").count == 3)
    }

    @Test("a limiter on the file sees the sends of another before it sends any")
    func sharedFileSeenByNewcomer() async throws {
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let first = RateLimiter(limit: 2, window: 0.05, stateFile: path)
        let window = await first.window
        let asked = ContinuousClock.now
        await first.acquire()
        await first.acquire()
        let newcomer = await Self.acquire(RateLimiter(limit: 2, window: 0.05, stateFile: path))
        #expect(newcomer.admitted - asked >= .seconds(window))
    }

    @Test("a file that cannot be used falls back to a window in memory")
    func unusableFileFallsBack() async throws {
        let missingFolder = "/nonexistent-\(UUID().uuidString)"
        // A file in a folder that does not exist, and a folder where the file should be.
        for path in [missingFolder + "/ratelimit", FileManager.default.temporaryDirectory.path] {
            let limiter = RateLimiter(limit: 2, window: 0.05, stateFile: path)
            let window = await limiter.window
            var acquisitions: [Acquisition] = []
            for _ in 0..<5 {
                acquisitions.append(await Self.acquire(limiter))
            }
            Self.expectWindowKept(acquisitions, limit: 2, window: window)
        }
        #expect(!FileManager.default.fileExists(atPath: missingFolder))
    }

    @Test("stale and garbage lines in the file are ignored")
    func garbageInFile() async throws {
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let old = Date().timeIntervalSince1970 - 3_600
        try "not a time\n\(old)\n\(old + 1)\n\n".write(toFile: path, atomically: true, encoding: .utf8)
        let limiter = RateLimiter(limit: 2, window: 60, stateFile: path)
        let first = await Self.acquire(limiter)
        let second = await Self.acquire(limiter)
        #expect(first.waits.isEmpty && second.waits.isEmpty)
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { (Double($0) ?? 0) > old + 1 })
    }
}
