import ArgumentParser
import TVMCommandLine
import TVMRecords
import TVMStore
import TVMTerminal

/// `tvm-fav rm` (alias `delete`): delete favorites after a confirmation.
struct RemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rm",
        abstract: "Delete favorites, after asking for confirmation on the terminal.",
        discussion: """
            Ids come from the arguments or, when none are given, from stdin in every form tvm-fav add accepts. \
            For each favorite tvm-fav asks on the terminal (/dev/tty, so piped stdin still works):

              Delete "Under the Dome" from favorites? [y/N]

            Only "y" or "yes" deletes. Without a terminal to ask on (cron, CI, a pipe under ssh -T), give \
            --yes; otherwise tvm-fav exits 64 and deletes nothing. The confirmed favorites are deleted in one \
            transaction, and their records are printed (save them to add them back later). An id that is not \
            a favorite is reported and the exit status is 1. Never uses the network.

            Examples:
              tvm-fav rm 1
              tvm-fav list --jq 'select(.status == "Ended")' | tvm-fav rm
              tvm-fav rm --yes 1 139 > removed.jsonl && tvm-fav add < removed.jsonl   # undo
            """,
        aliases: ["delete"]
    )

    @Argument(
        help: ArgumentHelp("Show ids to delete; stdin is read when none are given.", valueName: "id"),
        completion: .candidates(FavoriteCompletion.candidates)
    )
    var ids: [Int] = []

    @Flag(name: [.customShort("y"), .long], help: "Delete without asking for confirmation.")
    var yes = false

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        try await FavoritesAccess.run(store: store, output: output) { access in
            let runtime = access.runtime
            var wanted = ids
            if wanted.isEmpty {
                try await StdinShowIDs.forEach(runtime: runtime) { id, _, _ in wanted.append(id) }
            }
            var seen = Set<Int>()
            wanted = wanted.filter { seen.insert($0).inserted }
            guard !wanted.isEmpty else { return }
            guard let reader = try await access.openForReading() else {
                wanted.forEach(access.reportNotFavorite)
                return
            }
            let found = try await reader.favorites(ids: wanted)
            let foundIDs = Set(found.map(\.id))
            wanted.filter { !foundIDs.contains($0) }.forEach(access.reportNotFavorite)
            let confirmed = try confirm(found, runtime: runtime)
            guard !confirmed.isEmpty else { return }
            let database = try await access.openForWriting()
            let removed = try await access.changing { () async throws(StoreError) -> Int in
                try await database.remove(ids: confirmed.map(\.id))
            }
            let out = try await runtime.makeOutput(view: Views.favorites)
            for favorite in confirmed { try await out.emit(favorite.recordBytes) }
            try await out.finish()
            access.summary("removed \(removed)")
        }
    }

    /// Asks about each favorite, unless `--yes`; nothing is deleted before every answer is in.
    ///
    /// - Throws: `ExitCode(64)` when there is no terminal to ask on.
    private func confirm(_ favorites: [Favorite], runtime: ToolRuntime) throws -> [Favorite] {
        guard !yes else { return favorites }
        var confirmed: [Favorite] = []
        for favorite in favorites {
            let name = HTMLText.terminalSafe(favorite.name, keepingNewlines: false)
            let question = "Delete \"\(name)\" from favorites?"
            guard let answer = Prompt.confirm(question, diagnostics: runtime.diagnostics) else {
                runtime.diagnostics.error(
                    "cannot ask for confirmation: there is no terminal (/dev/tty); "
                        + "give --yes to delete without asking. Nothing was deleted.")
                throw ExitCode(ExitStatus.usage.rawValue)
            }
            if answer {
                confirmed.append(favorite)
            } else {
                runtime.diagnostics.note("kept \"\(name)\"")
            }
        }
        return confirmed
    }
}
