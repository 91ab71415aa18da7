import Foundation
import ReplayServer
import Testing

/// `tvm-fav import` and `export` under faults, and what they leave for the next refresh.
@Suite("tvm-fav import: faults, concurrency, the round trip through export, refresh afterwards")
struct ImportFaultTests {
    static let csv = ImportFixtures.path("generic/history.csv")

    @Test("TVMaze cannot be reached: exit 69, the reason given, nothing saved")
    func unreachable() async throws {
        let sandbox = try Sandbox(apiURL: "http://127.0.0.1:9")
        _ = try await sandbox.run("tvm-fav", ["add", "--no-episodes"], stdin: try FavSupport.recordedShows()[0] + "\n")
        let before = try await sandbox.run("tvm-fav", ["list", "--format", "jsonl"]).stdout
        let result = try await sandbox.run("tvm-fav", ["import", Self.csv, "--retries", "0"])
        #expect(result.status == 69, "\(result.stderr)")
        #expect(result.stderr.contains("TVMaze cannot be reached"))
        #expect(result.stderr.contains("nothing was imported; run the same import again later"))
        #expect(try await sandbox.run("tvm-fav", ["list", "--format", "jsonl"]).stdout == before)
        #expect(try await sandbox.run("tvm-fav", ["watched"]).stdout.isEmpty)
    }

    // Regression: one show whose answers kept failing (500) stopped the whole import: 69, nothing saved.
    @Test("one show TVMaze keeps failing for is skipped and named (1); the other shows are imported")
    func oneShowFailing() async throws {
        let failing = FaultRule(.serverError(status: 500), matching: .prefix("/shows/43"), times: nil)
        try await withImportReplay(faults: [failing]) { _, sandbox in
            let rows = """
                tvmaze_id,season,episode,watched_at
                1,1,1,2019-01-01T21:00:00Z
                43,1,1,2019-01-01T21:00:00Z
                2,1,1,2019-01-01T21:00:00Z

                """
            let result = try await sandbox.run(
                "tvm-fav", ["import", "--from", "csv", "-", "--retries", "0"], stdin: rows)
            #expect(result.status == 1, "\(result.stderr)")
            #expect(result.stderr.contains("stdin line 3: no answer from TVMaze: a show (TVMaze 43): "))
            #expect(result.stderr.contains("; import again later"))
            #expect(Set(try await sandbox.favoriteIDs()) == [1, 2])
        }
    }

    @Test("a 429 storm: the import waits, retries and places every row")
    func tooManyRequests() async throws {
        let storm = FaultRule(.tooManyRequests(retryAfter: 1), matching: .prefix("/"), times: 3)
        try await withImportReplay(faults: [storm]) { server, sandbox in
            let result = try await sandbox.run("tvm-fav", ["import", Self.csv], timeout: 120)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(try await sandbox.run("tvm-fav", ["watched"]).lines.count == 3)
            #expect(server.log.requests.filter { $0.status == 429 }.count == 3)
        }
    }

