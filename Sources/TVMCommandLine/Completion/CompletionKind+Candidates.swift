import ArgumentParser
import TVMRecords
import TVMStore

extension CompletionKind {
    /// Completion values that the tool computes when the shell asks, with descriptions where the shell shows
    /// them (zsh, fish).
    ///
    /// The shell runs the tool itself (`tvm-fav ---completion rm -- positional@0 …`); ArgumentParser calls
    /// `source` before any command is parsed or run, so the closure must be quick (read a file or a database,
    /// never the network) and must not print: it returns candidates, or none when it cannot read its source.
    ///
    /// ```swift
    /// @Argument(help: "Favorite ids.", completion: .candidates { request in
    ///     favorites(at: request.value(of: "--db")).map { CompletionCandidate(String($0.id), description: $0.name) }
    /// })
    /// var ids: [Int] = []
    /// ```
    ///
    /// - Parameter source: Computes the candidates for a request.
    /// - Returns: A custom completion kind.
    package static func candidates(
        _ source: @Sendable @escaping (CompletionRequest) -> [CompletionCandidate]
    ) -> CompletionKind {
        .custom { words, index, prefix in
            CompletionCandidate.lines(
                source(CompletionRequest(words: words, index: index, prefix: prefix)),
                for: CompletionShell.requesting
            )
        }
    }

    /// The same as ``candidates(_:)-(CompletionRequest)->[CompletionCandidate]``, for a source that awaits (an
    /// actor, a database opened asynchronously). ArgumentParser requires the command that declares it, and the
    /// tool's root command, to be `AsyncParsableCommand`s (it checks when the tool starts).
    ///
    /// - Parameter source: Computes the candidates for a request.
    /// - Returns: A custom completion kind.
    package static func candidates(
        _ source: @Sendable @escaping (CompletionRequest) async -> [CompletionCandidate]
    ) -> CompletionKind {
        .custom { (words: [String], index: Int, prefix: String) async -> [String] in
            CompletionCandidate.lines(
                await source(CompletionRequest(words: words, index: index, prefix: prefix)),
                for: CompletionShell.requesting
            )
        }
    }
}
