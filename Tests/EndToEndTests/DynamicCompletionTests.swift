import Foundation
import Testing

/// The values only the binary knows: favorite ids (with the show's name where the shell shows descriptions) and
/// the search history, completed through the committed scripts.
@Suite("Dynamic completion of favorite ids and the search history")
struct DynamicCompletionTests {
    @Test(
        "tvm-fav rm and show complete the favorites' ids, with each show's name as the description",
        .enabled(if: Shell.allInstalled, Shell.missingNote),
        arguments: Shell.allCases)
    func favoriteIDs(shell: Shell) async throws {
        try await withReplay { _, sandbox in
            let records = try ["shows/1.json", "shows/139.json"].map {
                String(decoding: Fixtures.compact(try Fixtures.data($0)), as: UTF8.self)
            }
            let added = try await sandbox.run(
                "tvm-fav", ["add", "--no-episodes"], stdin: records.joined(separator: "\n") + "\n")
            #expect(added.status == 0, "\(added.stderr)")
            for command in ["rm", "show"] {
                let completion = try await shell.complete(
                    "tvm-fav \(command) ", script: shell.committedScript(for: "tvm-fav"),
                    environment: sandbox.shellEnvironment, directory: sandbox.root)
                #expect(completion.status == 0, "\(command): \(completion)")
                #expect(Set(completion.values) == ["1", "139"], "\(command): \(completion)")
                if shell.showsDescriptions {
                    #expect(completion.description(of: "1") == "Under the Dome", "\(command): \(completion)")
                    #expect(completion.description(of: "139") == "Girls", "\(command): \(completion)")
                }
            }
        }
    }

    @Test(
        "tvm-search completes its query from the remembered searches, most recent first",
        .enabled(if: Shell.allInstalled, Shell.missingNote),
        arguments: Shell.allCases)
    func searchHistory(shell: Shell) async throws {
        try await withReplay { _, sandbox in
            for query in [["girls"], ["squid", "game"]] {
                let result = try await sandbox.run("tvm-search", query)
                #expect(result.status == 0, "\(query): \(result.stderr)")
            }
            let completion = try await shell.complete(
                "tvm-search ", script: shell.committedScript(for: "tvm-search"), environment: sandbox.shellEnvironment,
                directory: sandbox.root)
            #expect(completion.status == 0, "\(completion)")
            #expect(completion.values == ["squid game", "girls"], "\(completion)")
        }
    }
}
