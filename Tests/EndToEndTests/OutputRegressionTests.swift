import Foundation
import Testing

/// Regressions of output that grew without bound, stopped at one bad row, or let a record's text drive the
/// terminal (issue 15, items 5 and 7).
@Suite("regressions: output, jq and terminal safety")
struct OutputRegressionTests {
    /// A sandbox holding Under the Dome (1) and Girls (139).
    private func sandboxWithFavorites() async throws -> Sandbox {
        let sandbox = try Sandbox()
        let shows = try ["shows/1.json", "shows/139.json"].map {
            String(decoding: Fixtures.compact(try Fixtures.data($0)), as: UTF8.self)
        }
        let added = try await sandbox.runInProcess(
            "tvm-fav", ["add", "--no-episodes"], stdin: shows.joined(separator: "\n") + "\n")
        #expect(added.status == 0)
        return sandbox
    }

    // `tvm-fav list --jq 'repeat(.)' | head -1` never returned: the outputs of one record were held until the end.
    @Test("a filter that never ends stops when the reader goes away: --jq 'repeat(.)' | head -1 ends, exit 0")
    func endlessFilter() async throws {
        let sandbox = try await sandboxWithFavorites()
        let result = try await Sandbox.run(
            executable: URL(fileURLWithPath: "/bin/bash"),
            arguments: [
                "-c", "set -o pipefail; \"$0\" list --jq 'repeat(.) | .id' | head -1", Binaries.url("tvm-fav").path,
            ],
            stdin: nil, environment: sandbox.environment, directory: sandbox.root, timeout: 30)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "1\n")
    }

    @Test("--jq-file reads the filter from a file; with --jq too it is a usage error")
    func jqFile() async throws {
        let sandbox = try await sandboxWithFavorites()
        let file = sandbox.root.appendingPathComponent("names.jq")
        try Data("# the names\n.name\n".utf8).write(to: file)
        let result = try await sandbox.runInProcess("tvm-fav", ["list", "--jq-file", file.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Under the Dome\nGirls\n")
        let both = try await sandbox.runInProcess("tvm-fav", ["list", "--jq", ".id", "--jq-file", file.path])
        #expect(both.status == 64)
        #expect(both.stderr.contains("give the jq program with --jq or with --jq-file, not both"))

        // Regression: a file that did not compile was quoted whole, a message line for each of its lines, and its
        // last newline split the message in two.
        let broken = sandbox.root.appendingPathComponent("broken.jq")
        try Data(("# a long file\n" + String(repeating: "# comment\n", count: 30) + ".name |\n").utf8).write(to: broken)
        let refused = try await sandbox.runInProcess("tvm-fav", ["list", "--jq-file", broken.path])
        #expect(refused.status == 64)
        #expect(
            refused.stderr.hasPrefix(
                "tvm-fav: error: --jq-file \(broken.path): the jq program does not compile; fix it (jq 1.6 syntax):\n"),
            "\(refused.stderr)")
        #expect(!refused.stderr.contains("# comment"), "\(refused.stderr)")
        let oneLine = try await sandbox.runInProcess("tvm-fav", ["list", "--jq", ".name |\n"])
        #expect(oneLine.stderr.contains("the jq program '.name |' does not compile"), "\(oneLine.stderr)")
    }

    // A rejected filter of any length was echoed whole, twice.
    @Test("a rejected filter is quoted to at most 200 characters")
    func longFilterQuoted() async throws {
        let sandbox = try await sandboxWithFavorites()
        let program = String(repeating: ".a", count: 5_000) + " |"
        let result = try await sandbox.runInProcess("tvm-fav", ["list", "--jq", program])
        #expect(result.status == 64)
        let longest = result.stderr.split(separator: "\n").map(\.count).max() ?? 0
        #expect(longest < 300, "a line of \(longest) characters")
        #expect(result.stderr.contains(String(repeating: ".a", count: 100) + "…"))
    }

    // Regression: `debug` printed nothing; jq prints each value it passes on stderr.
    @Test("debug writes [\"DEBUG:\",value] on stderr, as jq does, and passes its input on")
    func jqDebug() async throws {
        let sandbox = try Sandbox()
        let result = try await sandbox.run(
            "tvm-fav", ["status", "--jq", #"debug | .id"#], stdin: #"{"id":1,"name":"A"}"# + "\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "1\n")
        #expect(result.stderr == #"["DEBUG:",{"id":1,"name":"A","_tvm":{"favorite":false}}]"# + "\n")
    }

    // `input` in a filter answered only "jq error: break".
    @Test("input and inputs in a filter get an explanation and the jq pipeline to use instead")
    func inputExplained() async throws {
        let sandbox = try await sandboxWithFavorites()
        let result = try await sandbox.runInProcess("tvm-fav", ["list", "--jq", "[., input]"])
        #expect(result.status == 64)
        #expect(!result.stderr.contains("jq error: break"))
        #expect(result.stderr.contains("--jq filters each record alone"), "\(result.stderr)")
    }

    // One corrupt favorite row stopped `list` without naming it.
    @Test("a favorite row that cannot be read is named by id and skipped; the others are listed; exit 65")
    func corruptRow() async throws {
        let sandbox = try await sandboxWithFavorites()
        _ = try await FavSupport.sqlite(
            sandbox.favoritesDatabase, "UPDATE favorite SET record = '[1,2]' WHERE id = 1", in: sandbox)
        for arguments in [["list", "--jq", ".id"], ["list"]] {
            let result = try await sandbox.runInProcess("tvm-fav", arguments)
            #expect(result.status == 65, "\(arguments)")
            #expect(result.stdout.contains("139"), "\(arguments)")
            #expect(result.stderr.contains("tvm-fav: error: favorite 1: the stored record is not a JSON object"))
        }
    }

    // `tvm-fav rm` answered "n" printed `kept "<name>"` with the name's raw control characters.
    @Test("the kept note of rm, like every message, carries no escape sequence or bidi override from a name")
    func hostileNameInMessages() async throws {
        let sandbox = try Sandbox()
        let hostile = "\u{1B}]0;pwned\u{07}Evil\u{202E}eman\u{1B}[2J"
        var record = String(decoding: Fixtures.compact(try Fixtures.data("shows/1.json")), as: UTF8.self)
        record = record.replacingOccurrences(
            of: "\"name\":\"Under the Dome\"", with: "\"name\":\(try JSONEncoder().encodeString(hostile))")
        let added = try await sandbox.runInProcess(
            "tvm-fav", ["add", "--no-episodes", "--quiet"], stdin: record + "\n")
        #expect(added.status == 0, "\(added.stderr)")
        let session = try sandbox.terminal("tvm-fav rm 1")
        try await session.waitFor("from favorites? [y/N]")
        session.type("n\n")
        let (status, screen) = try await session.finish()
        #expect(status == 0)
        #expect(screen.contains("kept \"Evileman\""), "\(screen.debugDescription)")
        for forbidden in ["\u{1B}]0;", "\u{1B}[2J", "\u{202E}", "\u{07}"] {
            #expect(!screen.contains(forbidden), "\(forbidden.debugDescription) reached the terminal")
        }
    }

    // Regression: on a terminal the cells were cleaned, the header row's keys (which --jq takes from data) not.
    @Test("on a terminal, a csv or tsv header row carries no escape sequence from a key")
    func hostileKeyInHeaderRow() async throws {
        let sandbox = try Sandbox()
        let record = #"{"id":1,"name":"A\u001b]0;pwned\u0007\u001b[2JB"}"#
        try record.write(to: sandbox.root.appendingPathComponent("hostile.jsonl"), atomically: true, encoding: .utf8)
        for format in ["csv", "tsv"] {
            let session = try sandbox.terminal(
                "tvm-fav status --jq '{(.name): .id}' --format \(format) < hostile.jsonl")
            let (status, screen) = try await session.finish()
            #expect(status == 0, "\(format): \(screen.debugDescription)")
            #expect(screen.contains("A"), "\(format): \(screen.debugDescription)")
            for forbidden in ["\u{1B}]0;", "\u{1B}[2J", "\u{07}"] {
                #expect(!screen.contains(forbidden), "\(format): \(forbidden.debugDescription) reached the terminal")
            }
        }
    }
}

extension JSONEncoder {
    /// A string as a JSON string literal.
    fileprivate func encodeString(_ text: String) throws -> String {
        String(decoding: try encode(text), as: UTF8.self)
    }
}

/// Invalid data is never an empty success (issue 15, item 7).
@Suite("regressions: invalid data from the API")
struct InvalidDataRegressionTests {
    // tvm-episodes ID on a show answer without _embedded.episodes printed nothing and exited 0.
    @Test("an answer that lacks the episodes it was asked for is reported with its URL, exit 65; the list still comes")
    func embedMissing() async throws {
        try await withReplay { server, sandbox in
            let result = try await sandbox.runInProcess("tvm-episodes", ["2", "--jq", "._tvm.show.id"])
            #expect(result.status == 65)
            let expected = try Fixtures.elements("shows/2/episodes.json", baseURL: server.baseURL).count
            #expect(result.lines.count == expected && expected > 0)
            #expect(
                result.stderr
                    == "tvm-episodes: error: the API's answer for \(server.baseURL)/shows/2?embed=episodes lacks "
                    + "_embedded.episodes, which was asked for; the episodes come from \(server.baseURL)/shows/2/episodes\n"
            )
        }
    }
}

/// The poster cache folder that cannot be opened (issue 15, item 7).
@Suite("regressions: an unusable poster cache")
struct PosterCacheRegressionTests {
    // With the image folder unusable, tvm-img passed no record on at all.
    @Test("with a file where the image folder belongs, every record is passed on with _tvm.image null, one warning")
    func unusableFolder() async throws {
        try await withReplay { _, sandbox in
            let tvm = sandbox.cacheHome.appendingPathComponent("tvm")
            try FileManager.default.createDirectory(at: tvm, withIntermediateDirectories: true)
            try Data("in the way\n".utf8).write(to: tvm.appendingPathComponent("images"))
            let result = try await sandbox.runInProcess("tvm-img", ["--jq", "[.id, ._tvm.image]"], stdin: "1\n139\n")
            #expect(result.stdout == "[1,null]\n[139,null]\n")
            #expect(result.status == 74)
            let warnings = result.stderr.split(separator: "\n").filter { $0.hasPrefix("tvm-img: warning:") }
            #expect(warnings.count == 1, "\(result.stderr)")
            #expect(warnings.first?.contains("each record is passed on with _tvm.image null") == true)
        }
    }
}
