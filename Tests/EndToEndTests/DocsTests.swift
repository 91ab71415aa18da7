import Foundation
import Testing

/// The man pages and completion scripts under man/ and completions/ are generated from the tools'
/// declarations (scripts/generate-docs.sh, `make docs`) and committed; these tests keep them true.
@Suite("Man pages and completion scripts stay true to the declarations")
struct DocsTests {
    static let mandoc = ["/usr/bin/mandoc", "/usr/local/bin/mandoc"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    @Test(
        "man/ and completions/ are exactly what the tools' declarations generate (otherwise: run make docs)",
        .enabled(if: mandoc != nil, "mandoc is not installed (bash scripts/deps.sh test installs it)")
    )
    func noDrift() async throws {
        var environment = ProcessInfo.processInfo.environment
        environment["TVM_BIN_DIR"] = Binaries.directory.path
        let result = try await Sandbox.run(
            executable: URL(fileURLWithPath: "/bin/bash"),
            arguments: [Repository.url("scripts/generate-docs.sh").path, "--check"],
            stdin: nil, environment: environment, directory: Repository.root, timeout: 300)
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test("every tool has a section-1 page and bash, zsh and fish scripts")
    func everyToolIsCovered() async throws {
        #expect(Repository.tools == ["tvm-fetch", "tvm-search", "tvm-fav", "tvm-episodes", "tvm-img"])
        for tool in Repository.tools {
            let files = [
                "man/\(tool).1", "completions/bash/\(tool)", "completions/zsh/_\(tool)",
                "completions/fish/\(tool).fish",
            ]
            for file in files {
                #expect(FileManager.default.fileExists(atPath: Repository.url(file).path), "\(file)")
            }
        }
        #expect(FileManager.default.fileExists(atPath: Repository.url("man/tvm.7").path))
    }

    @Test(
        "every page passes mandoc -Tlint without a warning or an error",
        .enabled(if: mandoc != nil, "mandoc is not installed (bash scripts/deps.sh test installs it)")
    )
    func lint() async throws {
        let pages = try Self.pages()
        #expect(pages.count >= 3)
        for page in pages {
            let result = try await Sandbox.run(
                executable: URL(fileURLWithPath: Self.mandoc!), arguments: ["-Tlint", "-W", "warning", page.path],
                stdin: nil, environment: ProcessInfo.processInfo.environment, directory: Repository.root, timeout: 60)
            #expect(result.status == 0, "\(page.lastPathComponent): \(result.stdout)\(result.stderr)")
            #expect(result.stdout.isEmpty && result.stderr.isEmpty, "\(page.lastPathComponent): \(result.stdout)")
        }
    }

    @Test("each page's EXIT STATUS lists exactly the codes and meanings of its tool's declared discussion")
    func exitStatus() async throws {
        var checked = 0
        for tool in Repository.tools {
            // The table is in the discussion (the short --help names the man page for it).
            let discussion = try await ToolDeclarations.load(tool).command([]).discussion
            let fromHelp = Self.helpExitCodes(discussion)
            #expect(Set(fromHelp.keys).isSuperset(of: [0, 1, 64, 65, 69, 74, 75]), "\(tool): \(discussion)")
            let page = try String(contentsOf: Repository.url("man/\(tool).1"), encoding: .utf8)
            #expect(Self.manualExitCodes(page) == fromHelp, "\(tool).1")
            checked += 1
        }
        let overview = try String(contentsOf: Repository.url("man/tvm.7"), encoding: .utf8)
        let fetchHelp = try await ToolDeclarations.load("tvm-fetch").command([]).discussion
        #expect(Self.manualExitCodes(overview) == Self.helpExitCodes(fetchHelp))
        #expect(checked == Repository.tools.count)
    }

    @Test("each page credits TVmaze under CC BY-SA 4.0 and refers to the others through SEE ALSO")
    func creditAndSeeAlso() throws {
        for page in try Self.pages() {
            let text = try String(contentsOf: page, encoding: .utf8)
            #expect(text.contains("TVmaze"), "\(page.lastPathComponent)")
            #expect(text.contains("CC BY\\-SA 4.0"), "\(page.lastPathComponent)")
            #expect(text.contains(".Sh SEE ALSO"), "\(page.lastPathComponent)")
            #expect(text.contains(".Sh ENVIRONMENT") && text.contains(".Sh FILES"), "\(page.lastPathComponent)")
            for tool in Repository.tools where page.lastPathComponent != "\(tool).1" {
                #expect(text.contains(".Xr \(tool) 1"), "\(page.lastPathComponent) lacks \(tool)")
            }
        }
    }

    @Test("tvm.7 names every environment variable and file the tools read")
    func overviewNamesEverything() throws {
        let overview = try String(contentsOf: Repository.url("man/tvm.7"), encoding: .utf8)
        for variable in [
            "TVM_API_URL", "TVM_DB", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME", "NO_COLOR", "TERM", "BROWSER",
            "HTTPS_PROXY", "HTTP_PROXY", "NO_PROXY", "COLUMNS",
        ] {
            #expect(overview.contains(".It Ev \(variable)"), "\(variable)")
        }
        for file in [
            "tvm/tvm.sqlite", "tvm/http.sqlite", "tvm/images/", "tvm/ratelimit\\-HOST", "search\\-history.jsonl",
        ] {
            #expect(overview.contains(file), "\(file)")
        }
        for member in ["_tvm.score", "_tvm.favorite", "_tvm.image", "_tvm.show"] {
            #expect(overview.contains(".It Li \(member)"), "\(member)")
        }
    }

    @Test("tvm-docs refuses a fish script whose custom completions it cannot fix, rather than install it broken")
    func fishFixFailsLoudly() async throws {
        let sandbox = try Sandbox()
        let script = """
            function __t_tokens
                commandline -o $argv
            end
            complete -c 't' -fka '(__t_custom_completion ---completion -- positional@0 (count (__t_tokens -pc)))'
            """
        let result = try await sandbox.run("tvm-docs", ["completion", "fish", "t"], stdin: script)
        #expect(result.status != 0)
        #expect(result.stderr.contains("ArgumentParser's generator changed"), "\(result.stderr)")
    }

    // MARK: Helpers

    static func pages() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: Repository.url("man"), includingPropertiesForKeys: nil)
            .filter { ["1", "7"].contains($0.pathExtension) }.sorted { $0.path < $1.path }
    }

