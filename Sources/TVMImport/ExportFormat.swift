import Foundation

/// The trackers whose exports `tvm-fav import` reads.
public enum ExportFormat: String, Sendable, CaseIterable {
    /// TV Time's GDPR export: CSV files.
    case tvtime
    /// Trakt's data export: JSON files.
    case trakt
    /// Simkl's `SimklBackup.json`.
    case simkl
    /// Sonarr's series list (`/api/v3/series`).
    case sonarr
    /// The plain CSV: `tvmaze_id`, `thetvdb_id`, `imdb_id`, `show`, `season`, `episode`, `watched_at`.
    case csv

    /// The name users know.
    public var title: String {
        switch self {
        case .tvtime: return "TV Time"
        case .trakt: return "Trakt"
        case .simkl: return "Simkl"
        case .sonarr: return "Sonarr"
        case .csv: return "plain CSV"
        }
    }
}

/// What one file of an export is, known from its name (any prefix such as `3f9a1c_` aside) or its first bytes.
public enum ExportFileRole: Sendable, Equatable {
    /// TV Time's `tracking-prod-records-v2.csv`.
    case tvtimeTracking
    /// TV Time's `followed_tv_show.csv`.
    case tvtimeFollowed
    /// TV Time's `user_tv_show_data.csv`.
    case tvtimeShowData
    /// TV Time's older `seen_episode.csv`.
    case tvtimeSeen
    /// Trakt's `watched-history*.json`.
    case traktHistory
    /// Trakt's `watched-shows.json`.
    case traktShows
    /// Simkl's `SimklBackup.json`.
    case simklBackup
    /// Sonarr's series list.
    case sonarrSeries
    /// The plain CSV.
    case plainCSV

    /// The format the role belongs to.
    public var format: ExportFormat {
        switch self {
        case .tvtimeTracking, .tvtimeFollowed, .tvtimeShowData, .tvtimeSeen: return .tvtime
        case .traktHistory, .traktShows: return .trakt
        case .simklBackup: return .simkl
        case .sonarrSeries: return .sonarr
        case .plainCSV: return .csv
        }
    }

    /// The role of a file in a folder or a ZIP, from its name alone; `nil` for every other file, which is never
    /// opened (`access_token.csv`, `user-settings.json`, macOS's `._followed_tv_show.csv` …).
    ///
    /// - Parameter name: The file's name, without its folder.
    public static func known(name: String) -> ExportFileRole? {
        let name = name.lowercased()
        // macOS's AppleDouble companions (`._name`, under `__MACOSX/` in the ZIPs it makes) hold no rows.
        guard !name.hasPrefix("._") else { return nil }
        let fixed: [(String, ExportFileRole)] = [
            ("tracking-prod-records-v2.csv", .tvtimeTracking), ("followed_tv_show.csv", .tvtimeFollowed),
            ("user_tv_show_data.csv", .tvtimeShowData), ("seen_episode.csv", .tvtimeSeen),
            ("watched-shows.json", .traktShows), ("simklbackup.json", .simklBackup),
        ]
        for (known, role) in fixed where matches(name, known) { return role }
        if let range = name.range(of: "watched-history"), name.hasSuffix(".json"),
            range.lowerBound == name.startIndex || "_- ".contains(name[name.index(before: range.lowerBound)])
        {
            let middle = name[range.upperBound..<name.index(name.endIndex, offsetBy: -5)]
            if middle.isEmpty || (middle.first == "-" && middle.dropFirst().allSatisfy(\.isNumber)) {
                return .traktHistory
            }
        }
        return nil
    }

    /// `name` is `known`, or `known` after a prefix ending in `_`, `-` or a space.
    private static func matches(_ name: String, _ known: String) -> Bool {
        guard name.hasSuffix(known) else { return false }
        let prefix = name.dropLast(known.count)
        return prefix.isEmpty || "_- ".contains(prefix.last!)
    }

    /// Where a file's content starts, past a UTF-8 byte order mark and blanks; `nil` when it holds nothing else.
    static func contentStart(_ bytes: [UInt8]) -> Int? {
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < bytes.count, [9, 10, 13, 32].contains(bytes[start]) { start += 1 }
        return start < bytes.count ? start : nil
    }

    /// The role of a file the user named, from its first bytes: the header of a CSV, the shape of a JSON file.
    ///
    /// - Parameter bytes: The file's bytes.
    /// - Returns: The role; the plain CSV for a CSV with no TV Time header.
    public static func sniff(_ bytes: [UInt8]) -> ExportFileRole? {
        guard let start = contentStart(bytes) else { return nil }
        let head = String(decoding: bytes[start..<min(bytes.count, start + 4096)], as: UTF8.self)
        if bytes[start] == UInt8(ascii: "{") {
            return head.contains("\"shows\"") || head.contains("\"anime\"") ? .simklBackup : nil
        }
        if bytes[start] == UInt8(ascii: "[") {
            // tvm-fav export --format json: the plain rows as an array.
            if head.contains("\"tvmaze_id\"") { return .plainCSV }
            if head.contains("\"tvMazeId\"") || head.contains("\"tvdbId\"") { return .sonarrSeries }
            if head.contains("\"seasons\"") && !head.contains("\"action\"") { return .traktShows }
            return .traktHistory
        }
        var reader = CSVReader(bytes: Array(bytes[start..<min(bytes.count, start + 4096)]))
        let columns = Set(CSVReader.columns(reader.next()?.fields ?? []))
        if columns.contains("key") && columns.contains("s_id") { return .tvtimeTracking }
        if columns.contains("nb_episodes_seen") { return .tvtimeShowData }
        if columns.contains("episode_season_number") { return .tvtimeSeen }
        if columns.contains("tv_show_id") { return .tvtimeFollowed }
        return .plainCSV
    }
}

/// One file of an export, read.
public struct ExportFile: Sendable {
    /// The file as the user knows it: its path, or `export.zip:folder/name.csv` for a ZIP member.
    public var name: String
    /// What it is.
    public var role: ExportFileRole
    /// Its bytes.
    public var bytes: [UInt8]

    /// Creates a file.
    ///
    /// - Parameters:
    ///   - name: Its name for messages.
    ///   - role: What it is.
    ///   - bytes: Its bytes.
    public init(name: String, role: ExportFileRole, bytes: [UInt8]) {
        self.name = name
        self.role = role
        self.bytes = Self.utf8(bytes)
    }

    /// A file's text as UTF-8: UTF-16 ("Unicode text" from a spreadsheet, PowerShell's redirection) is converted;
    /// anything else is returned as it is.
    static func utf8(_ bytes: [UInt8]) -> [UInt8] {
        utf16Encoding(of: bytes).map { Array((String(data: Data(bytes), encoding: $0) ?? "").utf8) } ?? bytes
    }

    /// The UTF-16 encoding of a file that starts with its byte order mark, or with a character and a zero byte in
    /// either order (no text file has zero bytes, and an export starts with a character); `nil` for UTF-8.
    private static func utf16Encoding(of bytes: [UInt8]) -> String.Encoding? {
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) { return .utf16 }
        guard bytes.count >= 2, (bytes[0] == 0) != (bytes[1] == 0) else { return nil }
        return bytes[1] == 0 ? .utf16LittleEndian : .utf16BigEndian
    }
}
