import Foundation
import ReplayServer
import Testing

#if canImport(Glibc)
    import Glibc
#endif

extension SearchEndToEndTests {
    /// `tvm-search -i` on a real terminal (tmux), against the replay server.
    @Suite("tvm-search -i: the live search on a terminal")
    struct LiveSearchTests {
        /// What `tvm-search girls` prints when piped: the records the live search must print byte for byte.
        static func printedRecords(_ arguments: [String], server: ReplayServer) async throws -> [String] {
            let result = try await Sandbox(apiURL: server.baseURL).run("tvm-search", arguments)
            #expect(result.status == 0)
            return result.lines
        }

        static let prompt = "Search shows: "

        /// Runs `body` with a live search started on a terminal (tmux) against the replay server, its prompt drawn,
        /// and the records `tvm-search girls` prints when piped; stops the terminal and the server after it.
        static func withLiveSearch(
            _ body: (ReplayServer, Sandbox, TmuxTerminal, [String]) async throws -> Void
        ) async throws {
            try await withReplay { server, sandbox in
                let girls = try await printedRecords(["girls"], server: server)
                let terminal = try await TmuxTerminal.start("tvm-search -i", in: sandbox)
                do {
                    try await terminal.waitForScreen { $0.contains(prompt + "▏") }
                    try await body(server, sandbox, terminal, girls)
                } catch {
                    await terminal.stop()
                    throw error
                }
                await terminal.stop()
            }
        }

        /// The screen's lines without the spaces a highlighted row is padded with.
        static func rows(_ screen: String) -> [String] {
            screen.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                var line = String(line)
                while line.last == " " { line.removeLast() }
                return line
            }
        }

        @Test("typing lists results as you type; Enter prints the selected record, remembers the query, exits 0")
        func typeAndChoose() async throws {
            try await Self.withLiveSearch { server, sandbox, terminal, expected in
                server.log.removeAll()
                try await terminal.type("girls")
                let screen = try await terminal.waitForScreen { $0.contains("Curvy Girls Stripped Bare") }
                #expect(screen.contains(Self.prompt + "girls▏"))
                #expect(screen.contains("10 shows"))
                let row = try #require(Self.rows(screen).first { $0.contains(" Girls ") })
                #expect(row.split(separator: " ").map(String.init) == [">", "Girls", "2012", "HBO", "Ended"])
                try await terminal.press("Down", "Enter")
                let outcome = try await terminal.outcome()
                #expect(outcome.status == 0)
                #expect(outcome.stdout == expected[1] + "\n")
                #expect(outcome.stderr.isEmpty)
                #expect(outcome.modesAfter == outcome.modesBefore)
                let history = try String(contentsOf: sandbox.historyFile, encoding: .utf8)
                #expect(history.hasPrefix("{\"query\":\"girls\","))
                // The debounce sent one search for the whole word, not one per keystroke.
                #expect(server.log.requests.map(\.target) == ["/search/shows?q=girls"])
            }
        }

        @Test("Left, Right, Home, End and the shell's Ctrl keys move the cursor; typing and deleting happen there")
        func cursorKeys() async throws {
            try await Self.withLiveSearch { server, _, terminal, expected in
                try await terminal.type("irlx")
                try await terminal.waitForScreen { $0.contains(Self.prompt + "irlx▏") }
                try await terminal.press("Home")
                try await terminal.waitForScreen { $0.contains(Self.prompt + "▏irlx") }
                try await terminal.type("g")
                try await terminal.press("End", "Left")
                try await terminal.waitForScreen { $0.contains(Self.prompt + "girl▏x") }
                try await terminal.press("DC")
                try await terminal.type("s")
                try await terminal.press("C-a", "C-f", "C-f")
                let screen = try await terminal.waitForScreen {
                    $0.contains(Self.prompt + "gi▏rls") && $0.contains("10 shows")
                }
                #expect(screen.contains("Curvy Girls Stripped Bare"))
                try await terminal.press("Enter")
                let outcome = try await terminal.outcome()
                #expect(outcome.status == 0)
                #expect(outcome.stdout == expected[0] + "\n")
                #expect(outcome.modesAfter == outcome.modesBefore)
            }
        }

        @Test("Tab marks several results and Enter prints all the marked ones, in order")
        func tabMarks() async throws {
            try await Self.withLiveSearch { server, _, terminal, expected in
                try await terminal.type("girls")
                try await terminal.waitForScreen { $0.contains("10 shows") }
                try await terminal.press("Tab", "Tab", "Down", "Tab")
                let screen = try await terminal.waitForScreen { $0.contains("3 marked") }
                #expect(screen.contains(" * Girls"))
                #expect(screen.contains(" * Good Girls"))
                #expect(screen.contains("   Derry Girls"))
                try await terminal.press("Enter")
                let outcome = try await terminal.outcome()
                #expect(outcome.status == 0)
                #expect(outcome.stdout == [expected[0], expected[1], expected[3]].map { $0 + "\n" }.joined())
                #expect(outcome.modesAfter == outcome.modesBefore)
            }
        }