    @Test("kill -9 in the middle of an import: the favorites and marks saved before are all there, nothing else")
    func killed() async throws {
        try await withImportReplay(faults: [FaultRule(.delay(.seconds(30)), matching: .prefix("/shows/43"))]) {
            server, sandbox in
            #expect(try await sandbox.run("tvm-fav", ["watch", "--show", "1", "--season", "1"]).status == 0)
            let marks = try await sandbox.run("tvm-fav", ["watched"]).stdout
            let process = Process()
            process.executableURL = Binaries.url("tvm-fav")
            process.arguments = ["import", Self.csv]
            process.environment = sandbox.environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.runAlone()
            let deadline = ContinuousClock.now + .seconds(30)
            while !server.log.requests.contains(where: { $0.target.hasPrefix("/shows/43") })
                && ContinuousClock.now < deadline
            {
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(process.isRunning)
            kill(process.processIdentifier, SIGKILL)
            while process.isRunning { try await Task.sleep(for: .milliseconds(10)) }
            #expect(try await sandbox.favoriteIDs() == [1])
            #expect(try await sandbox.run("tvm-fav", ["watched"]).stdout == marks)
            let check = try await FavSupport.sqlite(sandbox.favoritesDatabase, "PRAGMA integrity_check", in: sandbox)
            #expect(check.lines == ["ok"])
        }
    }

    @Test("two imports at once: both finish, one after the other, and every mark is saved once")
    func concurrent() async throws {
        try await withImportReplay { _, sandbox in
            async let one = sandbox.run("tvm-fav", ["import", ImportFixtures.path("tvtime")])
            async let two = sandbox.run("tvm-fav", ["import", ImportFixtures.path("variants/trakt-split")])
            let (a, b) = try await (one, two)
            #expect(a.status == 1, "\(a.stderr)")
            #expect(b.status == 0, "\(b.stderr)")
            #expect(Set(try await sandbox.favoriteIDs()) == [1, 2, 43])
            // TV Time's 9 marks, and Trakt's 1x03 and 1x04 of Outlander and Person of Interest.
            #expect(try await sandbox.run("tvm-fav", ["watched"]).lines.count == 13)
        }
    }

    @Test("export --format csv | import --from csv - into a new database: the same favorites and marks")
    func roundTrip() async throws {
        try await withImportReplay { _, sandbox in
            _ = try await sandbox.run("tvm-fav", ["import", ImportFixtures.path("variants/history-quoted.csv")])
            _ = try await sandbox.run("tvm-fav", ["add", "139"])
            let exported = try await sandbox.run("tvm-fav", ["export", "--format", "csv"])
            #expect(exported.status == 0, "\(exported.stderr)")
            #expect(
                exported.lines == [
                    "tvmaze_id,thetvdb_id,imdb_id,show,season,episode,airdate,watched_at",
                    "1,264492,tt1553656,Under the Dome,1,1,2013-06-24,2019-01-01T21:00:00.000Z",
                    "2,248742,tt1839578,Person of Interest,1,5,2011-10-20,2018-11-15T20:00:00.000Z",
                    "43,270408,tt3006802,Outlander,1,4,2014-08-30,",
                    "43,270408,tt3006802,Outlander,1,3,2014-08-23,2018-06-04T00:00:00.000Z",
                    "139,220411,tt1723816,Girls,,,,",
                ])
            let other = sandbox.root.appendingPathComponent("other.sqlite").path
            let imported = try await sandbox.run(
                "tvm-fav", ["import", "--from", "csv", "-", "--db", other], stdin: exported.stdout)
            #expect(imported.status == 0, "\(imported.stderr)")
            #expect(try await sandbox.favoriteIDs(["--db", other]) == (try await sandbox.favoriteIDs()))
            #expect(
                try await sandbox.run("tvm-fav", ["watched", "--db", other]).stdout
                    == (try await sandbox.run("tvm-fav", ["watched"]).stdout))
            let jsonl = try await sandbox.run("tvm-fav", ["export", "--jq", "select(.show == \"Girls\")"])
            #expect(
                jsonl.lines == [
                    #"{"tvmaze_id":139,"thetvdb_id":220411,"imdb_id":"tt1723816","show":"Girls","season":null,"episode":null,"airdate":null,"watched_at":null}"#
                ])
        }
    }

    @Test("export | import -, as JSON Lines and as --format json's array: the same favorites and marks")
    func roundTripJSONLines() async throws {
        try await withImportReplay { _, sandbox in
            _ = try await sandbox.run("tvm-fav", ["import", ImportFixtures.path("variants/history-quoted.csv")])
            _ = try await sandbox.run("tvm-fav", ["add", "139"])
            let exported = try await sandbox.run("tvm-fav", ["export"])
            #expect(exported.status == 0, "\(exported.stderr)")
            #expect(exported.lines.count == 5)
            // Regression: the array --format json prints was taken for a Trakt history, every row refused.
            let array = try await sandbox.run("tvm-fav", ["export", "--format", "json"])
            #expect(array.stdout.hasPrefix("[\n"))
            for (name, text) in [("other", exported.stdout), ("array", array.stdout)] {
                let other = sandbox.root.appendingPathComponent("\(name).sqlite").path
                let imported = try await sandbox.run("tvm-fav", ["import", "-", "--db", other], stdin: text)
                #expect(imported.status == 0, "\(name): \(imported.stderr)")
                #expect(try await sandbox.favoriteIDs(["--db", other]) == (try await sandbox.favoriteIDs()))
                #expect(
                    try await sandbox.run("tvm-fav", ["watched", "--db", other]).stdout
                        == (try await sandbox.run("tvm-fav", ["watched"]).stdout))
            }
        }
    }

    @Test("a JSON Lines row that cannot be read keeps its text in --unmatched's original, and is counted")
    func unreadableJSONLinesRows() async throws {
        try await withImportReplay { _, sandbox in
            let unmatched = sandbox.root.appendingPathComponent("u.csv").path
            let result = try await sandbox.run(
                "tvm-fav", ["import", "-", "--unmatched", unmatched],
                stdin: "{\"tvmaze_id\":1,\"season\":1,\"episode\":1}\r\n{\"tvmaze_id\": 2, bad\r\n[1,2]\n")
            #expect(result.status == 1, "\(result.stderr)")
            #expect(result.stderr.contains("; 2 rows skipped: 2 unreadable rows\n"), "\(result.stderr)")
            let rows = try String(contentsOfFile: unmatched, encoding: .utf8).split(whereSeparator: \.isNewline)
            #expect(rows.count == 3)
            #expect(rows.dropFirst().map { $0.hasPrefix(",,,,,,,stdin,") } == [true, true], "\(rows)")
            #expect(rows[1].hasSuffix(#","{""tvmaze_id"": 2, bad""#), "\(rows[1])")
            #expect(rows[2].hasSuffix(#","[1,2]""#), "\(rows[2])")
        }
    }

    @Test("with a synced show catalogue, a show costs one request: its episode list")
    func syncedCatalogue() async throws {
        try await withImportReplay { server, sandbox in
            #expect(try await sandbox.run("tvm-fetch", ["catalog", "sync"]).status == 0)
            let before = server.log.requests.count
            let result = try await sandbox.run("tvm-fav", ["import", ImportFixtures.path("tvtime")])
            #expect(result.status == 1, "\(result.stderr)")
            #expect(try await sandbox.favoriteIDs() == [1, 2, 43])
            #expect(try await sandbox.run("tvm-fav", ["watched"]).lines.count == 9)
            // One request a show placed (its episodes); the show the catalogue lacks costs its lookup.
            #expect(
                server.log.requests[before...].map(\.target).sorted() == [
                    "/lookup/shows?thetvdb=999999", "/shows/1/episodes?specials=1", "/shows/2/episodes?specials=1",
                    "/shows/43/episodes?specials=1",
                ])
        }
    }

    @Test("after add or import, refresh asks only what changed: one request for the updates list")
    func refreshAfterAddAndImport() async throws {
        let world = try ChangesWorld()
        let dome = try ChangesWorld.underTheDome()
        world.shows[1] = dome.show
        world.episodes[1] = dome.episodes
        world.updates[1] = dome.show["updated"] as? Int ?? 0
        try world.write()
        try await world.serve { server, sandbox in
            #expect(try await sandbox.run("tvm-fav", ["add", "1"]).status == 0)
            var before = server.log.requests.count
            let refreshed = try await sandbox.run("tvm-fav", ["refresh"])
            #expect(refreshed.status == 0, "\(refreshed.stderr)")
            #expect(server.log.requests[before...].map(\.target) == ["/updates/shows?since=day"])

            let other = sandbox.root.appendingPathComponent("other.sqlite").path
            let imported = try await sandbox.run(
                "tvm-fav", ["import", "--from", "csv", "-", "--db", other], stdin: "tvmaze_id,season,episode\n1,1,1\n")
            #expect(imported.status == 0, "\(imported.stderr)")
            #expect(server.log.requests.count - before - 1 <= 3)
            before = server.log.requests.count
            #expect(try await sandbox.run("tvm-fav", ["refresh", "--db", other]).status == 0)
            #expect(server.log.requests[before...].map(\.target) == ["/updates/shows?since=day"])
        }
    }
}
