import TVMRecords

/// One image in the cache: its file, size and when it was last used.
public struct ImageCacheEntry: Sendable, Equatable {
    /// The absolute path of the file.
    public var path: String
    /// The file size in bytes.
    public var size: Int64
    /// When the image was last stored or served, as seconds since 1970 (the file's modification time).
    public var lastUsed: Double

    /// Creates an entry.
    public init(path: String, size: Int64, lastUsed: Double) {
        self.path = path
        self.size = size
        self.lastUsed = lastUsed
    }
}
