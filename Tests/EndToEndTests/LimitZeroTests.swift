import Foundation
import ReplayServer
import Testing

/// Issue 30, #14: `-n 0` printed everything without saying so anywhere.
@Suite("regressions: -n 0 means no limit, in every tool, as --help says")
struct LimitZeroTests {
    @Test(
        "-n 0 printed everything, undocumented: it is the documented 'no limit' of every tool; -n -1 is a usage error")
    func limitZeroIsNoLimit() async throws {
        try await withReplay { _, sandbox in
            let added = try await sandbox.runInProcess("tvm-fav", ["add", "1", "43", "139", "--jq", ".id"])
            #expect(added.status == 0, "\(added.stderr)")
            for (tool, arguments) in [
                ("tvm-fav", ["list", "--jq", ".id"]), ("tvm-search", ["girls", "--jq", ".show.id"]),
                ("tvm-episodes", ["1", "--jq", ".id"]),
            ] {
                let plain = try await sandbox.runInProcess(tool, arguments)
                let zero = try await sandbox.runInProcess(tool, arguments + ["-n", "0"])
                let one = try await sandbox.runInProcess(tool, arguments + ["--limit", "1"])
                #expect(plain.status == 0 && zero.status == 0 && one.status == 0, "\(tool): \(zero.stderr)")
                #expect(plain.lines.count > 1, "\(tool)")
                #expect(zero.lines == plain.lines, "\(tool)")
                #expect(one.lines == Array(plain.lines.prefix(1)), "\(tool)")
                let negative = try await sandbox.runInProcess(tool, arguments + ["--limit=-1"])
                #expect(negative.status == 64, "\(tool)")
                #expect(negative.stdout.isEmpty)
                #expect(negative.stderr.contains("--limit takes a count of records, 0 or more"), "\(negative.stderr)")
                // The whole help (the man page's text): the short --help cuts long option descriptions.
                let help = try await sandbox.runInProcess(tool, ["--experimental-dump-help"])
                let flat = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
                #expect(flat.contains("0 for no limit (every record"), "\(tool)")
            }
        }
    }
}
