import Foundation
import ReplayServer
import Testing

/// Issue 16: output for every pipeline: csv and tsv, `--fields`, `--limit`, tables from `--jq` objects, JSON arrays.
@Suite("Output formats: csv, tsv, --fields, --limit, JSON arrays, tables of --jq objects")
struct OutputFormatsTests {
    /// Show records whose names and networks need CSV quoting: commas, quotes, newlines, non-ASCII.
    static let awkwardShows = [
        #"{"id":901,"name":"Law, Order \"SVU\"","premiered":"1999-09-20","network":{"name":"NBC, Inc."},"genres":["Crime","Drama"],"rating":{"average":7.5},"status":"Running"}"#,
        #"{"id":902,"name":"Pokémon: Kröd Mändoon","premiered":"1997-04-01","network":{"name":"TV Tōkyō"},"genres":[],"rating":{"average":null},"status":"Ended"}"#,
        #"{"id":903,"name":"Two\nLines\tand a \\ backslash","premiered":null,"network":null,"genres":["Comedy"],"rating":null,"status":"Ended"}"#,
    ]

    /// Reads CSV or TSV back with Python's csv module and returns the rows as JSON.
    static func readBack(_ text: String, delimiter: String, in sandbox: Sandbox) async throws -> [[String]] {
        let script = """
            import csv, json, sys
            print(json.dumps(list(csv.reader(sys.stdin, delimiter=sys.argv[1]))))
            """
        let result = try await Sandbox.run(
            executable: URL(fileURLWithPath: "/usr/bin/python3"), arguments: ["-c", script, delimiter],
            stdin: Array(text.utf8), environment: sandbox.environment, directory: sandbox.root, timeout: 60)
        #expect(result.status == 0, "python's csv reader failed: \(result.stderr)")
        return try JSONDecoder().decode([[String]].self, from: Data(result.stdout.utf8))
    }

    @Test("a real CSV reader reads back exactly what --format csv wrote: commas, quotes, newlines, non-ASCII")
    func csvReadsBack() async throws {
        let sandbox = try Sandbox()
        let input = Self.awkwardShows.joined(separator: "\n") + "\n"
        let result = try await sandbox.runInProcess(
            "tvm-fav", ["status", "--format", "csv", "--fields", "id,name,network.name,genres,rating.average"],
            stdin: input)
        #expect(result.status == 0, "\(result.stderr)")
        let rows = try await Self.readBack(result.stdout, delimiter: ",", in: sandbox)
        #expect(
            rows == [
                ["id", "name", "network.name", "genres", "rating.average"],
                ["901", #"Law, Order "SVU""#, "NBC, Inc.", "Crime, Drama", "7.5"],
                ["902", "Pokémon: Kröd Mändoon", "TV Tōkyō", "", ""],
                ["903", "Two\nLines\tand a \\ backslash", "", "Comedy", ""],
            ])
    }

    @Test("--fields with --format json keeps just those fields in each element of the array")
    func fieldsProjectJSON() async throws {
        try await withReplay { _, sandbox in
            let json = try await sandbox.runInProcess(
                "tvm-fetch", ["shows", "--page", "0", "-n", "2", "--fields", "id", "--format", "json"])
            let parsed = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Int]]
            #expect(parsed == [["id": 1], ["id": 2]])
        }
    }

    @Test("--format json with --jq is one array of the filter's outputs")
    func jsonArrayOfFilterOutputs() async throws {
        try await withReplay { _, sandbox in
            let result = try await sandbox.runInProcess(
                "tvm-fetch", ["shows", "--page", "0", "-n", "3", "--jq", ".name", "--format", "json"])
            #expect(result.status == 0)
            let parsed = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String]
            #expect(parsed == ["Under the Dome", "Person of Interest", "Bitten"])
        }
    }

    @Test("tvm-fav list --format json with no database yet prints [], as with an empty one")
    func emptyFavoritesAsJSON() async throws {
        let sandbox = try Sandbox()
        for arguments in [["list", "--format", "json"], ["list", "--format", "json", "--jq", "."]] {
            let result = try await sandbox.runInProcess("tvm-fav", arguments)
            #expect(result.status == 0)
            #expect(result.stdout == "[]\n", "\(arguments)")
        }
        #expect(!FileManager.default.fileExists(atPath: sandbox.favoritesDatabase.path))
    }

    @Test("-n/--limit stops after N records and asks for no more pages than they need")
    func limitStopsRequests() async throws {
        try await withReplay(syntheticPages: 3) { server, sandbox in
            let result = try await sandbox.runInProcess("tvm-fetch", ["shows", "--all", "-n", "10"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.lines.count == 10)
            // Page 0 may be asked twice when a loaded machine makes the first attempt time out; page 1, never.
            #expect(server.log.count(matching: .exact("/shows?page=0")) >= 1)
            #expect(
                server.log.count(matching: .exact("/shows?page=1")) == 0,
                "\(server.log.requests.map { "\($0.target) \($0.outcome)" })")
            let filtered = try await sandbox.runInProcess(
                "tvm-fetch", ["shows", "--all", "--limit", "3", "--jq", ".id"])
            #expect(filtered.lines == ["1", "2", "3"])
            let shows = try await sandbox.runInProcess(
                "tvm-fetch", ["show", "-n", "2", "--jq", ".id"], stdin: "1\n139\n43\n")
            #expect(shows.lines == ["1", "139"])
            #expect(server.log.count(matching: .exact("/shows/43")) == 0)
            let negative = try await sandbox.runInProcess("tvm-fetch", ["shows", "-n", "-1"])
            #expect(negative.status == 64)
        }
    }

    @Test("tvm-img --format table honours the format: id, name and poster path")
    func imgTable() async throws {
        try await withReplay { _, sandbox in
            let result = try await sandbox.runInProcess(
                "tvm-img", ["1", "--format", "table", "--no-color"], environment: ["COLUMNS": "300"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.lines.first?.split(separator: " ").map(String.init) == ["ID", "NAME", "IMAGE"])
            #expect(result.lines.count == 2)
            #expect(result.lines.last?.contains("Under the Dome") == true)
            #expect(result.lines.last?.contains(".jpg") == true)
        }
    }
}
