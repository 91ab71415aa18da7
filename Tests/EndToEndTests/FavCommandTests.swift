import Foundation
import ReplayServer
import Testing

@Suite("tvm-fav commands against the replay server")
struct FavCommandTests {
    /// The compact, URL-rewritten record of a recorded single show (`shows/1.json`).
    private func recorded(_ path: String, _ server: ReplayServer) throws -> String {
        Fixtures.rewrite(
            String(decoding: Fixtures.compact(try Fixtures.data(path)), as: UTF8.self), baseURL: server.baseURL)
    }

    /// The text of the JSON object that follows `marker` in a compact record, by bracket counting.
    private func object(after marker: String, in record: String) throws -> String {
        let start = try #require(record.range(of: marker)).upperBound
        return try #require(EpisodeFixtures.split(array: Substring("[" + record[start...])).first)
    }

    @Test("add fetches bare ids, saves them, and prints the records exactly as served")
    func addByID() async throws {
        try await withReplay { server, sandbox in
            let result = try await sandbox.runInProcess("tvm-fav", ["add", "--no-episodes", "1", "139"])
            #expect(result.status == 0)
            #expect(result.stderr.isEmpty, "no summary when stderr is not a terminal")
            let expected = [try recorded("shows/1.json", server), try recorded("shows/139.json", server)]
            #expect(result.lines == expected)
            #expect(server.log.requests.map(\.target) == ["/shows/1", "/shows/139"])
            let stored = try await FavSupport.sqlite(
                sandbox.favoritesDatabase, "SELECT id, name, record FROM favorite ORDER BY position", in: sandbox)
            #expect(stored.lines == ["1|Under the Dome|\(expected[0])", "139|Girls|\(expected[1])"])
            let added = try await FavSupport.sqlite(
                sandbox.favoritesDatabase,
                "SELECT count(*) FROM favorite WHERE added_at LIKE '20__-__-__ __:__:__.___'",
                in: sandbox)
            #expect(added.lines == ["2"])
        }
    }

    @Test("add stores complete records from stdin in every accepted form, without a network request")
    func addFromStdin() async throws {
        try await withReplay { server, sandbox in
            let page = try Fixtures.elements("shows/page-1.json", baseURL: server.baseURL)
            let search = try Fixtures.elements("search/shows/q=girls.json", baseURL: server.baseURL)
            let credit = try Fixtures.elements("people/1/castcredits&embed=show.json", baseURL: server.baseURL)
            let tagged = String(page[2].dropLast()) + ",\"_tvm\":{\"favorite\":false}}"
            let stdin = [page[0], page[1], tagged, search[1], credit[1]].joined(separator: "\n") + "\n"
            let result = try await sandbox.runInProcess("tvm-fav", ["add", "--no-episodes"], stdin: stdin)
            #expect(result.status == 0)
            #expect(result.stderr.isEmpty)
            #expect(server.log.count == 0)
            // The shows as recorded: the tagged one without _tvm, the search result's and the credit's show objects.
            let expected = [
                page[0], page[1], page[2], try object(after: "\"show\":", in: search[1]),
                try object(after: "\"_embedded\":{\"show\":", in: credit[1]),
            ]
            #expect(result.lines == expected)
            #expect(try await sandbox.favoriteIDs() == expected.map(FavSupport.showID))
        }
    }

    @Test("a bare id and a record with little more than an id are fetched before saving")
    func addFetchesPartialRecords() async throws {
        try await withReplay { server, sandbox in
            let result = try await sandbox.runInProcess(
                "tvm-fav", ["add", "--no-episodes"], stdin: "\"1\"\n{\"id\":139,\"name\":\"Girls\"}\n")
            #expect(result.status == 0)
            #expect(server.log.requests.map(\.target) == ["/shows/1", "/shows/139"])
            #expect(result.lines == [try recorded("shows/1.json", server), try recorded("shows/139.json", server)])
        }
    }

