import Foundation
import TVMAccount
import TVMCommandLine
import TVMStore

/// `tvm-fav watch --push` and `unwatch --push` (or `TVM_AUTO_PUSH=1`): push at once after the marks changed, when
/// signed in. A push that fails leaves the local marks as they are; the next push sends them.
struct LivePush {
    let access: FavoritesAccess
    let network: NetworkOptions
    /// `--push` was given.
    let asked: Bool

    /// Whether a push is wanted: `--push`, or `TVM_AUTO_PUSH=1`.
    var wanted: Bool {
        asked || access.runtime.terminal.environment["TVM_AUTO_PUSH"] == "1"
    }

    /// Pushes, if wanted and signed in; reports a failure as a warning (a 401 as the refusal, exit 77).
    ///
    /// - Parameter database: The database the marks were saved in.
    func run(database: FavoritesStore) async {
        guard wanted else { return }
        let session = AccountSession(access: access, network: network)
        let diagnostics = access.runtime.diagnostics
        do {
            guard let credentials = try session.credentialStore.load() else {
                if asked { diagnostics.note("not signed in to TVMaze, so nothing was pushed: run tvm-fav login") }
                return
            }
            let client = try session.client(credentials)
            let lock = try session.lock()
            defer { withExtendedLifetime(lock) {} }
            let premium = try await session.premium(of: credentials, client: client)
            let sync = AccountSync(store: database, client: client, username: credentials.username, premium: premium)
            let report = try await sync.push(now: try access.runtime.now())
            for item in report.failed {
                diagnostics.warning("episode \(item.mark.episodeID): \(item.failure); the next push sends it again")
            }
            if !report.unsendable.isEmpty {
                diagnostics.warning("unmarks cannot be sent without Premium; they stay local (said once)")
            }
        } catch let error as AccountError where error == .refused {
            error.report(to: access.runtime)
        } catch {
            diagnostics.warning(
                "the push to TVMaze failed (\(error.localizedDescription)); the marks are kept and go out with the "
                    + "next push")
        }
    }
}
