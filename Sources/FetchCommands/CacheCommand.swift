import ArgumentParser
import Foundation
import TVMCommandLine
import TVMRecords
import TVMazeAPI

/// `tvm-fetch cache`: look after the HTTP response cache.
struct CacheCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cache",
        abstract: "Show or empty the local HTTP response cache.",
        discussion: """
            Every successful API response is kept in $XDG_CACHE_HOME/tvm/http.sqlite (by default \
            ~/.cache/tvm/http.sqlite). A fresh copy answers without a request; a stale one is fetched again, \
            and is still served, with a warning, when the network fails. --offline serves any cached copy; \
            --refresh asks the network first. The stored responses stay under --cache-max (256 MiB by \
            default): the least recently used are evicted, and a response larger than the cap is not stored.

            Examples:
              tvm-fetch cache info
              tvm-fetch cache clear
            """,
        subcommands: [CacheInfoCommand.self, CacheClearCommand.self]
    )
}

/// `tvm-fetch cache info`.
struct CacheInfoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Print the cache's entries, bytes, and oldest and newest entry.",
        discussion: """
            On a terminal the figures are printed as text; otherwise as one JSON line: \
            {"path":…,"entries":…,"bytes":…,"file_bytes":…,"oldest":…,"newest":…} with ISO 8601 times (null \
            when the cache is empty).
            """
    )

    @OptionGroup var output: OutputOptions

    func run() async throws {
        let runtime = ToolRuntime(tool: "tvm-fetch", output: output)
        try await runtime.run {
            let path = runtime.httpCachePath
            let info = try HTTPCache(path: path, maxBytes: .max).info()
            let formatter = ISO8601DateFormatter()
            let time = { (seconds: Double?) in seconds.map { formatter.string(from: Date(timeIntervalSince1970: $0)) } }
            let out = try await runtime.makeOutput(view: CacheInfoView())
            var record = "{\"path\":\(JSONString.encode(path)),\"entries\":\(info.entries),\"bytes\":\(info.bodyBytes)"
            record += ",\"file_bytes\":\(info.fileBytes)"
            record += ",\"oldest\":\(time(info.oldest).map(JSONString.encode) ?? "null")"
            record += ",\"newest\":\(time(info.newest).map(JSONString.encode) ?? "null")}"
            try await out.emit(Array(record.utf8))
            try await out.finish()
        }
    }
}

/// `tvm-fetch cache clear`.
struct CacheClearCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clear",
        abstract: "Empty the cache.",
        discussion: """
            Removes every cached response and gives the space back: the database is compacted and its WAL \
            emptied, so http.sqlite and http.sqlite-wal end a few kilobytes long. Prints how many responses \
            were removed on stderr.
            """
    )

    @OptionGroup var output: OutputOptions

    func run() async throws {
        let runtime = ToolRuntime(tool: "tvm-fetch", output: output)
        try await runtime.run {
            let removed = try HTTPCache(path: runtime.httpCachePath, maxBytes: .max).clear()
            runtime.diagnostics.note("removed \(removed) cached response\(removed == 1 ? "" : "s")")
        }
    }
}

/// `cache info` on a terminal: one "label: value" line per figure.
struct CacheInfoView: TerminalView {
    var rendersEachRecord: Bool { true }

    func render(_ records: [[UInt8]], width: Int, color: Bool) -> String {
        guard let record = records.first,
            let object = try? JSONSerialization.jsonObject(with: Data(record)) as? [String: Any]
        else { return "" }
        let bytes = ByteSize(bytes: object["bytes"] as? Int ?? 0)
        let file = ByteSize(bytes: object["file_bytes"] as? Int ?? 0)
        let now = Date()
        let formatter = ISO8601DateFormatter()
        func when(_ key: String) -> String {
            guard let text = object[key] as? String, let date = formatter.date(from: text) else { return "-" }
            return "\(text) (\(RelativeTime.describe(seconds: now.timeIntervalSince(date))) ago)"
        }
        return LabelledLines.render([
            ("Cache", object["path"] as? String ?? ""), ("Entries", String(object["entries"] as? Int ?? 0)),
            ("Bytes", "\(bytes) in responses, \(file) on disk"), ("Oldest", when("oldest")), ("Newest", when("newest")),
        ])
    }
}