    @Test("adding a favorite again updates its record, keeps its place, and never duplicates it")
    func reAdd() async throws {
        try await withReplay { server, sandbox in
            _ = try await sandbox.runInProcess("tvm-fav", ["add", "--no-episodes", "1", "139"])
            let renamed = try recorded("shows/1.json", server).replacingOccurrences(
                of: "\"name\":\"Under the Dome\"", with: "\"name\":\"Under the Dome (renamed)\"")
            let again = try await sandbox.runInProcess("tvm-fav", ["add", "--no-episodes"], stdin: renamed + "\n")
            #expect(again.status == 0)
            #expect(again.lines == [renamed])
            let rows = try await FavSupport.sqlite(
                sandbox.favoritesDatabase, "SELECT id, name FROM favorite ORDER BY position", in: sandbox)
            #expect(rows.lines == ["1|Under the Dome (renamed)", "139|Girls"])
        }
    }

    @Test("an id TVMaze does not know is reported and skipped; the others are saved; exit 1")
    func addUnknownID() async throws {
        try await withReplay { _, sandbox in
            let result = try await sandbox.runInProcess("tvm-fav", ["add", "--no-episodes", "424242", "1"])
            #expect(result.status == 1)
            #expect(result.stderr.contains("tvm-fav: error: show 424242 not found"))
            #expect(try await sandbox.favoriteIDs() == [1])
        }
    }

    @Test("a bad stdin line is reported with its number, the other lines are saved, exit 65")
    func addBadLine() async throws {
        try await withReplay { server, sandbox in
            let page = try Fixtures.elements("shows/page-0.json", baseURL: server.baseURL)
            let episode = try Fixtures.compact(Fixtures.data("episodes/1.json"))
            let stdin = [page[0], "{\"id\":", page[1], String(decoding: episode, as: UTF8.self), page[2]]
            let result = try await sandbox.runInProcess(
                "tvm-fav", ["add", "--no-episodes"], stdin: stdin.joined(separator: "\n") + "\n")
            #expect(result.status == 65)
            #expect(result.stderr.contains("line 2"))
            #expect(result.stderr.contains("stdin line 4: "))
            #expect(result.stderr.contains("an episode record"))
            #expect(result.lines == [page[0], page[1], page[2]])
            #expect(try await sandbox.favoriteIDs().count == 3)
            #expect(server.log.count == 0)
        }
    }

