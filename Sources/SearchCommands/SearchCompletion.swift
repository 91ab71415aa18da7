import Foundation
import TVMCommandLine
import TVMRecords
import TVMStore

/// Shell completion of QUERY from the search history.
///
/// The shell runs `tvm-search ---completion -- positional@0 CWORD CURSOR WORDS…` on every Tab;
/// ArgumentParser calls ``candidates(_:)`` before the command is even parsed. This path only reads the
/// history file: no API client, no jq, no network. A remembered search is text anyone could have typed
/// (`girls $(touch x)`), so it goes through ``CompletionKind/candidates(_:)``, which hands it to each shell as
/// data, never as code.
enum SearchCompletion {
    /// The remembered searches that fit the word being completed (see `QueryCompletion`).
    ///
    /// - Parameter request: The shell's words and the word being completed.
    /// - Returns: The candidates, most recent search first.
    @Sendable
    static func candidates(_ request: CompletionRequest) -> [CompletionCandidate] {
        let directories = XDGDirectories(environment: ToolContext.current.terminal.environment)
        let queries = ((try? SearchHistory(directory: directories.state).entries()) ?? []).map(\.query)
        return QueryCompletion.candidates(
            queries: queries, words: request.words, index: request.index, prefix: request.prefix
        ).map { CompletionCandidate($0) }
    }
}
