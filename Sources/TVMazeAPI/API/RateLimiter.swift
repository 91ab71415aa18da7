import Foundation
import TVMRecords

#if canImport(Glibc)
    import Glibc
#endif

/// Keeps requests within a sliding window: at most `limit` calls in any `window` seconds.
///
/// TVMaze's limit is a window ("20 calls every 10 seconds"), not a token bucket that allows bursts, so the
/// limiter remembers the send times of the last `limit` requests and waits until the oldest of them leaves
/// the window. When a `stateFile` is given, the send times are shared through that file under an exclusive
/// `flock(2)`, so the tools of one pipeline (`tvm-fav list | tvm-episodes | tvm-img`) share one window
/// instead of each spending its own. If the file cannot be used, the limiter falls back to its own memory.
public actor RateLimiter {
    /// The most requests allowed in one window.
    public let limit: Int
    /// The window length in seconds, including a safety margin for network jitter.
    public let window: Double
    private let stateFile: String?
    private var local: [Double] = []

    /// Creates a limiter.
    ///
    /// - Parameters:
    ///   - limit: The most requests in one window; TVMaze allows 20.
    ///   - window: The window in seconds; TVMaze's is 10. A margin of a quarter second is added, so that
    ///     requests sent exactly `window` apart cannot arrive closer together at the server.
    ///   - stateFile: A file that several processes share to keep one window, or `nil` for this process only.
    public init(limit: Int = 20, window: Double = 10, stateFile: String? = nil) {
        self.limit = max(1, limit)
        self.window = window + 0.25
        self.stateFile = stateFile
    }

    /// Waits until one more request fits in the window, then records it as sent.
    ///
    /// - Parameter onWait: Called with the delay in seconds before each wait.
    /// - Returns: `true` once a place is reserved; `false` when the task was cancelled while it waited (then
    ///   nothing is reserved, and the request must not be sent: it would not fit in the window).
    @discardableResult
    public func acquire(onWait: @Sendable (Double) -> Void = { _ in }) async -> Bool {
        while true {
            let now = Date().timeIntervalSince1970
            let delay = stateFile.flatMap { reserveShared(now: now, path: $0) } ?? reserveLocal(now: now)
            guard delay > 0 else { return true }
            onWait(delay)
            try? await Task.sleep(nanoseconds: UInt64(delay * 1_000_000_000))
            if Task.isCancelled { return false }
        }
    }

    /// Records a send at `now` if the window has room; otherwise returns how long to wait.
    private func reserveLocal(now: Double) -> Double {
        local.removeAll { $0 <= now - window }
        if local.count < limit {
            local.append(now)
            return 0
        }
        return local[local.count - limit] + window - now
    }

    /// The shared-file version of ``reserveLocal(now:)``; `nil` when the file cannot be used.
    private func reserveShared(now: Double, path: String) -> Double? {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard flock(fd, LOCK_EX) == 0 else { return nil }
        defer { flock(fd, LOCK_UN) }
        var times = Self.readTimes(fd).filter { $0 > now - window && $0 <= now + window }
        times.sort()
        if times.count >= limit {
            return times[times.count - limit] + window - now
        }
        times.append(now)
        let text = times.suffix(limit).map { String(format: "%.6f", $0) }.joined(separator: "\n") + "\n"
        let bytes = Array(text.utf8)
        guard ftruncate(fd, 0) == 0, lseek(fd, 0, SEEK_SET) == 0 else { return nil }
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        return written == bytes.count ? 0 : nil
    }

    private static func readTimes(_ fd: Int32) -> [Double] {
        var data = [UInt8](repeating: 0, count: 4096)
        let count = data.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count > 0 else { return [] }
        return String(decoding: data[0..<count], as: UTF8.self).split(separator: "\n").compactMap { Double($0) }
    }
}
