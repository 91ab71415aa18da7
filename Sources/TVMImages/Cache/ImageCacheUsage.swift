import TVMRecords

/// How many files a set of cache entries holds, and how many bytes.
public struct ImageCacheUsage: Sendable, Equatable {
    /// The number of files.
    public var files: Int
    /// Their total size in bytes.
    public var bytes: Int64

    /// Creates a usage count.
    public init(files: Int = 0, bytes: Int64 = 0) {
        self.files = files
        self.bytes = bytes
    }

    /// Adds one file of `size` bytes.
    ///
    /// - Parameter size: The file's size.
    public mutating func add(_ size: Int64) {
        files += 1
        bytes += size
    }
}
