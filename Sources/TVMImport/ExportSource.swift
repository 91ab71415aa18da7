import Foundation
import TVMRecords

/// Finds and reads the files of an export: a ZIP, a folder, a single file, or stdin (`-`).
///
/// In a folder or a ZIP only the files the importer knows are opened, by name (``ExportFileRole/known(name:)``):
/// the credentials and personal data exports hold beside them are never read. A file the user names is read
/// whatever its name, its role found from its first bytes.
public enum ExportSource {
    /// The most bytes read from one export (all its files, or all of a ZIP's members inflated).
    public static let defaultMaxBytes = 512 * 1_048_576

    /// Reads the export at `path`.
    ///
    /// - Parameters:
    ///   - path: A ZIP, a folder, a file, or `-` for stdin.
    ///   - format: `--from`: the format, when forced.
    ///   - maxBytes: The most bytes read in all.
    ///   - stdin: Reads stdin, for `-`.
    ///   - refusals: Gets the ZIP members refused (a path with `..`, a symbolic link); the others are read.
    /// - Returns: The export's files, with their roles.
    /// - Throws: ``ImportError`` when nothing can be read.
    public static func files(
        at path: String, format: ExportFormat?, maxBytes: Int = defaultMaxBytes, refusals: inout [ImportError],
        stdin: () throws -> [UInt8]
    ) throws(ImportError) -> [ExportFile] {
        if path == "-" {
            let bytes: [UInt8]
            do {
                bytes = try stdin()
            } catch {
                throw .cannotRead(path: "stdin", reason: error.localizedDescription)
            }
            guard bytes.count <= maxBytes else { throw tooLarge("stdin", maxBytes, alone: true) }
            if isZip(head: bytes.prefix(4)) {
                // A ZIP is read from its central directory, at its end: give its path, which is read in place.
                throw .cannotRead(path: "stdin", reason: "it is a ZIP archive; name its file instead of -")
            }
            return [ExportFile(name: "stdin", role: role(of: bytes, name: nil, format: format), bytes: bytes)]
        }
        var info = stat()
        guard stat(path, &info) == 0 else {
            // A folder on the way that this user may not enter is not a missing file.
            throw .cannotRead(
                path: path,
                reason: errno == ENOENT ? "no such file or folder" : String(cString: strerror(errno)).lowercased())
        }
        if info.st_mode & S_IFMT == S_IFDIR {
            if format == .csv { throw .csvNeedsFile(path: path) }
            return try folder(path, format: format, maxBytes: maxBytes)
        }
        if isZip(path) {
            if format == .csv { throw .csvNeedsFile(path: path) }
            return try zip(path, format: format, maxBytes: maxBytes, refusals: &refusals)
        }
        let bytes = try read(path, maxBytes: maxBytes, limit: maxBytes)
        let name = (path as NSString).lastPathComponent
        return [ExportFile(name: path, role: role(of: bytes, name: name, format: format), bytes: bytes)]
    }

    /// Reads the rows of an export's files.
    ///
    /// - Parameter files: The files.
    /// - Returns: The rows, the rows skipped, and the files that could not be read.
    public static func history(of files: [ExportFile]) -> ImportHistory {
        var history = ImportHistory()
        let tvtime = files.filter { $0.role.format == .tvtime }
        if !tvtime.isEmpty { history.append(TVTimeReader.read(tvtime)) }
        for file in files where file.role.format != .tvtime {
            history.append(file.role == .plainCSV ? PlainCSVReader.read(file) : JSONExportReader.read(file))
        }
        return history
    }

    /// A named file's role: from its name, else its first bytes; with `--from`, one of that format's roles.
    private static func role(of bytes: [UInt8], name: String?, format: ExportFormat?) -> ExportFileRole {
        let known = name.flatMap(ExportFileRole.known(name:))
        let role = known ?? ExportFileRole.sniff(ExportFile.utf8(bytes)) ?? .plainCSV
        guard let format, role.format != format else { return role }
        switch format {
        case .tvtime: return .tvtimeTracking
        case .trakt: return role == .traktShows ? .traktShows : .traktHistory
        case .simkl: return .simklBackup
        case .sonarr: return .sonarrSeries
        case .csv: return .plainCSV
        }
    }

