import ArgumentParser
import Foundation
import TVMAccount
import TVMCommandLine
import TVMRecords
import TVMStore
import TVMazeAPI

/// What the account commands share: the credentials store, the account client, the lock that serialises syncs.
struct AccountSession {
    let access: FavoritesAccess
    let network: NetworkOptions

    var runtime: ToolRuntime { access.runtime }

    /// A session for the command's store and network options; `--offline` is no advice in its messages, as the
    /// account needs the network.
    init(access: FavoritesAccess, network: NetworkOptions) {
        self.access = access
        self.network = network
        access.runtime.offersOffline = false
    }

    /// The credentials file and the environment's override.
    var credentialStore: CredentialStore {
        CredentialStore(configFolder: runtime.directories.config, environment: runtime.terminal.environment)
    }

    /// The credentials in force.
    ///
    /// - Throws: ``AccountError/notSignedIn`` when there are none, or the store's errors.
    func credentials() throws -> Credentials {
        guard let credentials = try credentialStore.load() else { throw AccountError.notSignedIn }
        return credentials
    }

    /// An account client: paced and retried like every request, never cached.
    ///
    /// - Parameter credentials: The credentials, or `nil` for pairing.
    /// - Throws: ``AccountError/insecureHost(url:)``; a usage error with `--offline`.
    func client(_ credentials: Credentials?) throws -> AccountClient {
        if network.offline {
            runtime.diagnostics.error("the TVMaze account needs the network; leave out --offline")
            throw ExitCode(ExitStatus.usage.rawValue)
        }
        return try AccountClient(api: try runtime.makeClient(network, cached: false), credentials: credentials)
    }

    /// The premium level: the stored one, else asked with `/v1/auth/validate` (the environment's credentials).
    func premium(of credentials: Credentials, client: AccountClient) async throws -> Int {
        if let premium = credentials.premium { return premium }
        return try await client.validate()
    }

    /// Holds the account lock (`$XDG_DATA_HOME/tvm/account.lock`, beside the database) for a push, pull or sync:
    /// two at once run one after the other.
    func lock() throws -> ProcessLock {
        let path = FilePath.folder(of: access.path) + "/account.lock"
        do {
            return try ProcessLock.acquire(path: path) {
                runtime.diagnostics.note("another push, pull or sync is running; waiting for it to finish")
            }
        } catch {
            runtime.diagnostics.error("cannot take the lock \(path): \(error)")
            throw ExitCode(ExitStatus.ioError.rawValue)
        }
    }

    /// Whether summaries go to stderr: not with `--quiet`.
    func say(_ text: String) {
        guard !runtime.outputOptions.quiet else { return }
        runtime.diagnostics.clearProgress()
        runtime.diagnostics.raw(text + "\n")
    }
}

extension AccountError: ReportedError {
    /// Reports the error and raises its status: 77 for refused or missing credentials (a 403 too), 65 for a 2xx
    /// answer of a shape no account answer has.
    package func report(to runtime: ToolRuntime) {
        if self == .refused, CredentialStore.isOverridden(by: runtime.terminal.environment) {
            // tvm-fav login would not help: the environment wins over what it stores.
            runtime.diagnostics.error(
                "TVMaze refused the credentials in TVM_TVMAZE_USER and TVM_TVMAZE_KEY: check both (the key is on "
                    + "https://www.tvmaze.com/dashboard), or unset them to use tvm-fav login's")
        } else {
            runtime.diagnostics.error(localizedDescription)
        }
        switch self {
        case .refused, .refusedAtLogin, .notSignedIn, .readableByOthers, .premiumRequired, .emailNotConfirmed:
            runtime.raise(.noPermission)
        case .halfEnvironment, .insecureHost: runtime.raise(.usage)
        case .unusableFile: runtime.raise(.ioError)
        case .unknownEmail: runtime.raise(.notFound)
        case .pairingGone, .pairingTimedOut: runtime.raise(.temporary)
        case .unexpected(_, 403, _): runtime.raise(.noPermission)
        case .unexpected(_, let status, _): runtime.raise((200..<300).contains(status) ? .badInput : .unavailable)
        }
    }
}