        @Test("an empty query lists the history as suggestions; Enter on one runs it, from the cache")
        func historySuggestions() async throws {
            try await withReplay { server, sandbox in
                _ = try await sandbox.run("tvm-search", ["girls"])
                _ = try await sandbox.run("tvm-search", ["squid", "game"])
                let expected = try await Self.printedRecords(["girls"], server: server)
                server.log.removeAll()
                let terminal = try await TmuxTerminal.start("tvm-search -i", in: sandbox)
                defer { Task { await terminal.stop() } }
                let screen = try await terminal.waitForScreen { $0.contains("Recent searches (suggestions)") }
                let lines = Self.rows(screen)
                let first = try #require(lines.firstIndex { $0.hasSuffix("squid game") })
                #expect(lines[first] == ">   squid game")
                #expect(lines[first + 1] == "    girls")
                try await terminal.press("C-n", "Enter")
                try await terminal.waitForScreen { $0.contains(Self.prompt + "girls▏") && $0.contains("10 shows") }
                try await terminal.press("Enter")
                let outcome = try await terminal.outcome()
                #expect(outcome.status == 0)
                #expect(outcome.stdout == expected[0] + "\n")
                #expect(outcome.modesAfter == outcome.modesBefore)
                // A query typed again costs nothing: the answer came from the HTTP cache.
                #expect(server.log.count == 0)
            }
        }

        @Test("Esc and Ctrl-C exit 130, print nothing, leave the history and the terminal as they were")
        func cancel() async throws {
            try await withReplay { _, sandbox in
                _ = try await sandbox.run("tvm-search", ["girls"])
                let history = try Data(contentsOf: sandbox.historyFile)
                for key in ["Escape", "C-c"] {
                    let terminal = try await TmuxTerminal.start("tvm-search -i", in: sandbox)
                    defer { Task { await terminal.stop() } }
                    try await terminal.waitForScreen { $0.contains(Self.prompt + "▏") }
                    try await terminal.type("squid game")
                    try await terminal.waitForScreen { $0.contains("Squid Game") && $0.contains("1 show ") }
                    try await terminal.press(key)
                    let outcome = try await terminal.outcome()
                    #expect(outcome.status == 130, "\(key)")
                    #expect(outcome.stdout.isEmpty)
                    #expect(outcome.stderr.isEmpty)
                    #expect(outcome.modesAfter == outcome.modesBefore)
                    #expect(try Data(contentsOf: sandbox.historyFile) == history)
                }
            }
        }

        @Test("SIGTERM and SIGHUP restore the terminal before the process dies of them")
        func signalsRestoreTheTerminal() async throws {
            try await withReplay { _, sandbox in
                for signal in [SIGTERM, SIGHUP] {
                    let terminal = try await TmuxTerminal.start("tvm-search -i", in: sandbox, background: true)
                    defer { Task { await terminal.stop() } }
                    try await terminal.waitForScreen { $0.contains(Self.prompt + "▏") }
                    try await terminal.type("girls")
                    try await terminal.waitForScreen { $0.contains("10 shows") }
                    #expect(kill(try await terminal.pid(), signal) == 0)
                    let outcome = try await terminal.outcome()
                    #expect(outcome.status == 128 + signal)
                    #expect(outcome.stdout.isEmpty)
                    #expect(outcome.modesAfter == outcome.modesBefore)
                    #expect(!outcome.modesBefore.isEmpty)
                }
            }
        }

