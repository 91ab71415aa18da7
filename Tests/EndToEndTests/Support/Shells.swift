import Foundation
import Testing

/// The shells whose completion the tests drive through their own entry points (harnesses in Tests/Shells).
enum Shell: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case bash, zsh, fish

    var testDescription: String { rawValue }

    /// The shell's executable, if installed.
    var executable: String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") + ["/usr/bin", "/bin"] {
            let candidate = "\(folder)/\(rawValue)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Whether the shell (and, for bash, the bash-completion package) is installed.
    var isInstalled: Bool {
        executable != nil
            && (self != .bash || FileManager.default.fileExists(atPath: "/usr/share/bash-completion/bash_completion"))
    }

    /// Why a test about this shell cannot run here.
    var absenceNote: Comment {
        "\(rawValue)\(self == .bash ? " or bash-completion" : "") is not installed (bash scripts/deps.sh test installs it)"
    }

    /// Whether the shell shows a description next to each candidate.
    var showsDescriptions: Bool { self != .bash }

    /// The committed completion script of a tool: a file for bash and fish, the folder of `_TOOL` for zsh.
    func committedScript(for tool: String) -> String {
        switch self {
        case .bash: return Repository.url("completions/bash/\(tool)").path
        case .zsh: return Repository.url("completions/zsh").path
        case .fish: return Repository.url("completions/fish/\(tool).fish").path
        }
    }

    /// Completes `line` at its end, the way a Tab does in this shell.
    ///
    /// - Parameters:
    ///   - line: The command line; a trailing blank starts a new word.
    ///   - script: The completion script (bash, fish) or the folder of `_TOOL` (zsh); `--installed` lets the
    ///     shell find the script itself.
    ///   - environment: The environment, with the tools on `PATH`.
    /// - Returns: The candidates, each a value and the description shown next to it ("" when none).
    func complete(
        _ line: String, script: String, environment: [String: String], directory: URL
    ) async throws -> Completion {
        guard let executable else { throw DeclarationsError(detail: "\(rawValue) is not installed") }
        let harness = Repository.url("Tests/Shells/complete.\(rawValue)").path
        let arguments: [String]
        switch self {
        case .bash: arguments = ["--norc", "--noprofile", harness, script, line]
        case .zsh: arguments = ["-f", harness, script, line]
        case .fish: arguments = ["--no-config", harness, script, line]
        }
        let result = try await Sandbox.run(
            executable: URL(fileURLWithPath: executable), arguments: arguments, stdin: nil,
            environment: environment, directory: directory, timeout: 60)
        let candidates = result.lines.map { line -> Candidate in
            let parts = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            return Candidate(value: parts[0], description: parts.count > 1 ? parts[1] : "")
        }
        return Completion(status: result.status, candidates: candidates, stderr: result.stderr)
    }
}

/// One completion candidate as a shell offers it.
struct Candidate: Equatable, Sendable {
    var value: String
    /// What the shell shows next to the value; "" when nothing.
    var description: String
}

/// What a shell offered for a command line.
struct Completion: Sendable, CustomStringConvertible {
    var status: Int32
    var candidates: [Candidate]
    var stderr: String

    /// The values offered.
    var values: [String] { candidates.map(\.value) }

    /// The description offered next to a value.
    func description(of value: String) -> String? {
        candidates.first { $0.value == value }?.description
    }

    var description: String {
        "status \(status), candidates \(candidates.map { "\($0.value)|\($0.description)" }), stderr: \(stderr)"
    }
}

extension Sandbox {
    /// The sandbox's environment with the built tools first on `PATH`, for shells that run them.
    var shellEnvironment: [String: String] {
        var environment = self.environment
        environment["PATH"] = Binaries.directory.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        return environment
    }
}
