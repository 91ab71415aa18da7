import ArgumentParser
import TVMCommandLine
import TVMRecords
import TVMStore
import TVMTerminal
import TVMText

/// `tvm-fav rm` (aliases `remove` and `delete`): delete favorites after a confirmation.
struct RemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rm",
        abstract: "Delete favorites, after asking for confirmation on the terminal.",
        discussion: """
            Shows come from the arguments, as ids or as favorites' names (tvm-fav rm Girls: without regard to \
            case or accents; a name that is a favorite's whole name means it, else the favorites whose names \
            contain it; when several match, the terminal is asked which, and a script gets exit 64 and the \
            candidates), or, when none are given, from stdin in every form tvm-fav add accepts. \
            tvm-fav asks once, on the terminal (/dev/tty, so piped stdin still works): for one favorite,

              Delete "Under the Dome" from favorites? [y/N]

            and for several, after listing their ids and names, "remove these N favorites? [y/N]".

            Only "y" or "yes" deletes. Without a terminal to ask on (cron, CI, a pipe under ssh -T), give \
            --yes; otherwise tvm-fav exits 64 and deletes nothing. The confirmed favorites are deleted in one \
            transaction, and their records are printed (save them to add them back later); on a terminal, unless \
            --jq, --fields or --format asks for the records, one line says what was removed ("removed Girls"). An id that is not \
            a favorite is reported and the exit status is 1. Never uses the network.

            Examples:
              tvm-fav rm 1
              tvm-fav rm Girls
              tvm-fav list --jq 'select(.status == "Ended")' | tvm-fav rm
              tvm-fav rm --yes 1 139 > removed.jsonl && tvm-fav add < removed.jsonl   # undo
            """,
        aliases: ["remove", "delete"]
    )

    @Argument(
        help: ArgumentHelp(
            "Show ids or favorites' names to delete; stdin is read when none are given.", valueName: "id-or-name"),
        completion: .candidates(FavoriteCompletion.candidates)
    )
    var shows: [ShowArgument] = []

    @Flag(name: [.customShort("y"), .long], help: "Delete without asking for confirmation.")
    var yes = false

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        try ShowArgument.checkIDs(shows.compactMap(\.id))
    }

    func run() async throws {
        try await FavoritesAccess.run(store: store, output: output) { access in
            let runtime = access.runtime
            let reader = try await access.openForReading()
            var wanted = try await FavoriteNames.ids(for: shows, store: reader, runtime: runtime)
            if shows.isEmpty {
                try await StdinShowIDs.forEach(runtime: runtime, command: "tvm-fav rm") { id, _, _ in wanted.append(id)
                }
            }
            var seen = Set<Int>()
            wanted = wanted.filter { seen.insert($0).inserted }
            guard !wanted.isEmpty else { return }
            guard let reader else {
                wanted.forEach(access.reportNotFavorite)
                return
            }
            let found = try await reader.favorites(ids: wanted)
            let foundIDs = Set(found.map(\.id))
            wanted.filter { !foundIDs.contains($0) }.forEach(access.reportNotFavorite)
            let confirmed = try confirm(found, runtime: runtime)
            guard let first = confirmed.first else { return }
            // The records are the undo (`tvm-fav add < removed.jsonl`): a misspelt --fields stops the run first.
            let out = runtime.reportsBriefly ? nil : try await runtime.makeOutput(view: Views.favorites)
            try out?.checkFields(of: first.recordBytes)
            let database = try await access.openForWriting()
            let removed = try await access.changing { () async throws(StoreError) -> Int in
                try await database.remove(ids: confirmed.map(\.id))
            }
            guard let out else {
                try runtime.report([WriteReport.favorites("removed", names: confirmed.map(\.name))].compactMap { $0 })
                return
            }
            for favorite in confirmed { try await out.emit(favorite.recordBytes) }
            try await out.finish()
            access.summary("removed \(removed)")
        }
    }

    /// Asks once, unless `--yes`: about the favorite by name, or, for several, after listing them, "remove these
    /// N favorites?". Nothing is deleted before the answer is in.
    ///
    /// - Throws: `ExitCode(64)` when there is no terminal to ask on.
    private func confirm(_ favorites: [Favorite], runtime: ToolRuntime) throws -> [Favorite] {
        guard !yes, let first = favorites.first else { return favorites }
        let name = { (favorite: Favorite) in HTMLText.terminalSafe(favorite.name, keepingNewlines: false) }
        let question: String
        var listing: [String] = []
        if favorites.count == 1 {
            question = "Delete \"\(name(first))\" from favorites?"
        } else {
            let width = favorites.map { String($0.id).count }.max() ?? 0
            listing = favorites.prefix(Self.listed).map { favorite in
                let id = String(favorite.id)
                return "  " + String(repeating: " ", count: width - id.count) + id + "  " + name(favorite)
            }
            if favorites.count > Self.listed { listing.append("  … and \(favorites.count - Self.listed) more") }
            question = "remove these \(favorites.count) favorites?"
        }
        guard let answer = Prompt.confirm(question, listing: listing, diagnostics: runtime.diagnostics) else {
            runtime.diagnostics.error(
                "cannot ask for confirmation: there is no terminal (/dev/tty); "
                    + "give --yes to delete without asking. Nothing was deleted.")
            throw ExitCode(ExitStatus.usage.rawValue)
        }
        if answer { return favorites }
        runtime.diagnostics.note(favorites.count == 1 ? "kept \"\(name(first))\"" : "kept all \(favorites.count)")
        return []
    }

    /// How many favorites the batch question lists by name; the rest are counted.
    private static let listed = 50
}
