import Foundation

/// A value guarded by a lock, shareable across threads and tasks.
///
/// Every access goes through ``withLock(_:)``; the lock is never held while calling out.
final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
