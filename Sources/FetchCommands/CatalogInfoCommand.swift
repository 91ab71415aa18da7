import ArgumentParser
import Foundation
import TVMCommandLine
import TVMRecords
import TVMStore

/// `tvm-fetch catalog info`.
struct CatalogInfoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Print the catalogue's show count, last sync, file size and age.",
        discussion: """
            On a terminal the figures are printed as a table; otherwise as one JSON line with the fields path, \
            shows, last_sync (ISO 8601), age_seconds, file_bytes, complete, resumes_at_page and pending_pages; \
            last_sync and age_seconds are null before the first sync has ended. With no catalogue, says how to \
            make one and exits 69.
            """
    )

    @OptionGroup var catalog: CatalogOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let runtime = ToolRuntime(tool: "tvm-fetch", output: output)
        try await runtime.run {
            let now = try runtime.now().timeIntervalSince1970
            let store = try runtime.openCatalog(catalog, access: .readOnly)
            let info = try store.info()
            let last = info.lastSync.map { ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: $0)) }
            var record = "{\"path\":\(JSONString.encode(store.path)),\"shows\":\(info.shows)"
            record += ",\"last_sync\":\(last.map(JSONString.encode) ?? "null")"
            record += ",\"age_seconds\":\(info.lastSync.map { String(Int(now - $0)) } ?? "null")"
            record += ",\"file_bytes\":\(info.fileBytes)"
            record += ",\"complete\":\(info.lastSync != nil && info.resumesAtPage == nil && info.pendingPages.isEmpty)"
            record += ",\"resumes_at_page\":\(info.resumesAtPage.map(String.init) ?? "null")"
            record += ",\"pending_pages\":[\(info.pendingPages.map(String.init).joined(separator: ","))]}"
            let out = try await runtime.makeOutput(view: CatalogInfoView())
            try await out.emit(Array(record.utf8))
            try await out.finish()
        }
    }
}

/// `catalog info` on a terminal: a two-column table.
struct CatalogInfoView: TerminalView {
    var rendersEachRecord: Bool { true }

    func render(_ records: [[UInt8]], width: Int, color: Bool) -> String {
        guard let record = records.first,
            let object = try? JSONSerialization.jsonObject(with: Data(record)) as? [String: Any]
        else { return "" }
        let age = (object["age_seconds"] as? Int).map { RelativeTime.describe(seconds: Double($0)) + " ago" }
        var state = "complete"
        if let page = object["resumes_at_page"] as? Int {
            state = "interrupted: the next sync goes on at page \(page)"
        } else if object["last_sync"] is NSNull {
            state = "never synced"
        } else if let pending = object["pending_pages"] as? [Int], !pending.isEmpty {
            state = "pages to fetch again: " + pending.map(String.init).joined(separator: ", ")
        }
        let rows = [
            ("Catalogue", object["path"] as? String ?? ""),
            ("Shows", String(object["shows"] as? Int ?? 0)),
            ("Last sync", (object["last_sync"] as? String).map { "\($0) (\(age ?? ""))" } ?? "never"),
            ("File size", ByteSize(bytes: object["file_bytes"] as? Int ?? 0).description),
            ("State", state),
        ]
        return LabelledLines.render(rows)
    }
}

/// `tvm-fetch catalog clear`.
struct CatalogClearCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clear",
        abstract: "Delete the catalogue, after asking for confirmation on the terminal.",
        discussion: """
            Asks on the terminal (/dev/tty) "Delete the show catalogue PATH (N shows)? [y/N]"; only "y" or \
            "yes" deletes. Without a terminal to ask on, give --yes; otherwise it exits 64 and deletes nothing. \
            A sync under way is waited for. The next tvm-fetch catalog sync downloads everything again.
            """
    )

    @Flag(name: [.customShort("y"), .long], help: "Delete without asking for confirmation.")
    var yes = false

    @OptionGroup var catalog: CatalogOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let runtime = ToolRuntime(tool: "tvm-fetch", output: output)
        try await runtime.run {
            let path = runtime.catalogPath(catalog)
            guard FileManager.default.fileExists(atPath: path) else {
                runtime.diagnostics.note("there is no show catalogue at \(path)")
                return
            }
            let shows = (try? runtime.openCatalog(catalog, access: .readOnly).info().shows).map { " (\($0) shows)" }
            if !yes {
                let question = "Delete the show catalogue \(path)\(shows ?? "")?"
                guard let answer = Prompt.confirm(question, diagnostics: runtime.diagnostics) else {
                    runtime.diagnostics.error(
                        "cannot ask for confirmation: there is no terminal (/dev/tty); "
                            + "give --yes to delete without asking. Nothing was deleted.")
                    throw ExitCode(ExitStatus.usage.rawValue)
                }
                guard answer else {
                    runtime.diagnostics.note("kept the show catalogue")
                    return
                }
            }
            let diagnostics = runtime.diagnostics
            let lock = try CatalogSyncLock.acquire(path: path) {
                diagnostics.note("a sync of \(path) is running; waiting for it to finish")
            }
            defer { withExtendedLifetime(lock) {} }
            if try CatalogStore.remove(path: path) {
                runtime.diagnostics.note("deleted the show catalogue \(path)\(shows ?? "")")
            }
        }
    }
}
