import ArgumentParser
import Foundation
import TVMCommandLine
import TVMRecords
import TVMStore

/// `tvm-fav list` (alias `ls`): the favorites, offline.
struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Print the favorites, from the local database only (never the network).",
        discussion: """
            Each line is a saved show record as TVMaze sent it, plus "_tvm":{"favorite":true,"added_at":…} \
            (UTC, ISO 8601), and "gone_at" there when the show has answered 404 for 7 days of tvm-fav refresh \
            (TVMaze deleted it; tvm-fav rm ID removes it). On a terminal: a table of id, name, status, premiered, genres and rating. With \
            no favorites yet, nothing is printed and the exit status is 0; on a terminal, a note says how to add \
            some.

            Examples:
              tvm-fav list
              tvm-fav list --sort name --jq .name
              tvm-fav list | tvm-episodes --jq .name
              tvm-fav list --jq 'select(._tvm.added_at > "2024")' | tvm-fav rm
            """,
        aliases: ["ls"]
    )

    @Option(help: ArgumentHelp("The order: added (as saved), name or id.", valueName: "added|name|id"))
    var sort: FavoriteOrder = .added

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions

    func run() async throws {
        try await FavoritesAccess.run(store: store, output: output) { access in
            let runtime = access.runtime
            let out = try await runtime.makeOutput(view: Views.favorites)
            // No database yet: an empty list, which is `[]` as --format json.
            guard let database = try await access.openForReading(listing: true) else {
                try await out.finish()
                return runtime.noteNoFavorites()
            }
            let gone = try await database.missingFavorites().compactMapValues(\.goneAt)
            var offset = 0
            while true {
                let page = try await database.page(sortedBy: sort, offset: offset, limit: Favorite.listPage)
                for row in page {
                    if let record = row.listedRecord(runtime: runtime, gone: gone) { try await out.emit(record) }
                }
                offset += page.count
                if page.count < Favorite.listPage { break }
            }
            try await out.finish()
            if offset == 0 { runtime.noteNoFavorites() }
        }
    }
}

extension FavoriteOrder: ExpressibleByArgument {}

extension FavoriteRow {
    /// The line `tvm-fav list` prints for this row; `nil`, after naming the row on stderr and raising the status
    /// to 65, when the row or its record cannot be read. The list goes on with the next row.
    func listedRecord(runtime: ToolRuntime, gone: [Int: Date]) -> [UInt8]? {
        switch self {
        case .favorite(let favorite):
            do {
                return try favorite.listedRecord(goneAt: gone[favorite.id])
            } catch {
                runtime.diagnostics.error(
                    "favorite \(favorite.id): the stored record is not a JSON object (\(error.localizedDescription)); "
                        + "skipped: tvm-fav refresh or tvm-fav add \(favorite.id) replaces it")
            }
        case .unreadable(let id, let reason):
            runtime.diagnostics.error(
                "favorite \(id.map(String.init) ?? "with an unreadable id") cannot be read (\(reason)); skipped")
        }
        runtime.raise(.badInput)
        return nil
    }
}

extension Favorite {
    /// How many favorites `tvm-fav list` reads at a time.
    static let listPage = 1_000

    /// The line `tvm-fav list` prints: the stored record with `"_tvm":{"favorite":true,"added_at":…}`, and
    /// `"gone_at"` when the show was marked gone.
    ///
    /// - Throws: `RawJSONError` when the stored record is not a JSON object.
    func listedRecord(goneAt: Date? = nil) throws -> [UInt8] {
        var fields: [(key: String, value: [UInt8])] = [
            ("favorite", JSONText.bool(true)),
            ("added_at", JSONText.string(DatabaseDate.iso8601(addedAt))),
        ]
        if let goneAt { fields.append(("gone_at", JSONText.string(DatabaseDate.iso8601(goneAt)))) }
        return try recordAddingTVM(fields)
    }
}
