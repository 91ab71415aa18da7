import Foundation
import TVMCommandLine
import TVMRecords
import TVMStore

/// Shell completion of QUERY from the search history.
///
/// The shell runs `tvm-search ---completion -- positional@0 CWORD CURSOR WORDS…` on every Tab;
/// ArgumentParser calls ``complete(_:_:_:)`` before the command is even parsed. This path only reads the
/// history file: no API client, no jq, no network.
enum SearchCompletion {
    /// The remembered searches that fit the word being completed.
    ///
    /// - Parameters:
    ///   - words: The shell words, the command name first.
    ///   - index: The index of the word being completed.
    ///   - prefix: The part of that word before the cursor.
    /// - Returns: The completions (see `QueryCompletion`).
    @Sendable
    static func complete(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        let directories = XDGDirectories(environment: ToolContext.current.terminal.environment)
        let queries = ((try? SearchHistory(directory: directories.state).entries()) ?? []).map(\.query)
        return QueryCompletion.candidates(queries: queries, words: words, index: index, prefix: prefix)
    }
}
