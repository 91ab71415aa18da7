import TVMRecords
import TVMazeAPI

extension NetworkOptions {
    /// How the client uses its cache.
    package var cacheMode: CacheMode { offline ? .offline : refresh ? .refresh : .normal }
}
