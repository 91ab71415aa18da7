@testable import TVMImages
@testable import TVMRecords
@testable import TVMStore
@testable import TVMTerminal
@testable import TVMazeAPI

/// A ``ResponseCache`` in a dictionary, counting lookups and stores.
final class MemoryResponseCache: ResponseCache {
    private let state = LockedBox<(entries: [String: CachedResponse], lookups: [String], stores: [String])>(
        ([:], [], []))

    init(_ entries: [String: CachedResponse] = [:]) {
        state.withLock { $0.entries = entries }
    }

    /// The entries now held, by key.
    var entries: [String: CachedResponse] { state.snapshot.entries }
    /// The keys looked up, in order.
    var lookups: [String] { state.snapshot.lookups }
    /// The keys stored, in order.
    var stores: [String] { state.snapshot.stores }

    func lookup(_ key: String) -> CachedResponse? {
        state.withLock { state in
            state.lookups.append(key)
            return state.entries[key]
        }
    }

    func store(_ response: CachedResponse, for key: String) {
        state.withLock { state in
            state.stores.append(key)
            state.entries[key] = response
        }
    }
}
