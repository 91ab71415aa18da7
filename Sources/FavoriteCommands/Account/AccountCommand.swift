import ArgumentParser
import Foundation
import TVMAccount
import TVMCommandLine
import TVMRecords
import TVMStore

/// `tvm-fav account`: who is signed in, the premium level, the last push and pull. Never the key.
package struct AccountCommand: AsyncParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "account",
        abstract: "Show who is signed in to TVMaze, the premium level, and the last push and pull.",
        discussion: """
            Prints one record with username, premium (0 to 3), premium_level (none, Bronze, Silver, \
            Gold), source (file or environment), last_push and last_pull (null when never). premium is \
            null when the credentials come from the environment and were not checked yet; --check asks \
            TVMaze (and a 401 exits 77). The API key is never shown. Not signed in: a message, exit 77. On a \
            terminal, the same as "label: value" lines.

            Examples:
              tvm-fav account
              tvm-fav account --check --jq .premium_level
            """
    )

    @Flag(help: "Check the credentials with TVMaze now.")
    package var check = false

    @OptionGroup package var store: StoreOptions
    @OptionGroup package var network: NetworkOptions
    @OptionGroup package var output: OutputOptions

    package init() {}

    package func run() async throws {
        try await FavoritesAccess.run(store: store, output: output) { access in
            let session = AccountSession(access: access, network: network)
            var credentials = try session.credentials()
            if check {
                credentials.premium = try await session.client(credentials).validate()
            }
            let state = try await access.openForReading()?.accountState() ?? AccountSyncState()
            let synced = state.username == credentials.username ? state : AccountSyncState()
            func time(_ date: Date?) -> [UInt8] {
                date.map { JSONText.string(WatchMark.iso8601($0)) } ?? Array("null".utf8)
            }
            var record = Array(#"{"username":"#.utf8) + JSONText.string(credentials.username)
            record += Array(#","premium":"#.utf8) + (credentials.premium.map(JSONText.number) ?? Array("null".utf8))
            record +=
                Array(#","premium_level":"#.utf8)
                + (credentials.premium.map { JSONText.string(PremiumLevel.name($0)) } ?? Array("null".utf8))
            record +=
                Array(#","source":"#.utf8)
                + JSONText.string(session.credentialStore.fromEnvironment ? "environment" : "file")
            record += Array(#","last_push":"#.utf8) + time(synced.lastPush)
            record += Array(#","last_pull":"#.utf8) + time(synced.lastPull) + [UInt8(ascii: "}")]
            let out = try await access.runtime.makeOutput(view: AccountView(now: try access.runtime.now()))
            try await out.emit(record)
            try await out.finish()
        }
    }
}

/// `tvm-fav account` on a terminal: one "label: value" line per fact, as `gh auth status` shows them.
struct AccountView: TerminalView {
    /// The run's clock, for how long ago the last push and pull were.
    let now: Date

    var rendersEachRecord: Bool { true }

    func render(_ records: [[UInt8]], width: Int, color: Bool) -> String {
        guard let record = records.first,
            let object = try? JSONSerialization.jsonObject(with: Data(record)) as? [String: Any]
        else { return "" }
        var premium = "not checked yet (--check asks TVMaze)"
        if let level = object["premium_level"] as? String, let value = object["premium"] as? Int {
            premium = "\(level) (\(value))"
        }
        func when(_ key: String) -> String {
            guard let text = object[key] as? String, let date = try? Date(text, strategy: .iso8601) else {
                return "never"
            }
            return "\(text) (\(RelativeTime.describe(seconds: max(0, now.timeIntervalSince(date)))) ago)"
        }
        let source =
            object["source"] as? String == "environment"
            ? "TVM_TVMAZE_USER and TVM_TVMAZE_KEY" : "the credentials file (tvm-fav login)"
        return LabelledLines.render([
            ("Signed in as", object["username"] as? String ?? ""), ("Premium", premium), ("Credentials", source),
            ("Last push", when("last_push")), ("Last pull", when("last_pull")),
        ])
    }
}
