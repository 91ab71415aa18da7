import ArgumentParser
import Foundation
import TVMAccount
import TVMCommandLine
import TVMRecords
import TVMStore

/// `tvm-fav logout`: forget the stored TVMaze credentials.
package struct LogoutCommand: AsyncParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "logout",
        abstract: "Forget the stored TVMaze credentials (the marks stay).",
        discussion: """
            Deletes $XDG_CONFIG_HOME/tvm/account, and the database's record of what was synced with the account \
            (the next push after a login sends every mark again; TVMaze keeps one mark per episode, so nothing \
            is doubled). The watched marks themselves stay. A push, pull or sync running meanwhile is waited for. \
            TVM_TVMAZE_USER and TVM_TVMAZE_KEY are not touched: \
            unset them yourself.

            Examples:
              tvm-fav logout
            """
    )

    @OptionGroup package var store: StoreOptions
    @OptionGroup package var messages: MessageOptions

    package init() {}

    package func run() async throws {
        try await FavoritesAccess.run(store: store, output: messages.output) { access in
            let session = AccountSession(access: access, network: NetworkOptions())
            let removed = try session.credentialStore.delete()
            if let reader = try await access.openForReading(), try await reader.accountState().username != nil {
                // A running push or pull writes its ledger at the end: forgetting it first would be undone.
                let lock = try session.lock()
                defer { withExtendedLifetime(lock) {} }
                let database = try await access.openForWriting()
                try await access.changing { () async throws(StoreError) -> Void in try await database.forgetAccount() }
            }
            session.say(removed ? "signed out of TVMaze: the credentials were deleted" : "no credentials were stored")
            if session.credentialStore.fromEnvironment {
                access.runtime.diagnostics.note("TVM_TVMAZE_USER and TVM_TVMAZE_KEY are still set")
            }
        }
    }
}