    private static func folder(_ path: String, format: ExportFormat?, maxBytes: Int) throws(ImportError)
        -> [ExportFile]
    {
        guard let walker = FileManager.default.enumerator(atPath: path) else {
            throw .cannotRead(path: path, reason: "the folder cannot be listed")
        }
        var relatives: [String] = []
        while let relative = walker.nextObject() as? String { relatives.append(relative) }
        var files: [ExportFile] = []
        var budget = maxBytes
        for relative in relatives.sorted() {
            let name = (relative as NSString).lastPathComponent
            guard let role = ExportFileRole.known(name: name), format == nil || role.format == format else { continue }
            let full = (path as NSString).appendingPathComponent(relative)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: full, isDirectory: &isFolder), !isFolder.boolValue else {
                continue
            }
            let bytes = try read(full, maxBytes: budget, limit: maxBytes)
            budget -= bytes.count
            files.append(ExportFile(name: full, role: role, bytes: bytes))
        }
        guard !files.isEmpty else { throw .noKnownFiles(path: path) }
        return files
    }

    private static func zip(_ path: String, format: ExportFormat?, maxBytes: Int, refusals: inout [ImportError])
        throws(ImportError) -> [ExportFile]
    {
        let archive = try ZipArchive(path: path, maxBytes: maxBytes)
        var files: [ExportFile] = []
        var budget = maxBytes
        var refused: [String] = []
        for member in archive.members where !member.path.hasSuffix("/") {
            guard let role = ExportFileRole.known(name: member.name), format == nil || role.format == format else {
                continue
            }
            if member.climbsOut {
                refused.append("\(member.path): its path leaves the archive")
                continue
            }
            if member.isSymlink {
                refused.append("\(member.path): a symbolic link, not a file")
                continue
            }
            let bytes = try archive.contents(of: member, budget: &budget)
            files.append(ExportFile(name: "\(path):\(member.path)", role: role, bytes: bytes))
        }
        if !refused.isEmpty && files.isEmpty {
            throw .badArchive(path: path, reason: "refused " + refused.joined(separator: "; "))
        }
        guard !files.isEmpty else { throw .noKnownFiles(path: path) }
        refusals = refused.map { .badArchive(path: path, reason: "refused " + $0) }
        return files
    }

    private static func isZip(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        return isZip(head: [UInt8]((try? handle.read(upToCount: 4)) ?? Data())[...])
    }

    /// A local file header's or an empty archive's signature.
    private static func isZip(head: ArraySlice<UInt8>) -> Bool {
        head.elementsEqual([0x50, 0x4B, 0x03, 0x04]) || head.elementsEqual([0x50, 0x4B, 0x05, 0x06])
    }

    /// `--max-size` passed: by this file `alone`, or with the files read before it.
    private static func tooLarge(_ path: String, _ limit: Int, alone: Bool) -> ImportError {
        let size = "the \(ByteSize(bytes: limit)) --max-size"
        return .cannotRead(
            path: path,
            reason: alone
                ? "it is larger than \(size)" : "with the files read before it, the export is larger than \(size)")
    }

    /// Reads a whole file into one buffer, sized from the file's length, so that a file near `maxBytes` is held
    /// once, not twice; a regular file over `maxBytes` (what is left of `limit`, `--max-size`) is refused before it
    /// is read.
    private static func read(_ path: String, maxBytes: Int, limit: Int) throws(ImportError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .cannotRead(path: path, reason: "it cannot be opened (permissions?)") }
        defer { close(fd) }
        var source = FileDescriptorSource(fileDescriptor: fd)
        let alone = maxBytes == limit || source.remainingSize > limit
        guard source.remainingSize <= maxBytes else { throw tooLarge(path, limit, alone: alone) }
        let bytes: [UInt8]
        do {
            bytes = try source.readAll(upTo: maxBytes)
        } catch {
            throw .cannotRead(path: path, reason: error.localizedDescription)
        }
        guard bytes.count <= maxBytes else { throw tooLarge(path, limit, alone: alone || bytes.count > limit) }
        return bytes
    }
}
