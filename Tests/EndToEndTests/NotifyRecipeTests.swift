import Foundation
import ReplayServer
import Testing

/// The notification recipes of the README ("Notify me"), of `tvm-fav changes --help` and of the man page, run as
/// written against stand-ins for notify-send, curl and mail that fail their first call (issue 28): over two runs,
/// every event is delivered, each once.
@Suite("Notification recipes run as written", .serialized)
struct NotifyRecipeTests {
    /// Stand-ins on a PATH of their own: each fails its first call with status 3, then notes what it was given.
    static let stubs: [String: String] = [
        "notify-send": #"printf '%s | %s\n' "$1" "$2""#,
        "curl": """
        while [ $# -gt 0 ]; do
          case "$1" in -d) body="$2"; shift ;; -H) header="$2"; shift ;; https://*) url="$1" ;; esac
          shift
        done
        printf '%s | %s | %s\\n' "$url" "$header" "$body"
        """,
        "mail": #"read -r body; printf '%s | %s | %s\n' "$2" "$3" "$body""#,
    ]

    /// Writes the stand-ins into `~/stub-bin`; each one's notes go to `~/sent-NAME`.
    static func installStubs(_ sandbox: Sandbox) throws -> URL {
        let folder = sandbox.root.appendingPathComponent("stub-bin")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, body) in stubs {
            let script = """
                #!/bin/sh
                if [ ! -e "$HOME/failed-\(name)" ]; then : > "$HOME/failed-\(name)"; echo "\(name): down" >&2; exit 3; fi
                {
                \(body)
                } >> "$HOME/sent-\(name)"

                """
            let file = folder.appendingPathComponent(name)
            try Data(script.utf8).write(to: file)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
        }
        // The recipes name ~/.local/bin/tvm-fav, where `make install` puts it.
        let bin = sandbox.root.appendingPathComponent(".local/bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try? FileManager.default.createSymbolicLink(
            at: bin.appendingPathComponent("tvm-fav"), withDestinationURL: Binaries.url("tvm-fav"))
        return folder
    }

    /// The six events of the change feed's version B, unseen, and the stand-ins ready to fail once.
    static func withEvents(_ body: (Sandbox, URL) async throws -> Void) async throws {
        try await ChangeFeedTests.withBaseline { _, _, sandbox in
            let refreshed = try await sandbox.run("tvm-fav", ["refresh"])
            #expect(refreshed.status == 0, "\(refreshed.stderr)")
            try await body(sandbox, try installStubs(sandbox))
        }
    }

    /// The summaries of the six events.
    static func summaries(_ sandbox: Sandbox) async throws -> [String] {
        try await sandbox.run("tvm-fav", ["changes", "--jq", ".summary"]).lines
    }

    /// What a stand-in noted, line by line.
    static func sent(_ name: String, _ sandbox: Sandbox) -> [String] {
        let text = try? String(contentsOf: sandbox.root.appendingPathComponent("sent-\(name)"), encoding: .utf8)
        return (text ?? "").split(separator: "\n").map(String.init)
    }

    /// Runs shell code twice, as cron or a terminal would, with the stand-ins first on PATH: the first run meets
    /// the failure, the second delivers what the first could not.
    static func twice(_ code: String, shell: String = "/bin/sh", in sandbox: Sandbox, stubs: URL) async throws
        -> [Int32]
    {
        var environment = sandbox.shellEnvironment
        environment["PATH"] = stubs.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        var statuses: [Int32] = []
        for _ in 0..<2 {
            let result = try await Sandbox.run(
                executable: URL(fileURLWithPath: shell), arguments: ["-c", code], stdin: nil,
                environment: environment, directory: sandbox.root, timeout: 120)
            statuses.append(result.status)
        }
        return statuses
    }

    /// The lines of the README's fenced block of this kind that follows the heading.
    static func block(_ fence: String, after heading: String) throws -> [String] {
        let readme = try String(contentsOf: Repository.url("README.md"), encoding: .utf8)
        guard let section = readme.range(of: heading),
            let open = readme.range(of: "```\(fence)\n", range: section.upperBound..<readme.endIndex),
            let close = readme.range(of: "\n```", range: open.upperBound..<readme.endIndex)
        else { return [] }
        return readme[open.upperBound..<close.lowerBound].split(separator: "\n").map(String.init)
    }

    @Test(
        "the three --exec examples (notify-send, ntfy with curl -d, mail) are in the help and deliver each event once")
    func threeExamples() async throws {
        let examples = try Self.block("shell", after: "### Notify me")
        #expect(examples.count == 3)
        // The help (and so the man page) gives the same three lines.
        let help = try await ToolDeclarations.load("tvm-fav").command(["changes"]).discussion
        let joined = help.replacingOccurrences(of: #" \\\n +"#, with: " ", options: .regularExpression)
        for example in examples { #expect(joined.contains(example), "not in the help: \(example)") }
        let man = try String(contentsOf: Repository.url("man/tvm-fav.1"), encoding: .utf8)
        #expect(man.contains("\\-\\-exec"))
        try await Self.withEvents { sandbox, stubs in
            let summaries = try await Self.summaries(sandbox)
            #expect(summaries.count == 6)
            for (example, notifier) in zip(examples, ["notify-send", "curl", "mail"]) {
                let statuses = try await Self.twice(example, shell: "/bin/bash", in: sandbox, stubs: stubs)
                #expect(statuses == [3, 0], "\(example)")
                let sent = Self.sent(notifier, sandbox)
                #expect(sent.count == 6, "\(notifier): \(sent)")
                #expect(Set(sent.map { $0.components(separatedBy: " | ").last ?? "" }) == Set(summaries), "\(notifier)")
                #expect(sent.allSatisfy { $0.contains("Under the Dome") }, "\(notifier): \(sent)")
                if notifier == "curl" { #expect(sent.allSatisfy { $0.hasPrefix("https://ntfy.sh/tv-news | Title: ") }) }
                if notifier == "mail" { #expect(sent.allSatisfy { $0.hasPrefix("tvm: Under the Dome | you@host | ") }) }
                _ = try await FavSupport.sqlite(
                    sandbox.favoritesDatabase, "UPDATE change_event SET seen_at = NULL", in: sandbox)
            }
        }
    }

    @Test("the README's cron line, run by sh as cron runs it, delivers each event once over two mornings")
    func cronLine() async throws {
        let lines = try Self.block("crontab", after: "### Notify me")
        #expect(lines.count == 1)
        // Cron runs what follows the five time fields with sh.
        let fields = lines.first?.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true) ?? []
        #expect(fields.prefix(5) == ["0", "8", "*", "*", "*"])
        let command = String(fields.last ?? "")
        try await Self.withEvents { sandbox, stubs in
            let summaries = try await Self.summaries(sandbox)
            let statuses = try await Self.twice(command, in: sandbox, stubs: stubs)
            #expect(statuses == [3, 0])
            let sent = Self.sent("notify-send", sandbox)
            #expect(sent.sorted() == summaries.map { "Under the Dome | \($0)" }.sorted())
        }
    }

    @Test("the README's systemd service, its ExecStart lines read as systemd reads them, delivers each event once")
    func systemdService() async throws {
        let unit = try Self.block("ini", after: "### Notify me")
        #expect(unit.first == "# ~/.config/systemd/user/tvm-changes.service")
        try await Self.withEvents { sandbox, stubs in
            let home = sandbox.root.path
            let specifiers = { (text: String) in text.replacingOccurrences(of: "%h", with: home) }
            let path = unit.first { $0.hasPrefix("Environment=PATH=") }.map { specifiers(String($0.dropFirst(17))) }
            #expect(path?.hasPrefix(home + "/.local/bin:") == true)
            let starts = unit.filter { $0.hasPrefix("ExecStart=") }.map { specifiers(String($0.dropFirst(10))) }
            #expect(starts.count == 2)
            var environment = sandbox.environment
            // The stand-ins sit where notify-send would be.
            environment["PATH"] = stubs.path + ":" + (path ?? "")
            let summaries = try await Self.summaries(sandbox)
            var lastStatuses: [Int32] = []
            for _ in 0..<2 {
                for start in starts {
                    let ignoresFailure = start.hasPrefix("-")
                    let words = try Self.systemdWords(ignoresFailure ? String(start.dropFirst()) : start)
                    let result = try await Sandbox.run(
                        executable: URL(fileURLWithPath: words[0]), arguments: Array(words.dropFirst()), stdin: nil,
                        environment: environment, directory: sandbox.root, timeout: 120)
                    if !ignoresFailure { lastStatuses.append(result.status) }
                }
            }
            #expect(lastStatuses == [3, 0])
            let sent = Self.sent("notify-send", sandbox)
            #expect(sent.sorted() == summaries.map { "Under the Dome | \($0)" }.sorted())
        }
    }

    /// Splits an `ExecStart` value as systemd does: words, single and double quotes, backslash escapes, and `$$`
    /// for a `$` (the recipes use no other variable).
    static func systemdWords(_ line: String) throws -> [String] {
        var words: [String] = []
        var word: String?
        var quote: Character?
        var characters = Array(line.replacingOccurrences(of: "$$", with: "$"))[...]
        while let character = characters.popFirst() {
            switch (quote, character) {
            case (nil, " "):
                if let finished = word { words.append(finished) }
                word = nil
            case (nil, "'"), (nil, "\""):
                quote = character
                word = word ?? ""
            case (let open?, _) where character == open:
                quote = nil
            case (_, "\\") where quote != "'":
                word = (word ?? "") + String(characters.popFirst() ?? "\\")
            default:
                word = (word ?? "") + String(character)
            }
        }
        if let finished = word { words.append(finished) }
        return words
    }
}
