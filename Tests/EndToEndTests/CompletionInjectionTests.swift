import Foundation
import ReplayServer
import Testing

/// Tab in a real interactive bash, zsh and fish (under tmux) never runs what a remembered search or a favorite's
/// name holds: every dynamic candidate reaches the shell as data (issue 30, high #1).
@Suite("Completion candidates from the history and the favorites are data in every shell")
struct CompletionInjectionTests {
    /// Searches that would each create a file in the shell's folder if a shell ran them as code, oldest first. No
    /// two share a first character, so one Tab lists them all (two in bash) instead of inserting a common prefix.
    /// The lone quote is the oldest, so it is offered last: before the others, it would quote them away from
    /// `compgen -W` and hide what an unescaped candidate does.
    static let searches = ["it's \"q\"", "$(touch p1)", "`touch p2`", "girls; touch p3", "* {a,b} ~root"]
    /// A remembered search with a line break (a hand-edited history), and how a shell shows it: on one line.
    static let multiline = (stored: "line\n$(touch p4)", shown: "line $(touch p4)")
    /// Favorites' show names, each with code in it, and how zsh and fish show them next to the ids.
    static let names: [(id: Int, stored: String, shown: String)] = [
        (139, "$(touch f1) `touch f2`; it's \"q\"", "$(touch f1) `touch f2`; it's \"q\""),
        (43, "* {a,b}\n$(touch f3)", "* {a,b} $(touch f3)"),
    ]
    static let markers = ["p1", "p2", "p3", "p4", "f1", "f2", "f3"]

    // Regression: `tvm-search <Tab>` in bash ran `touch PWNED` from a remembered `girls $(touch PWNED)`, since the
    // history was handed to `compgen -W` unescaped.
    @Test(
        "tab completion runs commands from the search history: no longer, in bash, zsh and fish",
        .enabled(if: Shell.allInstalled, Shell.missingNote),
        TmuxTerminal.required,
        arguments: Shell.allCases)
    func searchHistory(shell: Shell) async throws {
        // The replay server answers each hostile search by redirecting it to a recorded one, so it is remembered.
        let faults = Self.searches.map { query in
            FaultRule(
                .redirect(to: "/search/shows?q=girls"),
                matching: .exact(
                    "/search/shows?q=" + (query.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")))
        }
        try await withReplay(faults: faults) { _, sandbox in
            for query in Self.searches {
                let result = try await sandbox.run("tvm-search", [query, "--format", "jsonl"])
                #expect(result.status == 0, "\(query): \(result.stderr)")
            }
            let history = sandbox.stateHome.appendingPathComponent("tvm/search-history.jsonl")
            let line = try JSONSerialization.data(
                withJSONObject: [
                    "query": Self.multiline.stored,
                    "at": Date().addingTimeInterval(60).formatted(.iso8601),
                ], options: [.sortedKeys])
            let handle = try FileHandle(forWritingTo: history)
            try handle.seekToEnd()
            try handle.write(contentsOf: line + Data("\n".utf8))
            try handle.close()

            let screen = try await Self.pressTab(
                after: "tvm-search ", in: shell, sandbox: sandbox, waitingFor: "touch p2")
            for shown in Self.searches + [Self.multiline.shown] {
                #expect(screen.contains(shown), "\(shell): \(shown) is not offered:\n\(screen)")
            }
            try Self.expectNothingRan(in: sandbox, shell: shell)
        }
    }

    @Test(
        "tab completion of favorite ids shows hostile show names as text, in bash, zsh and fish",
        .enabled(if: Shell.allInstalled, Shell.missingNote),
        TmuxTerminal.required,
        arguments: Shell.allCases)
    func favoriteNames(shell: Shell) async throws {
        try await withReplay { _, sandbox in
            let records = try Self.names.map { favorite in
                var record = try #require(
                    try JSONSerialization.jsonObject(with: Data(Fixtures.data("shows/\(favorite.id).json")))
                        as? [String: Any])
                record["name"] = favorite.stored
                return String(decoding: try JSONSerialization.data(withJSONObject: record), as: UTF8.self)
            }
            let added = try await sandbox.run(
                "tvm-fav", ["add", "--no-episodes"], stdin: records.joined(separator: "\n") + "\n")
            #expect(added.status == 0, "\(added.stderr)")

            let screen = try await Self.pressTab(
                after: "tvm-fav rm ", in: shell, sandbox: sandbox, waitingFor: "43")
            #expect(screen.contains("139") && screen.contains("43"), "\(shell):\n\(screen)")
            if shell.showsDescriptions {
                for favorite in Self.names {
                    #expect(screen.contains(favorite.shown), "\(shell): \(favorite.shown) is not shown:\n\(screen)")
                }
            }
            try Self.expectNothingRan(in: sandbox, shell: shell)
        }
    }

    /// Starts an interactive `shell` under tmux with the committed completion scripts loaded, types `line` and
    /// presses Tab (twice in bash, which lists ambiguous candidates on the second), and returns the screen.
    static func pressTab(after line: String, in shell: Shell, sandbox: Sandbox, waitingFor marker: String)
        async throws -> String
    {
        var environment = sandbox.shellEnvironment
        let command: [String]
        switch shell {
        case .bash:
            let rc = sandbox.root.appendingPathComponent("completion.bashrc")
            try """
            source /usr/share/bash-completion/bash_completion
            source '\(shell.committedScript(for: "tvm-search"))'
            source '\(shell.committedScript(for: "tvm-fav"))'
            PS1='$ '

            """.write(to: rc, atomically: true, encoding: .utf8)
            command = ["bash", "--noprofile", "--rcfile", rc.path, "-i"]
        case .zsh:
            let folder = sandbox.root.appendingPathComponent("zdotdir")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try """
            fpath=('\(shell.committedScript(for: "tvm-search"))' $fpath)
            autoload -Uz compinit && compinit -u -D
            PS1='$ '

            """.write(to: folder.appendingPathComponent(".zshrc"), atomically: true, encoding: .utf8)
            environment["ZDOTDIR"] = folder.path
            command = ["zsh", "-d", "-i"]
        case .fish:
            let sources = ["tvm-search", "tvm-fav"].map { "source '\(shell.committedScript(for: $0))'" }
            command = ["fish", "--no-config", "-C", sources.joined(separator: "; ")]
        }
        return try await TmuxTerminal.type(
            line, then: shell == .bash ? ["Tab", "Tab"] : ["Tab"], in: command, sandbox: sandbox,
            environment: environment, waitingFor: marker)
    }

    /// Checks that no marker file was created in the sandbox, where the shell ran.
    static func expectNothingRan(in sandbox: Sandbox, shell: Shell) throws {
        let made = Self.markers.filter {
            FileManager.default.fileExists(atPath: sandbox.root.appendingPathComponent($0).path)
        }
        #expect(made.isEmpty, "\(shell) ran code from a candidate: it created \(made)")
    }
}