    @Test("list sorts by order of saving (default), name or id, and prints a table on request")
    func list() async throws {
        let sandbox = try Sandbox()
        let shows = try FavSupport.recordedShows()
        let chosen = [shows[40], shows[3], shows[300], shows[12]]
        _ = try await sandbox.runInProcess(
            "tvm-fav", ["add", "--no-episodes"], stdin: chosen.joined(separator: "\n") + "\n")
        let ids = chosen.map(FavSupport.showID)
        #expect(try await sandbox.favoriteIDs() == ids)
        #expect(try await sandbox.favoriteIDs(["--sort", "id"]) == ids.sorted())
        let names = try await sandbox.runInProcess("tvm-fav", ["list", "--sort", "name", "--jq", ".name"])
        #expect(names.lines == names.lines.sorted { $0.lowercased() < $1.lowercased() })
        #expect(names.lines.count == 4)
        let lines = try await sandbox.runInProcess("tvm-fav", ["list"])
        #expect(lines.lines.count == 4)
        #expect(
            lines.lines[0].hasPrefix(String(chosen[0].dropLast()) + ",\"_tvm\":{\"favorite\":true,\"added_at\":\"20"))
        let table = try await sandbox.runInProcess(
            "tvm-fav", ["list", "--format", "table"], environment: ["COLUMNS": "120"])
        let header = try #require(table.lines.first)
        #expect(
            header.split(separator: " ", omittingEmptySubsequences: true) == [
                "ID", "NAME", "STATUS", "PREMIERED", "GENRES", "RATING",
            ])
        #expect(table.lines.count == 5)
        let bad = try await sandbox.runInProcess("tvm-fav", ["list", "--sort", "rating"])
        #expect(bad.status == 64)
    }

    @Test("list prints the same bytes through its fast path as through ArgumentParser, in every format")
    func listFastPathMatches() async throws {
        let sandbox = try Sandbox()
        let shows = try FavSupport.recordedShows()
        _ = try await sandbox.runInProcess(
            "tvm-fav", ["add", "--no-episodes"], stdin: shows.prefix(30).joined(separator: "\n") + "\n")
        // `--arg` binds a variable no filter reads: ArgumentParser takes it, and the fast path leaves it to it.
        let throughArgumentParser = ["--arg", "unused", "1"]
        let optionSets = [
            [], ["--sort", "name"], ["--sort=id", "--format", "json"], ["--format", "table", "--no-color"],
            ["--format", "table", "--sort", "name"], ["-q", "--format", "jsonl"],
        ]
        for options in optionSets {
            let fast = try await sandbox.runInProcess("tvm-fav", ["list"] + options, environment: ["COLUMNS": "100"])
            let full = try await sandbox.runInProcess(
                "tvm-fav", ["list"] + options + throughArgumentParser, environment: ["COLUMNS": "100"])
            #expect(fast.status == 0 && full.status == 0, "\(options): \(fast.stderr) \(full.stderr)")
            #expect(fast.stdout == full.stdout, "\(options)")
            #expect(fast.stderr == full.stderr, "\(options)")
            #expect(fast.stdout.count > 1_000, "\(options)")
        }
        // A database with no tables yet (an empty file) cannot be read as it is: the fast path hands it over.
        let empty = sandbox.root.appendingPathComponent("empty.sqlite")
        #expect(FileManager.default.createFile(atPath: empty.path, contents: Data()))
        let handed = try await sandbox.runInProcess("tvm-fav", ["list", "--db", empty.path])
        #expect(handed.status == 0 && handed.stdout.isEmpty && handed.stderr.isEmpty, "\(handed.stderr)")
        // A file that is not a database: the fast path hands it over too, and the error and status are the same.
        let junk = sandbox.root.appendingPathComponent("junk.sqlite")
        try Data(repeating: 0x41, count: 4096).write(to: junk)
        let fastJunk = try await sandbox.runInProcess("tvm-fav", ["list", "--db", junk.path])
        let fullJunk = try await sandbox.runInProcess("tvm-fav", ["list", "--db", junk.path] + throughArgumentParser)
        #expect(fastJunk.status == 74 && fastJunk.status == fullJunk.status, "\(fastJunk.stderr)")
        #expect(fastJunk.stderr == fullJunk.stderr && !fastJunk.stderr.isEmpty)
    }

    @Test("list, show and status on a database that does not exist yet print nothing and create nothing")
    func emptyDatabase() async throws {
        let sandbox = try Sandbox()
        let list = try await sandbox.runInProcess("tvm-fav", ["list"])
        #expect(list.status == 0)
        #expect(list.stdout.isEmpty)
        let show = try await sandbox.runInProcess("tvm-fav", ["show", "1"])
        #expect(show.status == 1)
        #expect(show.stderr.contains("show 1 is not a favorite"))
        let status = try await sandbox.runInProcess("tvm-fav", ["status"], stdin: "1\n")
        #expect(status.lines == ["{\"id\":1,\"_tvm\":{\"favorite\":false}}"])
        #expect(!FileManager.default.fileExists(atPath: sandbox.dataHome.path))
    }

    @Test("show prints the saved record, or the detail view of tvm-fetch show; an unknown id exits 1")
    func show() async throws {
        try await withReplay { server, sandbox in
            _ = try await sandbox.runInProcess("tvm-fav", ["add", "--no-episodes", "1"])
            let requests = server.log.count
            let record = try await sandbox.runInProcess("tvm-fav", ["show", "1"])
            #expect(record.status == 0)
            #expect(record.lines == [try recorded("shows/1.json", server)])
            let detail = try await sandbox.runInProcess("tvm-fav", ["show", "1", "--format", "table"])
            // --refresh: the HTTP cache would otherwise answer tvm-fetch from the response tvm-fav add fetched.
            let fetched = try await sandbox.runInProcess("tvm-fetch", ["show", "1", "--format", "table", "--refresh"])
            #expect(detail.stdout == fetched.stdout)
            #expect(detail.stdout.contains("Under the Dome"))
            #expect(detail.stdout.contains("https://www.imdb.com/title/tt1553656"))
            #expect(server.log.count == requests + 1, "only tvm-fetch used the network")
            let missing = try await sandbox.runInProcess("tvm-fav", ["show", "139"])
            #expect(missing.status == 1)
            #expect(missing.stderr.contains("show 139 is not a favorite"))
        }
    }

    @Test("status passes records on with _tvm.favorite added, in every input form")
    func status() async throws {
        try await withReplay { server, sandbox in
            _ = try await sandbox.runInProcess("tvm-fav", ["add", "--no-episodes", "139"])
            let requests = server.log.count
            let page = try Fixtures.elements("shows/page-0.json", baseURL: server.baseURL)
            let search = try Fixtures.elements("search/shows/q=girls.json", baseURL: server.baseURL)
            let stdin = [page[0], search[0], search[1], "139", "{\"id\":2,\"_tvm\":{\"score\":1}}"]
            let result = try await sandbox.runInProcess(
                "tvm-fav", ["status"], stdin: stdin.joined(separator: "\n") + "\n")
            #expect(result.status == 0)
            #expect(
                result.lines == [
                    String(page[0].dropLast()) + ",\"_tvm\":{\"favorite\":false}}",
                    String(search[0].dropLast()) + ",\"_tvm\":{\"favorite\":true}}",
                    String(search[1].dropLast()) + ",\"_tvm\":{\"favorite\":false}}",
                    "{\"id\":139,\"_tvm\":{\"favorite\":true}}",
                    "{\"id\":2,\"_tvm\":{\"score\":1,\"favorite\":false}}",
                ])
            #expect(server.log.count == requests)
            let table = try await sandbox.runInProcess(
                "tvm-fav", ["status", "--format", "table"], stdin: stdin[1] + "\n" + stdin[2])
            #expect(table.lines.count == 3)
            #expect(table.lines[1].hasSuffix("Delete"))
            #expect(table.lines[2].hasSuffix("Favorite"))
        }
    }

    @Test("status on a terminal shows Delete on red for saved shows and Favorite on green for the others")
    func statusColours() async throws {
        try await withReplay { server, sandbox in
            _ = try await sandbox.runInProcess("tvm-fav", ["add", "--no-episodes", "139"])
            let search = try Fixtures.elements("search/shows/q=girls.json", baseURL: server.baseURL)
            let input = try FavSupport.write(Array(search.prefix(2)), named: "search.jsonl", in: sandbox.root)
            let session = try sandbox.terminal("tvm-fav status < \(shellQuoted(input.path))", term: "xterm")
            let (status, screen) = try await session.finish()
            #expect(status == 0)
            #expect(screen.contains("\u{1B}[1;7;31mDelete\u{1B}[0m"))
            #expect(screen.contains("\u{1B}[1;7;32mFavorite\u{1B}[0m"))
            let rows = screen.split(separator: "\n").map(String.init)
            #expect(rows.contains { $0.contains("Girls") && $0.contains("Delete") })
        }
    }

    @Test("refresh fetches every favorite again, saves the new records, reports 404s, keeps those shows and exits 0")
    func refresh() async throws {
        try await withReplay { server, sandbox in
            let stale = try recorded("shows/1.json", server).replacingOccurrences(
                of: "\"name\":\"Under the Dome\"", with: "\"name\":\"Stale name\"")
            let gone = try Fixtures.elements("shows/page-0.json", baseURL: server.baseURL)[1]
            #expect(gone.hasPrefix("{\"id\":2,"))
            _ = try await sandbox.runInProcess("tvm-fav", ["add", "--no-episodes"], stdin: stale + "\n" + gone + "\n")
            let result = try await sandbox.runInProcess("tvm-fav", ["refresh"])
            #expect(result.status == 0)
            #expect(result.lines == [try recorded("shows/1.json", server)])
            #expect(result.stderr.contains("show 2 (\"Person of Interest\") was not found at TVMaze (HTTP 404)"))
            #expect(result.stderr.contains("kept"))
            #expect(server.log.requests.map(\.target) == ["/shows/1", "/shows/1/episodes?specials=1", "/shows/2"])
            let rows = try await FavSupport.sqlite(
                sandbox.favoritesDatabase, "SELECT id, name, record FROM favorite ORDER BY position", in: sandbox)
            #expect(
                rows.lines == [
                    "1|Under the Dome|\(try recorded("shows/1.json", server))", "2|Person of Interest|\(gone)",
                ])
        }
    }

    @Test("--db and TVM_DB choose the database file")
    func databaseLocation() async throws {
        let sandbox = try Sandbox()
        let show = try FavSupport.recordedShows()[0]
        let custom = sandbox.root.appendingPathComponent("elsewhere/my.sqlite")
        let flag = try await sandbox.runInProcess(
            "tvm-fav", ["add", "--no-episodes", "--db", custom.path], stdin: show + "\n")
        #expect(flag.status == 0)
        #expect(FileManager.default.fileExists(atPath: custom.path))
        #expect(!FileManager.default.fileExists(atPath: sandbox.favoritesDatabase.path))
        let viaEnvironment = try await sandbox.runInProcess(
            "tvm-fav", ["list", "--jq", ".id"], environment: ["TVM_DB": custom.path])
        #expect(viaEnvironment.lines == ["1"])
        let flagWins = try await sandbox.runInProcess(
            "tvm-fav", ["list", "--db", sandbox.root.appendingPathComponent("none.sqlite").path],
            environment: ["TVM_DB": custom.path])
        #expect(flagWins.stdout.isEmpty)
    }

    @Test("list, show, status and rm work with the server stopped; add of a full record too")
    func offline() async throws {
        let (server, sandbox) = try await startReplay()
        _ = try await sandbox.runInProcess("tvm-fav", ["add", "--no-episodes", "1", "139"])
        await server.stop()
        let list = try await sandbox.runInProcess("tvm-fav", ["list", "--jq", ".name"])
        #expect(list.status == 0)
        #expect(list.lines == ["Under the Dome", "Girls"])
        let show = try await sandbox.runInProcess("tvm-fav", ["show", "139", "--format", "table"])
        #expect(show.status == 0)
        #expect(show.stdout.contains("Girls"))
        let status = try await sandbox.runInProcess("tvm-fav", ["status", "--jq", "._tvm.favorite"], stdin: "1\n2\n")
        #expect(status.lines == ["true", "false"])
        let page = try FavSupport.recordedShows()
        let add = try await sandbox.runInProcess("tvm-fav", ["add", "--no-episodes"], stdin: page[5] + "\n")
        #expect(add.status == 0)
        let remove = try await sandbox.runInProcess("tvm-fav", ["rm", "--yes", "1"])
        #expect(remove.status == 0)
        #expect(try await sandbox.favoriteIDs() == [139, FavSupport.showID(page[5])])
        let fetch = try await sandbox.runInProcess("tvm-fav", ["add", "--no-episodes", "82", "--retries", "0"])
        #expect(fetch.status == 69)
        #expect(fetch.stderr.contains("An error occurred while fetching data.\n"))
    }
}
