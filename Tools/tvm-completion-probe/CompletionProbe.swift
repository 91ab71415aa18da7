import ArgumentParser
import Foundation
import TVMCommandLine
import TVMRecords

/// `tvm-completion-probe`: test support for the shell-completion machinery.
///
/// Its dynamic completions use ``CompletionKind/candidates(_:)`` exactly as a tool does, but read the candidates
/// from a file, so the end-to-end tests can drive bash, zsh and fish against any values (spaces, colons, quotes,
/// `$(…)`) and check what each shell offers. When `TVM_PROBE_LOG` names a file, each completion request is
/// appended to it as one JSON line, so the tests also see what the shell passed (words, index, prefix).
struct CompletionProbe: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tvm-completion-probe",
        abstract: "Offer shell completions read from a file (test support; not installed).",
        discussion: """
            Each line of the candidates file is a value, optionally followed by a tab and a description. \
            The file is --from FILE when given on the command line before the word being completed, else \
            $TVM_PROBE_CANDIDATES.
            """,
        subcommands: [RemoveProbe.self, PickProbe.self]
    )
}

/// `tvm-completion-probe rm [--from FILE] VALUE...`: a repeating positional completed from the file, the shape of
/// `tvm-fav rm`.
struct RemoveProbe: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rm", abstract: "Complete positional values.")

    @Option(help: ArgumentHelp("The candidates file.", valueName: "file"), completion: .file())
    var from: String?

    @Argument(help: ArgumentHelp("Values.", valueName: "value"), completion: .candidates(ProbeCandidates.read))
    var values: [String] = []

    func run() {
        print(values.joined(separator: "\n"))
    }
}

/// `tvm-completion-probe pick --item VALUE [--format F]`: an option completed from the file by an async source (as
/// `tvm-fav` reads its database), next to a fixed list.
struct PickProbe: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "pick", abstract: "Complete an option's value.")

    @Option(help: ArgumentHelp("The candidates file.", valueName: "file"), completion: .file())
    var from: String?

    @Option(help: ArgumentHelp("A value.", valueName: "value"), completion: .candidates(ProbeCandidates.readLater))
    var item: String?

    @Option(help: "A fixed list.")
    var format: OutputFormat = .auto

    func run() async {
        print(item ?? "")
    }
}

/// Reads the probe's candidates and logs each request.
enum ProbeCandidates {
    @Sendable
    static func read(_ request: CompletionRequest) -> [CompletionCandidate] {
        let environment = ProcessInfo.processInfo.environment
        if let log = environment["TVM_PROBE_LOG"] {
            let entry: [String: Any] = ["words": request.words, "index": request.index, "prefix": request.prefix]
            if let data = try? JSONSerialization.data(withJSONObject: entry, options: [.sortedKeys]),
                let handle = FileHandle(forWritingAtPath: log) ?? create(log)
            {
                handle.seekToEndOfFile()
                handle.write(data + Data("\n".utf8))
                try? handle.close()
            }
        }
        guard let path = request.value(of: "--from") ?? environment["TVM_PROBE_CANDIDATES"],
            let text = try? String(contentsOfFile: path, encoding: .utf8)
        else { return [] }
        return text.split(separator: "\n").map { line in
            let parts = line.split(separator: "\t", maxSplits: 1).map(String.init)
            return CompletionCandidate(parts[0], description: parts.count > 1 ? parts[1] : nil)
        }
    }

    /// ``read(_:)`` after a suspension, through the async overload of `.candidates`.
    @Sendable
    static func readLater(_ request: CompletionRequest) async -> [CompletionCandidate] {
        await Task.yield()
        return read(request)
    }

    private static func create(_ path: String) -> FileHandle? {
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        return FileHandle(forWritingAtPath: path)
    }
}
