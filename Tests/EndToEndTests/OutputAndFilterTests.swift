import Foundation
import ReplayServer
import Testing

@Suite("--jq and --format, shared by every tool")
struct OutputAndFilterTests {
    @Test("a filter that does not compile exits 64 with jq's own message and fetches nothing")
    func jqCompileError() async throws {
        try await withReplay { server, sandbox in
            let result = try await sandbox.run("tvm-fetch", ["shows", "--jq", ".name |||"])
            #expect(result.status == 64)
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.contains("syntax error"))
            #expect(result.stderr.contains("tvm-fetch: error: --jq"))
            #expect(server.log.count == 0)
        }
    }

    @Test("libjq is loaded only for --jq: tools run without it, and a filter then says what to install, exit 69")
    func libjqOnDemand() async throws {
        try await withReplay { server, sandbox in
            let missing = ["TVM_LIBJQ": sandbox.root.appendingPathComponent("none/libjq.so.1").path]
            let plain = try await sandbox.run("tvm-fetch", ["show", "1"], environment: missing)
            #expect(plain.status == 0 && plain.lines.count == 1, "\(plain.stderr)")
            let filtered = try await sandbox.run("tvm-fetch", ["show", "2", "--jq", ".name"], environment: missing)
            #expect(filtered.status == 69)
            #expect(filtered.stdout.isEmpty)
            #expect(filtered.stderr.contains("--jq: libjq is needed for a jq filter and could not be loaded"))
            #expect(filtered.stderr.contains("none/libjq.so.1: cannot open shared object file"))
            #expect(filtered.stderr.contains("apt-get install libjq1"))
            #expect(server.log.count == 1, "only show 1 was fetched")
            // LD_TRACE_LOADED_OBJECTS makes the dynamic loader list what it maps at start-up, and run nothing.
            for tool in ["tvm-fetch", "tvm-search", "tvm-fav", "tvm-episodes", "tvm-img"] {
                let trace = try await sandbox.run(tool, ["--version"], environment: ["LD_TRACE_LOADED_OBJECTS": "1"])
                #expect(trace.stdout.contains("libc.so.6"), "\(tool): \(trace.stdout)")
                #expect(!trace.stdout.contains("libjq"), "\(tool): \(trace.stdout)")
            }
        }
    }

    @Test("--jq over a long stdin stream: every output in order, errors and halts at the right record")
    func jqOverManyBatches() async throws {
        // 1,000 records: the filter's thread runs one batch while the next is read, so this crosses many batches.
        let records = (1...1000).map { #"{"id":\#($0),"name":"Show \#($0)"}"# }.joined(separator: "\n") + "\n"
        let sandbox = try Sandbox()
        let all = try await sandbox.run("tvm-fav", ["status", "--jq", ".id"], stdin: records)
        #expect(all.status == 0)
        #expect(all.lines == (1...1000).map(String.init))

        let failing = try await sandbox.run(
            "tvm-fav", ["status", "--jq", #"if .id % 300 == 0 then error("bad \(.id)") else .id end"#], stdin: records)
        #expect(failing.status == 64)
        #expect(failing.lines == (1...1000).filter { $0 % 300 != 0 }.map(String.init))
        #expect(failing.stderr.contains("bad 300 (record 300)"))
        #expect(failing.stderr.contains("bad 900 (record 900)"))

        let halted = try await sandbox.run(
            "tvm-fav", ["status", "--jq", #"if .id == 700 then "stop\n" | halt_error(3) else .id end"#],
            stdin: records)
        #expect(halted.status == 3)
        #expect(halted.lines == (1...699).map(String.init))
        #expect(halted.stderr == "stop\n")

        let limited = try await sandbox.run("tvm-fav", ["status", "--jq", ".id", "-n", "130"], stdin: records)
        #expect(limited.status == 0)
        #expect(limited.lines == (1...130).map(String.init))

        // The limit ends the batch it falls in; a record that failed before it is still reported.
        let failingLimited = try await sandbox.run(
            "tvm-fav", ["status", "--jq", #"if .id == 2 then error("bad 2") else .id end"#, "-n", "3"],
            stdin: records)
        #expect(failingLimited.status == 64)
        #expect(failingLimited.lines == ["1", "3", "4"])
        #expect(failingLimited.stderr.contains("bad 2 (record 2)"))

        // A halt leaves what was written whole: the array of --format json is closed.
        let haltedArray = try await sandbox.run(
            "tvm-fav", ["status", "--format", "json", "--jq", #"if .id == 3 then halt else .id end"#], stdin: records)
        #expect(haltedArray.status == 0)
        #expect(haltedArray.stdout == "[\n1\n,\n2\n]\n")
    }

    @Test("a misspelt --fields, a --jq that does not compile or no libjq stop add, rm and watch before they write")
    func usageErrorsChangeNothing() async throws {
        try await withReplay { _, sandbox in
            let noJQ = ["TVM_LIBJQ": sandbox.root.appendingPathComponent("none/libjq.so.1").path]
            #expect(try await sandbox.run("tvm-fav", ["add", "1", "--jq", ".name |"]).status == 64)
            #expect(try await sandbox.run("tvm-fav", ["add", "1", "--fields", "nmae"]).status == 64)
            #expect(try await sandbox.run("tvm-fav", ["add", "1", "--jq", ".name"], environment: noJQ).status == 69)
            #expect(try await sandbox.run("tvm-fav", ["list"]).stdout.isEmpty, "a refused add saved the show")

            #expect(try await sandbox.run("tvm-fav", ["add", "1", "139"]).status == 0)
            let removed = try await sandbox.run("tvm-fav", ["rm", "--yes", "1", "139", "--fields", "nmae"])
            #expect(removed.status == 64)
            #expect(removed.stderr.contains("no field 'nmae'"))
            #expect(try await sandbox.run("tvm-fav", ["list", "--jq", ".id"]).lines == ["1", "139"])

            for arguments in [["--fields", "nope"], ["--jq", "bad("]] {
                let marked = try await sandbox.run("tvm-fav", ["watch", "--show", "1", "--season", "1"] + arguments)
                #expect(marked.status == 64, "\(arguments): \(marked.stderr)")
                #expect(try await sandbox.run("tvm-fav", ["watched"]).stdout.isEmpty, "\(arguments) marked episodes")
            }
            // The same commands, spelt right, do their work and print the fields asked for.
            let watched = try await sandbox.run(
                "tvm-fav", ["watch", "--show", "1", "--season", "1", "--fields", "name"])
            #expect(watched.status == 0)
            #expect(watched.lines.first == #"{"name":"Pilot"}"#)
        }
    }

    @Test("--format json prints one valid JSON array, jsonl one record per line")
    func formats() async throws {
        try await withReplay { _, sandbox in
            let json = try await sandbox.run("tvm-fetch", ["seasons", "1", "--format", "json"])
            #expect(json.status == 0)
            let array = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
            #expect(array.count == 3)
            #expect(array.map { $0["number"] as? Int } == [1, 2, 3])
            let jsonl = try await sandbox.run("tvm-fetch", ["seasons", "1", "--format", "jsonl"])
            #expect(jsonl.lines.count == 3)
        }
    }

    @Test("--format table prints an aligned table that fits COLUMNS")
    func table() async throws {
        try await withReplay { _, sandbox in
            let result = try await sandbox.run(
                "tvm-fetch", ["shows", "--page", "2", "--format", "table"], environment: ["COLUMNS": "70"])
            #expect(result.status == 0)
            let lines = result.stdout.split(separator: "\n").map(String.init)
            #expect(lines.count == 243)
            #expect(lines[0].hasPrefix(" ID"))
            #expect(lines[0].contains("NAME"))
            #expect(lines.allSatisfy { $0.count <= 70 })
            #expect(result.stdout.contains("Pokémon"))
        }
    }

    @Test("the show detail view has the facts, the summary as plain text, the IMDb page and the poster")
    func detailView() async throws {
        try await withReplay { server, sandbox in
            let result = try await sandbox.run(
                "tvm-fetch", ["show", "1", "--format", "table"], environment: ["COLUMNS": "80"])
            #expect(result.status == 0)
            #expect(result.stdout.contains("Under the Dome"))
            #expect(result.stdout.contains("Ended"))
            #expect(result.stdout.contains("Drama, Science-Fiction, Thriller"))
            #expect(result.stdout.contains("CBS"))
            #expect(result.stdout.contains("https://www.imdb.com/title/tt1553656"))
            #expect(result.stdout.contains("\(server.baseURL)/uploads/images/original_untouched/0/1.jpg"))
            #expect(!result.stdout.contains("<p>"))
            #expect(!result.stdout.contains("<b>"))
        }
    }

    @Test("a closed stdout ends the tool quietly")
    func brokenPipe() async throws {
        try await withReplay { _, sandbox in
            // SIGPIPE back at its default action, as a shell starts a command: the test runner ignores it, and its
            // children would inherit that.
            let script =
                "env --default-signal=PIPE \"$0\" shows --all | head -1 >/dev/null; echo \"status=${PIPESTATUS[0]}\" >&2"
            let result = try await Sandbox.run(
                executable: URL(fileURLWithPath: "/bin/bash"),
                arguments: ["-c", script, Binaries.url("tvm-fetch").path],
                stdin: nil,
                environment: sandbox.environment,
                directory: sandbox.root,
                timeout: 60
            )
            #expect(result.stderr == "status=0\n")
        }
    }

    @Test("a write error on stdout (a full disk) exits 74")
    func fullDisk() async throws {
        try await withReplay { _, sandbox in
            let result = try await Sandbox.run(
                executable: URL(fileURLWithPath: "/bin/bash"),
                arguments: ["-c", "\"$0\" shows > /dev/full", Binaries.url("tvm-fetch").path],
                stdin: nil,
                environment: sandbox.environment,
                directory: sandbox.root,
                timeout: 60
            )
            #expect(result.status == 74)
            #expect(result.stderr.contains("tvm-fetch: error:"))
        }
    }

    // Regression: under `ulimit -n 16` SwiftNIO ended the process (SIGILL, 132) opening its event loop.
    @Test("too low an open-file limit is raised when the hard limit allows, else refused with 74 before any work")
    func fileLimit() async throws {
        try await withReplay { server, sandbox in
            let hard = try await shell("ulimit -n 16; tvm-fetch show 1", in: sandbox)
            #expect(hard.status == 74, "\(hard.stderr)")
            #expect(
                hard.stderr
                    == "tvm-fetch: error: only 16 files may be open at once (ulimit -n 16); tvm needs 64: raise the "
                    + "limit (ulimit -n 64) and run it again\n")
            #expect(server.log.count == 0)
            let soft = try await shell("ulimit -Sn 16; tvm-fetch show 1 --jq .name", in: sandbox)
            #expect(soft.status == 0, "\(soft.stderr)")
            #expect(soft.stdout == "Under the Dome\n")
        }
    }

    // Regression: under `ulimit -v 300000` every command hung, libdispatch retrying once a second for a thread.
    @Test("too low an address-space limit is refused with 74 before any work, not waited on forever")
    func addressSpaceLimit() async throws {
        try await withReplay { server, sandbox in
            let result = try await shell("ulimit -Sv 300000; tvm-fetch show 1", in: sandbox)
            #expect(result.status == 74, "\(result.stderr)")
            #expect(
                result.stderr
                    == "tvm-fetch: error: only 292 MiB of address space is allowed (ulimit -v 300000); tvm needs "
                    + "512 MiB: raise the limit (ulimit -v 524288) and run it again\n")
            #expect(server.log.count == 0)
        }
    }

    /// Runs a bash command line (a `ulimit`, then a tool) in the sandbox, with the built tools first on PATH.
    private func shell(_ line: String, in sandbox: Sandbox) async throws -> ToolResult {
        var environment = sandbox.environment
        environment["PATH"] = Binaries.directory.path + ":/usr/bin:/bin"
        return try await Sandbox.run(
            executable: URL(fileURLWithPath: "/bin/bash"), arguments: ["-c", line], stdin: nil,
            environment: environment, directory: sandbox.root, timeout: 60)
    }

    // Regression: the completion scripts (over 64 KB) ended on SIGPIPE (141) when read by `head -1`, and the
    // overview, the versions, the scripts and --help reported success on a full disk, having written nothing.
    @Test("what the program prints before any tool runs ends quietly on | head -1 and exits 74 on a full disk")
    func printedTexts() async throws {
        let sandbox = try Sandbox()
        var environment = sandbox.environment
        environment["PATH"] = Binaries.directory.path + ":/usr/bin:/bin"
        func shell(_ line: String) async throws -> ToolResult {
            try await Sandbox.run(
                executable: URL(fileURLWithPath: "/bin/bash"), arguments: ["-c", line], stdin: nil,
                environment: environment, directory: sandbox.root, timeout: 60)
        }
        for command in ["tvm completion bash", "tvm --help", "tvm --version", "tvm-fav --version", "tvm-fav --help"] {
            let piped = try await shell("\(command) | head -c 10 > /dev/null; echo ${PIPESTATUS[0]}")
            #expect(piped.stdout == "0\n", "\(command) | head: \(piped.stdout) \(piped.stderr)")
            let full = try await shell("\(command) > /dev/full")
            #expect(full.status == 74, "\(command) > /dev/full: \(full.stderr)")
            #expect(full.stderr.contains("error: cannot write output: No space left on device"), "\(command)")
        }
    }

    @Test(
        "--help is short for every command: usage first, its own options, three examples of the man page's, the man page named"
    )
    func shortHelp() async throws {
        let sandbox = try Sandbox()
        for tool in Repository.tools {
            let declarations = try await ToolDeclarations.load(tool)
            for command in declarations.commands {
                let label = ([tool] + command.path).joined(separator: " ")
                let result = try await sandbox.run(tool, command.path + ["--help"], environment: ["COLUMNS": "80"])
                #expect(result.status == 0, "\(label)")
                let lines = result.lines
                #expect(lines.count <= 40, "\(label): \(lines.count) lines")
                #expect(lines.first?.hasPrefix("USAGE: \(label)") == true, "\(label): \(lines.first ?? "")")
                #expect(lines.last == "See 'man \(tool)' for more: every option and example, and the exit codes.")
                #expect(!result.stdout.contains("EXIT STATUS"), "\(label): the exit codes are in the man page")
                // An option's first sentence is kept whole: "e.g." does not end it.
                #expect(!lines.contains { $0.hasSuffix(" e.g.") || $0.hasSuffix(" i.e.") }, "\(label)")
                // The examples shown are the first three of the man page's, so the tests of those cover them.
                let shown = ShortHelpSupport.examples(result.stdout)
                #expect(shown == Array(command.examples.prefix(3)), "\(label)")
                #expect(command.examples.isEmpty || !shown.isEmpty, "\(label) shows no example")
            }
        }
        let fetch = try await sandbox.run("tvm-fetch", ["show", "--help"], environment: ["COLUMNS": "80"])
        #expect(fetch.stdout.contains("\nAlso: --api-url, --timeout,"), "the shared options are named on one line")
        #expect(!fetch.stdout.contains("  --jq <filter>"), "and not described")
    }

    @Test("--open runs $BROWSER directly with the page, no shell in between")
    func openInBrowser() async throws {
        try await withReplay { _, sandbox in
            let script = sandbox.root.appendingPathComponent("browser.sh")
            let log = sandbox.root.appendingPathComponent("opened.txt")
            try "#!/bin/sh\nprintf '%s\\n' \"$@\" > '\(log.path)'\n".write(
                to: script, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
            let result = try await sandbox.run(
                "tvm-fetch", ["show", "1", "--open", "imdb"], environment: ["BROWSER": script.path])
            #expect(result.status == 0)
            #expect(try String(contentsOf: log, encoding: .utf8) == "https://www.imdb.com/title/tt1553656\n")
            _ = try await sandbox.run(
                "tvm-fetch", ["show", "1", "--open", "tvmaze"],
                environment: ["BROWSER": "\(script.path) --new-window %s"])
            #expect(
                try String(contentsOf: log, encoding: .utf8)
                    == "--new-window\nhttp://www.tvmaze.com/shows/1/under-the-dome\n")
        }
    }

    @Test("--open with no browser to start prints the page's URL and exits 0")
    func openWithoutBrowser() async throws {
        try await withReplay { _, sandbox in
            for browser in [sandbox.root.appendingPathComponent("no-such-browser").path, "/bin/false"] {
                let result = try await sandbox.run(
                    "tvm-fetch", ["show", "1", "--open", "imdb", "--jq", ".id"], environment: ["BROWSER": browser])
                #expect(result.status == 0, "\(browser): \(result.stderr)")
                #expect(result.stdout == "1\n")
                #expect(
                    result.stderr.hasSuffix("; open the page yourself: https://www.imdb.com/title/tt1553656\n"),
                    "\(browser): \(result.stderr)")
            }
            // tvm-fav show --open does the same, from the saved record, by id or by name.
            #expect(try await sandbox.run("tvm-fav", ["add", "--no-episodes", "1"]).status == 0)
            let favorite = try await sandbox.run(
                "tvm-fav", ["show", "under the dome", "--open", "imdb", "--jq", ".id"],
                environment: ["BROWSER": "/bin/false"])
            #expect(favorite.status == 0, "\(favorite.stderr)")
            #expect(favorite.stdout == "1\n")
            #expect(
                favorite.stderr.hasSuffix("; open the page yourself: https://www.imdb.com/title/tt1553656\n"),
                "\(favorite.stderr)")
        }
    }
}

/// The examples of a short `--help`: the commands under "EXAMPLES:".
enum ShortHelpSupport {
    static func examples(_ help: String) -> [String] {
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(of: "EXAMPLES:") else { return [] }
        return ToolDeclarations.commands(lines[(start + 1)...].prefix { $0.hasPrefix("  ") })
    }
}
