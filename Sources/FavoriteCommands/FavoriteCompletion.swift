import Foundation
import TVMCommandLine
import TVMRecords
import TVMStore

/// Shell completion of favorite ids, each with its show's name as the description (zsh, fish).
///
/// Runs in the binary when the shell asks (`tvm-fav ---completion rm -- positional@0 …`): it reads the database
/// the command line names (`--db`), else `TVM_DB`, else the XDG default, read-only, and never creates it.
enum FavoriteCompletion {
    /// The favorites, in the order they were added.
    @Sendable
    static func candidates(_ request: CompletionRequest) async -> [CompletionCandidate] {
        let environment = ToolContext.current.terminal.environment
        let path = StoreOptions.path(
            db: request.value(of: "--db"), environment: environment,
            directories: XDGDirectories(environment: environment))
        guard FileManager.default.fileExists(atPath: path),
            let store = try? await FavoritesStore(path: path, access: .readOnly),
            let favorites = try? await store.favorites()
        else { return [] }
        return favorites.map { CompletionCandidate(String($0.id), description: $0.name) }
    }
}