    /// `code → meaning` from the EXIT STATUS table at the end of `--help` (long meanings wrap onto more lines).
    static func helpExitCodes(_ help: String) -> [Int: String] {
        var codes: [Int: String] = [:]
        var current: Int?
        var inTable = false
        for line in help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed == "EXIT STATUS" {
                inTable = true
                continue
            }
            guard inTable else { continue }
            if trimmed.isEmpty { break }
            let parts = trimmed.split(separator: " ", maxSplits: 1)
            if parts.count == 2, let code = Int(parts[0]) {
                current = code
                codes[code] = String(parts[1])
            } else if let code = current {
                codes[code, default: ""] += " " + trimmed
            }
        }
        return codes.mapValues(normalised)
    }

    /// `code → meaning` from a page's EXIT STATUS section (`.It CODE` and the text after it).
    static func manualExitCodes(_ page: String) -> [Int: String] {
        guard let start = page.range(of: ".Sh EXIT STATUS\n") else { return [:] }
        var codes: [Int: String] = [:]
        var current: Int?
        for line in page[start.upperBound...].split(separator: "\n").map(String.init) {
            if line.hasPrefix(".Sh ") { break }
            if line.hasPrefix(".It "), let code = Int(line.dropFirst(4)) {
                current = code
                codes[code] = ""
            } else if line.hasPrefix(".") {
                current = nil
            } else if let code = current {
                codes[code] = ((codes[code] ?? "") + " " + line).trimmingCharacters(in: .whitespaces)
            }
        }
        return codes.mapValues { normalised($0.replacingOccurrences(of: "\\-", with: "-")) }
    }

    /// A meaning compared without case, spacing or a final full stop.
    static func normalised(_ text: String) -> String {
        var text = text.split(separator: " ").joined(separator: " ").lowercased()
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
