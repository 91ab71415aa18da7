import ArgumentParser
import TVMCommandLine
import TVMRecords
import TVMStore

/// `tvm-fav status`: mark show records as saved or not.
struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Pass show records on with \"_tvm\":{\"favorite\":true|false} added.",
        discussion: """
            Reads show records from stdin in every form tvm-fav add accepts and prints each one unchanged but \
            for "_tvm":{"favorite":true} when the show is saved, false when it is not. A bare id becomes \
            {"id":N,"_tvm":{"favorite":…}}. On a terminal, each row carries the action the show offers: \
            Delete (red) when it is saved, Favorite (green) when it is not. Never uses the network.

            Examples:
              tvm-fetch shows --page 0 | tvm-fav status
              tvm-search girls \\
                | tvm-fav status --jq 'select(._tvm.favorite | not)' | tvm-fav add
            """
    )

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        try await FavoritesAccess.run(store: store, output: output) { access in
            let runtime = access.runtime
            let saved = try await access.openForReading(listing: true)?.allIDs() ?? []
            let out = try await runtime.makeOutput(view: FavoriteStatusView())
            try await StdinShowIDs.forEach(runtime: runtime, command: "tvm-fav status") { id, _, record in
                let flag = [("favorite", JSONText.bool(saved.contains(id)))]
                if record.first == UInt8(ascii: "{") {
                    try await out.emit(try RawJSON.addingTVM(flag, to: record))
                } else {
                    try await out.emit(try RawJSON.addingTVM(flag, to: Array("{\"id\":\(id)}".utf8)))
                }
            }
            try await out.finish()
        }
    }
}
