import Foundation
import TVMRecords

#if canImport(Glibc)
    import Glibc
#endif

/// Keeps requests within a sliding window: at most `limit` calls in any `window` seconds, fewer after a 429.
///
/// TVMaze's limit is a window ("20 calls every 10 seconds"), not a token bucket that allows bursts, so the
/// limiter remembers the send times of the last requests and waits until the oldest of them leaves the window.
/// When a `stateFile` is given, the window is shared through that file under an exclusive `flock(2)`, so the
/// tools of one pipeline (`tvm-fav list | tvm-episodes | tvm-img`) share one window instead of each spending its
/// own. If the file cannot be used (it is not a regular file, a link, unreadable), the limiter says so once
/// through `onUnshared` and keeps the window in its own memory.
///
/// TVMaze may be stricter than it promises, and other clients may share the address. After a 429
/// (``throttled(retryAfter:)``) every request waits until a whole window has passed (or longer, if `Retry-After`
/// asks), and the limit becomes three quarters of the calls that were in the window when the 429 came (at least
/// half the limit before), for ten minutes after the last 429; a window lowers it once. Shared through the file, every tool of the pipeline slows down together.
public actor RateLimiter {
    /// The most requests allowed in one window while TVMaze has not refused any.
    public let limit: Int
    /// The window length in seconds, including a safety margin for network jitter.
    public let window: Double
    /// How long a lowered limit lasts after the last 429, in seconds.
    public static let loweredLimitLifetime: Double = 600
    private let stateFile: String?
    private let clock: any PacingClock
    private let onUnshared: @Sendable (String) -> Void
    private var reportedUnshared = false
    private var local = WindowState()

    /// The window: send times, a lowered limit and a pause, as kept in memory or in the shared file.
    struct WindowState: Equatable {
        /// A lower limit after a 429, when it was set, and until when it holds.
        struct Lowered: Equatable {
            var limit: Int
            var since: Double
            var until: Double
        }

        var times: [Double] = []
        var lowered: Lowered?
        /// No request is sent before this time (after a 429).
        var pauseUntil: Double = 0

        /// The text of the shared file: `pause T`, `limit N SINCE UNTIL`, then one send time a line.
        var text: String {
            var lines: [String] = []
            if pauseUntil > 0 { lines.append("pause " + String(format: "%.6f", pauseUntil)) }
            if let lowered {
                lines.append(
                    "limit \(lowered.limit) " + String(format: "%.6f %.6f", lowered.since, lowered.until))
            }
            lines += times.map { String(format: "%.6f", $0) }
            return lines.map { $0 + "\n" }.joined()
        }

        /// Parses the shared file; lines it does not understand are ignored (an older tvm wrote times only).
        init(text: String) {
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ")
                switch (words.first, words.count) {
                case ("pause", 2): pauseUntil = Double(words[1]) ?? 0
                case ("limit", 4):
                    if let limit = Int(words[1]), let since = Double(words[2]), let until = Double(words[3]), limit > 0
                    {
                        lowered = Lowered(limit: limit, since: since, until: until)
                    }
                case (_, 1): if let time = Double(line) { times.append(time) }
                default: break
                }
            }
        }

        init() {}

        /// The limit in force at `now`.
        func limit(_ normal: Int, now: Double) -> Int {
            guard let lowered, lowered.until > now else { return normal }
            return min(normal, lowered.limit)
        }

        /// Records a send at `now` if the window has room; otherwise returns how long to wait.
        mutating func reserve(now: Double, normal: Int, window: Double) -> Double {
            if pauseUntil > now { return pauseUntil - now }
            times = times.filter { $0 > now - window && $0 <= now + window }.sorted()
            let limit = limit(normal, now: now)
            if times.count >= limit { return times[times.count - limit] + window - now }
            times.append(now)
            times = Array(times.suffix(normal))
            return 0
        }

        /// Adapts to a 429 at `now`: pause a whole window (or `retryAfter`, if longer), and lower the limit to
        /// three quarters of the calls in the window, at most once a window (the other answers of 429 to requests
        /// sent before the pause say nothing new, and would drive the limit down to one).
        mutating func throttle(now: Double, retryAfter: Double?, normal: Int, window: Double) {
            pauseUntil = max(pauseUntil, now + max(window, retryAfter ?? 0))
            if let lowered, now - lowered.since < window {
                self.lowered?.until = now + RateLimiter.loweredLimitLifetime
                return
            }
            // Three quarters of what this process had in the window when it was refused, but not less than half
            // its limit: a process that was refused early, with few calls of its own in the window (another
            // client spent the rest), must not fall to a crawl while the other keeps its pace.
            let current = limit(normal, now: now)
            let inWindow = times.filter { $0 > now - window }.count
            let limit = max(1, min(current, max(inWindow * 3 / 4, current / 2)))
            lowered = Lowered(limit: limit, since: now, until: now + RateLimiter.loweredLimitLifetime)
        }
    }

    /// Creates a limiter.
    ///
    /// - Parameters:
    ///   - limit: The most requests in one window; TVMaze allows 20.
    ///   - window: The window in seconds; TVMaze's is 10. A margin of a quarter second is added, so that
    ///     requests sent exactly `window` apart cannot arrive closer together at the server.
    ///   - stateFile: A file that several processes share to keep one window, or `nil` for this process only.
    ///   - onUnshared: Called once, with the reason, if the file cannot be used and the window stays in memory.
    ///   - clock: The clock the window is kept by.
    public init(
        limit: Int = 20, window: Double = 10, stateFile: String? = nil,
        onUnshared: @escaping @Sendable (String) -> Void = { _ in }, clock: any PacingClock = SystemClock()
    ) {
        self.clock = clock
        self.limit = max(1, limit)
        self.window = window + 0.25
        self.stateFile = stateFile
        self.onUnshared = onUnshared
    }

    /// Waits until one more request fits in the window, then records it as sent.
    ///
    /// - Parameter onWait: Called with the delay in seconds before each wait.
    /// - Returns: `true` once a place is reserved; `false` when the task was cancelled while it waited (then
    ///   nothing is reserved, and the request must not be sent: it would not fit in the window).
    @discardableResult
    public func acquire(onWait: @Sendable (Double) -> Void = { _ in }) async -> Bool {
        while true {
            let now = clock.now()
            let (normal, window) = (limit, self.window)
            let delay = update { $0.reserve(now: now, normal: normal, window: window) }
            guard delay > 0 else { return true }
            onWait(delay)
            await clock.sleep(seconds: delay)
            if Task.isCancelled { return false }
        }
    }

    /// Tells the limiter that TVMaze answered 429: the next requests wait a whole window (or `retryAfter`
    /// seconds, if longer), and fewer are sent per window for the next ten minutes.
    ///
    /// - Parameter retryAfter: The delay the answer's `Retry-After` asked for, if any.
    /// - Returns: How long, in seconds, every request now waits before the next is sent.
    @discardableResult
    public func throttled(retryAfter: Double?) -> Double {
        let now = clock.now()
        let (normal, window) = (limit, self.window)
        return update { state in
            state.throttle(now: now, retryAfter: retryAfter, normal: normal, window: window)
            return max(0, state.pauseUntil - now)
        }
    }

    /// The limit in force now (lower than ``limit`` for a while after a 429).
    public var currentLimit: Int {
        let now = clock.now()
        return update { $0.limit(limit, now: now) }
    }

    /// Applies `change` to the shared state (under the file's lock), or to the local state when the file
    /// cannot be used.
    private func update<T>(_ change: (inout WindowState) -> T) -> T {
        if let stateFile {
            switch Self.updateShared(path: stateFile, change) {
            case .success(let value): return value
            case .failure(let problem):
                if !reportedUnshared {
                    reportedUnshared = true
                    onUnshared(
                        "the rate window file \(stateFile) cannot be used (\(problem)); pacing this process alone")
                }
            }
        }
        return change(&local)
    }

    /// Reads, changes and writes the shared file under an exclusive lock. The file is opened by
    /// `FilePath.openPrivateFile` (no symbolic link followed, no blocking on a FIFO, a regular file only).
    private static func updateShared<T>(path: String, _ change: (inout WindowState) -> T) -> Result<T, FilePath.Refusal>
    {
        let fd: Int32
        switch FilePath.openPrivateFile(path) {
        case .success(let opened): fd = opened
        case .failure(let refusal): return .failure(refusal)
        }
        defer { close(fd) }
        guard flock(fd, LOCK_EX) == 0 else { return .failure(FilePath.Refusal(description: "it cannot be locked")) }
        defer { flock(fd, LOCK_UN) }
        var state = WindowState(text: readAll(fd))
        let before = state
        let value = change(&state)
        guard state != before else { return .success(value) }
        let bytes = Array(state.text.utf8)
        guard ftruncate(fd, 0) == 0, lseek(fd, 0, SEEK_SET) == 0,
            bytes.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) == bytes.count
        else { return .failure(FilePath.Refusal(description: String(cString: strerror(errno)))) }
        return .success(value)
    }

    private static func readAll(_ fd: Int32) -> String {
        var data = [UInt8](repeating: 0, count: 8192)
        let count = data.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count > 0 else { return "" }
        return String(decoding: data[0..<count], as: UTF8.self)
    }
}
