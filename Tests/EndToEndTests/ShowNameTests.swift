import Foundation
import ReplayServer
import Testing

/// Names where ids are asked (issue 29): `tvm-fav rm Girls`, `watch --show Outlander`, `tvm-episodes outlander`,
/// `tvm-fav add "squid game" --first`. A name that means several shows is never guessed.
@Suite("show names in place of ids")
struct ShowNameTests {
    /// A sandbox whose favorites are the ten results of the recorded search for "girls" (Girls, Good Girls, Derry
    /// Girls, …) and Pokémon, saved from their records without a request.
    private func girls(_ sandbox: Sandbox, _ server: ReplayServer) async throws {
        let results =
            try Fixtures.elements("search/shows/q=girls.json", baseURL: server.baseURL)
            + Fixtures.elements("search/shows/q=Pok%C3%A9mon.json", baseURL: server.baseURL)
        let added = try await sandbox.runInProcess(
            "tvm-fav", ["add", "--no-episodes", "--jq", ".id"], stdin: results.joined(separator: "\n") + "\n")
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.lines.count == 11)
    }

    @Test("rm takes a favorite's name, whole and without regard to case or accents")
    func removeByName() async throws {
        try await withReplay { server, sandbox in
            try await girls(sandbox, server)
            let girls = try await sandbox.runInProcess("tvm-fav", ["rm", "--yes", "GIRLS", "--jq", ".name"])
            #expect(girls.status == 0, "\(girls.stderr)")
            #expect(girls.lines == ["Girls"], "the whole name wins over the names that contain it")
            let pokemon = try await sandbox.runInProcess("tvm-fav", ["rm", "--yes", "pokemon", "--jq", ".id"])
            #expect(pokemon.lines == ["590"])
            let derry = try await sandbox.runInProcess("tvm-fav", ["rm", "--yes", "derry", "--jq", ".id"])
            #expect(derry.lines == ["33320"], "a part of one name alone means that favorite")
            #expect(try await sandbox.favoriteIDs().count == 8)
            #expect(server.log.count == 0)
        }
    }

    @Test("a name that several favorites match is exit 64 with the candidates, and nothing is deleted")
    func ambiguousName() async throws {
        try await withReplay { server, sandbox in
            try await girls(sandbox, server)
            let result = try await sandbox.runInProcess("tvm-fav", ["rm", "--yes", "golden", "girl"])
            #expect(result.status == 64)
            #expect(result.stdout.isEmpty)
            #expect(
                result.stderr == """
                    tvm-fav: error: "girl" matches 10 favorites; give one of their ids:
                        139  Girls (2012, HBO)
                      23542  Good Girls (2018, NBC)
                      33320  Derry Girls (2018, Channel 4)
                       6771  The Powerpuff Girls (2016, Cartoon Network)
                        525  Gilmore Girls (2000, The CW)
                        722  The Golden Girls (1985, NBC)
                      32087  Chicken Girls (2017, Brat)
                      27894  Three Girls (2017, BBC One)
                      40463  Bad Girls Behind Bars (2019, Channel 5)
                      39888  Curvy Girls Stripped Bare (2018, Channel 5)

                    """)
            #expect(try await sandbox.favoriteIDs().count == 11, "the unambiguous 'golden' was not deleted either")
        }
    }

    @Test(
        "on a terminal, rm with a name several favorites match lists them numbered and removes the one chosen",
        TmuxTerminal.required)
    func promptChoosesOnATerminal() async throws {
        try await withReplay { server, sandbox in
            try await girls(sandbox, server)
            // stderr and /dev/tty are the terminal; stdout goes to a file, so the removed record is kept there.
            let terminal = try await TmuxTerminal.start("sh -c 'tvm-fav rm girl 2>/dev/tty'", in: sandbox)
            do {
                let question = try await terminal.waitForScreen { $0.contains("[1-10, Enter for none]") }
                #expect(question.contains("   1) 139  Girls (2012, HBO)"), "\(question)")
                #expect(question.contains("   6) 722  The Golden Girls (1985, NBC)"), "\(question)")
                #expect(question.contains("Which show is \"girl\"? [1-10, Enter for none]"), "\(question)")
                try await terminal.type("6")
                try await terminal.press("Enter")
                try await terminal.waitForScreen { $0.contains("Delete \"The Golden Girls\" from favorites? [y/N]") }
                try await terminal.type("y")
                try await terminal.press("Enter")
                let outcome = try await terminal.outcome()
                #expect(outcome.status == 0)
                #expect(outcome.stdout.hasPrefix(#"{"id":722,"#), "\(outcome.stdout)")
            } catch {
                await terminal.stop()
                throw error
            }
            await terminal.stop()
            let left = try await sandbox.favoriteIDs()
            #expect(left.count == 10)
            #expect(!left.contains(722))
            #expect(left.contains(139) && left.contains(590))
        }
    }

    @Test("on a terminal, an empty or invalid answer to the name prompt removes nothing", TmuxTerminal.required)
    func promptWithoutAnswer() async throws {
        try await withReplay { server, sandbox in
            try await girls(sandbox, server)
            for answer in ["", "42", "girls"] {
                // The shell waits for a key after the command, so that its last words stay on the screen.
                let terminal = try await TmuxTerminal.start(
                    "sh -c 'tvm-fav rm girl 2>/dev/tty; echo \"status $?\" >/dev/tty; read key'", in: sandbox)
                do {
                    try await terminal.waitForScreen { $0.contains("[1-10, Enter for none]") }
                    if !answer.isEmpty { try await terminal.type(answer) }
                    try await terminal.press("Enter")
                    let screen = try await terminal.waitForScreen { $0.contains("status ") }
                    #expect(screen.contains("tvm-fav: note: no show chosen for \"girl\"; skipped"), "\(screen)")
                    #expect(screen.contains("status 0"), "\(screen)")
                    #expect(!screen.contains("[y/N]"), "nothing left to confirm: \(screen)")
                    try await terminal.press("Enter")
                    let outcome = try await terminal.outcome()
                    #expect(outcome.stdout.isEmpty, "answer '\(answer)'")
                } catch {
                    await terminal.stop()
                    throw error
                }
                await terminal.stop()
                #expect(try await sandbox.favoriteIDs().count == 11, "answer '\(answer)' removed nothing")
            }
        }
    }

    @Test("a name no favorite matches is reported, exit 1; show by name prints the record")
    func unknownName() async throws {
        try await withReplay { server, sandbox in
            try await girls(sandbox, server)
            let result = try await sandbox.runInProcess("tvm-fav", ["show", "Outlander", "derry girls", "--jq", ".id"])
            #expect(result.status == 1)
            #expect(result.lines == ["33320"])
            #expect(
                result.stderr
                    == "tvm-fav: error: no favorite is named \"Outlander\" (tvm-fav list shows them; "
                    + "tvm-fav add \"Outlander\" searches TVMaze)\n")
        }
    }

    @Test("watch --show takes a favorite's name; tvm-episodes too")
    func watchAndEpisodesByName() async throws {
        try await withReplay { server, sandbox in
            sandbox.extraEnvironment["TVM_NOW"] = WatchCommandTests.now
            let added = try await sandbox.runInProcess("tvm-fav", ["add", "1", "43", "--jq", ".id"])
            #expect(added.status == 0, "\(added.stderr)")
            let watched = try await sandbox.runInProcess(
                "tvm-fav", ["watch", "--show", "outlander", "--season", "1", "--jq", "._tvm.show.id"])
            #expect(watched.status == 0, "\(watched.stderr)")
            #expect(watched.lines.count == 16)
            #expect(Set(watched.lines) == ["43"])
            server.log.removeAll()
            let episodes = try await sandbox.runInProcess(
                "tvm-episodes", ["OUTLANDER", "--season", "1", "--watched", "--jq", ".id"])
            #expect(episodes.status == 0, "\(episodes.stderr)")
            #expect(episodes.lines.count == 16)
            #expect(server.log.requests.allSatisfy { $0.target.hasPrefix("/shows/43") })
            let none = try await sandbox.runInProcess("tvm-episodes", ["girls"])
            #expect(none.status == 1)
            #expect(none.stderr.hasPrefix("tvm-episodes: error: no favorite is named \"girls\""))
        }
    }

    @Test("add with a name: --first saves the best match; without it a script gets exit 64 and the results")
    func addByName() async throws {
        try await withReplay { server, sandbox in
            let asked = try await sandbox.runInProcess("tvm-fav", ["add", "--no-episodes", "squid game"])
            #expect(asked.status == 64)
            #expect(asked.stdout.isEmpty)
            #expect(
                asked.stderr == """
                    tvm-fav: error: "squid game" matches 1 show at TVMaze; give one of their ids, or --first for the best match:
                      43687  Squid Game (2021, Netflix)

                    """)
            #expect(try await sandbox.favoriteIDs().isEmpty)
            let first = try await sandbox.runInProcess(
                "tvm-fav", ["add", "--no-episodes", "squid game", "--first", "--jq", "[.id, .name, ._tvm]"])
            #expect(first.status == 0, "\(first.stderr)")
            #expect(first.lines == [#"[43687,"Squid Game",null]"#])
            #expect(try await sandbox.favoriteIDs() == [43687])
            #expect(
                server.log.requests.map(\.target) == ["/search/shows?q=squid%20game"],
                "the second search comes from the HTTP cache")
            let none = try await sandbox.runInProcess("tvm-fav", ["add", "xyzzy plugh", "--first"])
            #expect(none.status == 1)
            #expect(none.stderr == "tvm-fav: error: no show at TVMaze matches \"xyzzy plugh\"\n")
        }
    }

    @Test("completion of watch --show offers the favorites' ids")
    func showCompletion() async throws {
        try await withReplay { server, sandbox in
            try await girls(sandbox, server)
            let result = try await sandbox.run(
                "tvm-fav", ["---completion", "watch", "--", "--show", "3", "0", "tvm-fav", "watch", "--show", ""])
            #expect(result.status == 0)
            #expect(result.lines.count == 11)
            #expect(result.lines.prefix(2) == ["139", "23542"])
        }
    }
}
