import Foundation

/// Why an export cannot be read at all (exit status 65), or an import cannot go on.
public enum ImportError: LocalizedError, Sendable, Equatable {
    /// The path does not exist or cannot be read.
    case cannotRead(path: String, reason: String)
    /// No file of the folder or ZIP is one the importer knows.
    case noKnownFiles(path: String)
    /// A file's layout is not the one its name promises (a column missing, JSON of the wrong shape).
    case badLayout(file: String, reason: String)
    /// The ZIP cannot be read: truncated, encrypted, or holding a member that is refused.
    case badArchive(path: String, reason: String)
    /// `--from csv` was given a folder or ZIP.
    case csvNeedsFile(path: String)

    /// The message, quoting the file and saying what to do.
    public var errorDescription: String? {
        switch self {
        case .cannotRead(let path, let reason):
            return "cannot read \(path): \(reason)"
        case .noKnownFiles(let path):
            return """
                \(path) holds no export file tvm knows (tracking-prod-records-v2.csv, followed_tv_show.csv, \
                watched-history.json, SimklBackup.json …); give the file itself with --from FORMAT
                """
        case .badLayout(let file, let reason):
            return "\(file): \(reason)"
        case .badArchive(let path, let reason):
            return "\(path): \(reason)"
        case .csvNeedsFile(let path):
            return "\(path) is a folder or ZIP: --from csv reads one CSV file (or - for stdin)"
        }
    }
}