        @Test(
            "a failed search shows the original app specification's dialog; letters still edit the query, and Ctrl-R retries"
        )
        func retryAfterFailure() async throws {
            try await withReplay(faults: [
                FaultRule(.serverError(status: 503), matching: .prefix("/search/shows"), times: 3)
            ]) { server, sandbox in
                let terminal = try await TmuxTerminal.start("tvm-search -i --retries 0", in: sandbox, width: 80)
                defer { Task { await terminal.stop() } }
                let searches = { server.log.count(matching: .prefix("/search/shows")) }
                try await terminal.waitForScreen { $0.contains(Self.prompt + "▏") }
                try await terminal.type("girls")
                let screen = try await terminal.waitForScreen { $0.contains("Ctrl-R retries") }
                #expect(screen.contains("Oops, something went wrong"))
                #expect(screen.contains("An error occurred while fetching data. Do you want to try again?"))
                #expect(screen.contains("(HTTP 503 from the server for "))
                #expect(
                    screen.contains("Ctrl-R retries · typing edits the query · Esc quits"), "the hints fit 80 columns")
                // After the error, letters (r too) go into the query, which is searched again (and fails again).
                try await terminal.type("r")
                try await terminal.waitForScreen {
                    $0.contains(Self.prompt + "girlsr▏") && $0.contains("Ctrl-R retries") && searches() >= 2
                }
                try await terminal.press("BSpace")
                try await terminal.waitForScreen {
                    $0.contains(Self.prompt + "girls▏") && $0.contains("Ctrl-R retries") && searches() >= 3
                }
                try await terminal.press("C-r")
                try await terminal.waitForScreen { $0.contains("10 shows") && $0.contains(Self.prompt + "girls▏") }
                try await terminal.press("Escape")
                let outcome = try await terminal.outcome()
                #expect(outcome.status == 130)
                #expect(searches() == 4)
            }
        }

        @Test("Ctrl-D shows the selected show's details until a key is pressed")
        func detailPane() async throws {
            try await withReplay { _, sandbox in
                let terminal = try await TmuxTerminal.start("tvm-search -i", in: sandbox)
                defer { Task { await terminal.stop() } }
                try await terminal.waitForScreen { $0.contains(Self.prompt + "▏") }
                try await terminal.type("girls")
                try await terminal.waitForScreen { $0.contains("10 shows") }
                try await terminal.press("C-d")
                let detail = try await terminal.waitForScreen { $0.contains("Premiered:") }
                #expect(detail.contains("Girls · any key goes back"))
                #expect(detail.contains("Network:   HBO"))
                #expect(detail.contains("2012-04-15"))
                #expect(!detail.contains("Good Girls"))
                try await terminal.press("x")
                let back = try await terminal.waitForScreen { $0.contains("Good Girls") }
                #expect(back.contains(Self.prompt + "girls▏"))
                try await terminal.press("Escape")
                #expect(try await terminal.outcome().status == 130)
            }
        }

        @Test("a resized terminal is redrawn to its new width")
        func resize() async throws {
            try await withReplay { _, sandbox in
                let terminal = try await TmuxTerminal.start("tvm-search -i", in: sandbox)
                defer { Task { await terminal.stop() } }
                try await terminal.waitForScreen { $0.contains(Self.prompt + "▏") }
                try await terminal.type("girls")
                let wide = try await terminal.waitForScreen { $0.contains("10 shows") }
                #expect(wide.contains("Curvy Girls Stripped Bare  2018  Channel 5        Running"))
                try await terminal.resize(width: 40, height: 30)
                // At 40 columns the status and network columns give way before any name is cut (issue 16).
                let narrow = try await terminal.waitForScreen { !$0.contains("Running") && $0.contains("10 shows") }
                #expect(narrow.contains("Curvy Girls Stripped Bare  2018"))
                #expect(!narrow.contains("Channel 5"))
                try await terminal.press("Escape")
                #expect(try await terminal.outcome().status == 130)
            }
        }

        @Test("with no query on a terminal the live search starts; a query with -i is searched at once")
        func startingModes() async throws {
            try await withReplay { server, sandbox in
                let expected = try await Self.printedRecords(["squid", "game"], server: server)
                let bare = try await TmuxTerminal.start("tvm-search", in: sandbox)
                defer { Task { await bare.stop() } }
                try await bare.waitForScreen { $0.contains(Self.prompt + "▏") && $0.contains("Type a show's name") }
                try await bare.press("Escape")
                #expect(try await bare.outcome().status == 130)

                let started = try await TmuxTerminal.start("tvm-search -i squid game | cat", in: sandbox)
                defer { Task { await started.stop() } }
                try await started.waitForScreen { $0.contains(Self.prompt + "squid game▏") && $0.contains("1 show ") }
                try await started.press("Enter")
                let outcome = try await started.outcome()
                #expect(outcome.status == 0)
                #expect(outcome.stdout == expected[0] + "\n")
            }
        }

        @Test("without a terminal, -i is a usage error and a bare tvm-search asks for a query")
        func noTerminal() async throws {
            let sandbox = try Sandbox()
            for (arguments, message) in [
                (["-i"], "-i needs a terminal, and /dev/tty cannot be opened"), ([], "give a query"),
                (["-i", "--history"], "-i cannot be combined with --history"),
                (["-i", "--single"], "-i cannot be combined with --single"),
            ] {
                let result = try await Sandbox.run(
                    executable: URL(fileURLWithPath: "/usr/bin/setsid"),
                    arguments: ["--wait", Binaries.url("tvm-search").path] + arguments, stdin: nil,
                    environment: sandbox.environment, directory: sandbox.root, timeout: 60)
                #expect(result.status == 64, "\(arguments)")
                #expect(result.stdout.isEmpty)
                #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            }
        }
    }
}
