import Foundation
import TVMRecords

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension ImageCache {
    /// Temporary files older than this are leftovers of a process that died while downloading.
    public static let staleTemporaryAge: Double = 3600

    /// Whether a temporary file may be a download still under way: written to within ``staleTemporaryAge``, by a
    /// process (its id is in the file's name) that is still running.
    static func isDownloading(_ temporary: ImageCacheEntry, now: Double) -> Bool {
        guard now - temporary.lastUsed <= staleTemporaryAge else { return false }
        // `.<sha256>.<pid>-<random>.tmp`
        let parts = (temporary.path.split(separator: "/").last ?? "").split(separator: ".")
        guard parts.count >= 3, let owner = parts[parts.count - 2].split(separator: "-").first.flatMap({ Int32($0) })
        else { return true }
        return kill(owner, 0) == 0 || errno == EPERM
    }

    /// The images in the cache, least recently used first.
    ///
    /// Only entry files count (`<sha256>.<jpg|png|webp>`); temporary files and anything else are ignored.
    /// A missing folder is an empty cache.
    /// - Throws: ``ImageCacheError/directoryUnusable(path:reason:)`` when the folder cannot be read.
    public func entries() throws(ImageCacheError) -> [ImageCacheEntry] {
        try listing().entries.sorted { ($0.lastUsed, $0.path) < ($1.lastUsed, $1.path) }
    }

    /// How many images the cache holds, and how many bytes.
    ///
    /// - Throws: ``ImageCacheError/directoryUnusable(path:reason:)``.
    public func usage() throws(ImageCacheError) -> ImageCacheUsage {
        var usage = ImageCacheUsage()
        for entry in try listing().entries { usage.add(entry.size) }
        return usage
    }

    /// Evicts the least recently used images until the cache holds at most `maxBytes`.
    ///
    /// Temporary files are removed too, but those of downloads still under way (``isDownloading(_:now:)``); they
    /// are not counted as evicted. An image served or stored while the prune runs is kept: another `tvm-img` has
    /// just printed its path.
    /// - Parameters:
    ///   - maxBytes: The size to get down to; 0 empties the cache, but for what is used meanwhile.
    ///   - now: The current time in seconds since 1970, for the age of temporary files.
    /// - Returns: What was removed.
    /// - Throws: ``ImageCacheError`` when the folder cannot be read or a file cannot be removed.
    @discardableResult
    public func prune(maxBytes: Int64, now: Double = Date().timeIntervalSince1970) throws(ImageCacheError)
        -> ImageCacheUsage
    {
        let (entries, temporaries) = try listing()
        return try prune(listed: entries, temporaries: temporaries, maxBytes: maxBytes, now: now)
    }

    /// ``prune(maxBytes:now:)`` over a listing taken earlier; an entry whose file changed since is left alone.
    func prune(listed entries: [ImageCacheEntry], temporaries: [ImageCacheEntry], maxBytes: Int64, now: Double)
        throws(ImageCacheError) -> ImageCacheUsage
    {
        for temporary in temporaries where !Self.isDownloading(temporary, now: now) {
            try remove(temporary.path)
        }
        var total = entries.reduce(Int64(0)) { $0 + $1.size }
        var removed = ImageCacheUsage()
        for entry in entries.sorted(by: { ($0.lastUsed, $0.path) < ($1.lastUsed, $1.path) }) where total > maxBytes {
            guard Self.lastUse(of: entry.path) == entry.lastUsed else { continue }
            try remove(entry.path)
            total -= entry.size
            removed.add(entry.size)
        }
        return removed
    }

    /// Removes every image from the cache folder, and every temporary file but those of downloads still under way
    /// in other processes (``isDownloading(_:now:)``), which would otherwise fail.
    ///
    /// - Parameter now: The current time in seconds since 1970, for the age of temporary files.
    /// - Returns: What was removed (temporary files are not counted).
    /// - Throws: ``ImageCacheError`` when the folder cannot be read or a file cannot be removed.
    @discardableResult
    public func clear(now: Double = Date().timeIntervalSince1970) throws(ImageCacheError) -> ImageCacheUsage {
        let (entries, temporaries) = try listing()
        for temporary in temporaries where !Self.isDownloading(temporary, now: now) { try remove(temporary.path) }
        var removed = ImageCacheUsage()
        for entry in entries {
            try remove(entry.path)
            removed.add(entry.size)
        }
        return removed
    }

    /// Whether a file name is an entry name: 64 lower-case hex digits, a dot, and a known extension.
    static func isEntryName(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].utf8.count == 64, ImageFormat(fileExtension: String(parts[1])) != nil else {
            return false
        }
        return parts[0].utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// A file's modification time, the last use of an image; `nil` when it is gone.
    private static func lastUse(of path: String) -> Double? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return modificationTime(info)
    }

    private static func modificationTime(_ info: stat) -> Double {
        #if canImport(Darwin)
            Double(info.st_mtimespec.tv_sec) + Double(info.st_mtimespec.tv_nsec) / 1e9
        #else
            Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
        #endif
    }

    /// The entry files and the temporary files in the folder.
    private func listing() throws(ImageCacheError) -> (entries: [ImageCacheEntry], temporaries: [ImageCacheEntry]) {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            // Missing is an empty cache; a file where the folder should be is not.
            switch Result(catching: { () throws(FilePath.Unreachable) in try FilePath.exists(directory) }) {
            case .success(false): return ([], [])
            case .success(true): throw .directoryUnusable(path: directory, reason: Self.describe(error))
            case .failure(let unreachable): throw .directoryUnusable(path: directory, reason: unreachable.reason)
            }
        }
        var entries: [ImageCacheEntry] = []
        var temporaries: [ImageCacheEntry] = []
        for name in names {
            let isEntry = Self.isEntryName(name)
            let isTemporary = name.hasPrefix(".") && name.hasSuffix(Self.temporarySuffix)
            guard isEntry || isTemporary else { continue }
            let path = directory + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
            let entry = ImageCacheEntry(path: path, size: Int64(info.st_size), lastUsed: Self.modificationTime(info))
            if isEntry {
                entries.append(entry)
            } else {
                temporaries.append(entry)
            }
        }
        return (entries, temporaries)
    }

    private func remove(_ path: String) throws(ImageCacheError) {
        guard unlink(path) == 0 || errno == ENOENT else {
            throw .removeFailed(path: path, reason: Self.errnoText())
        }
    }
}
