import Foundation
import ReplayServer
import Testing

/// Issue 30, #14: a show name with a line break made calcurse reject the whole calendar.
@Suite("regressions: calendar summaries are one line")
struct CalendarLineBreakTests {
    @Test(
        "a show name with CR/LF made calcurse reject the whole calendar (\"line break in summary\"): folded to spaces, bidi controls stripped"
    )
    func lineBreakInSummary() async throws {
        try await withReplay { _, sandbox in
            try await WatchCommandTests().tracking(sandbox)
            // U+202E (right-to-left override) and U+2066 (left-to-right isolate), as khal showed them.
            let hostile = "'Under' || char(13, 10) || 'the' || char(10) || 'Dome' || char(8238) || char(8294)"
            _ = try await FavSupport.sqlite(
                sandbox.favoritesDatabase,
                "UPDATE favorite SET name = \(hostile), record = json_set(record, '$.name', \(hostile)) WHERE id = 1",
                in: sandbox)
            let result = try await sandbox.runInProcess("tvm-fav", ["next", "--all", "--format", "ics"])
            #expect(result.status == 0, "\(result.stderr)")
            let summaries = result.stdout.components(separatedBy: "\r\n").filter { $0.hasPrefix("SUMMARY:") }
            #expect(summaries.contains("SUMMARY:Under the Dome S01E01 Pilot"), "\(summaries)")
            #expect(
                !result.stdout.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) || $0.value == 0x2066 })
            let file = sandbox.root.appendingPathComponent("next.ics")
            try Data(result.stdout.utf8).write(to: file)

            let folder = sandbox.root.appendingPathComponent("calcurse")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let environment = sandbox.environment.merging(["TZ": "UTC"]) { $1 }
            let imported = try await Sandbox.run(
                executable: URL(fileURLWithPath: "/usr/bin/calcurse"), arguments: ["-D", folder.path, "-i", file.path],
                stdin: nil, environment: environment, directory: sandbox.root, timeout: 30)
            #expect(imported.status == 0, "\(imported.stdout) \(imported.stderr)")
            #expect(!imported.stdout.contains("line break") && !imported.stderr.contains("line break"))
            let agenda = try await Sandbox.run(
                executable: URL(fileURLWithPath: "/usr/bin/calcurse"),
                arguments: ["-D", folder.path, "-Q", "--from", "06/24/2013", "--days", "2"],
                stdin: nil, environment: environment, directory: sandbox.root, timeout: 30)
            #expect(agenda.stdout.contains("Under the Dome S01E01 Pilot"), "\(agenda.stdout)")
        }
    }
}
