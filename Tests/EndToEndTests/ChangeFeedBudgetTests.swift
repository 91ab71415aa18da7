import Foundation
import ReplayServer
import Testing

/// The cost of a daily refresh (issue 19): 100 favorites, 5 changed, at most 1 + 5 requests at the server.
@Suite("Change feed request budget", .serialized)
struct ChangeFeedBudgetTests {
    static let ids = Array(5001...5100)
    static let changed = [5010, 5030, 5050, 5070, 5090]

    /// 100 favorites, real show records with new ids, each without episodes, refreshed by a refresh on
    /// 2024-03-01 08:00; then 5 of them changed at TVMaze (a new episode each, and 5030 renamed).
    ///
    /// The previous refresh is set in the database rather than run: fetching 100 shows whole is 200 requests,
    /// 90 seconds at TVMaze's pace of 20 every 10 seconds.
    static func world() async throws -> (ChangesWorld, [String]) {
        let world = try ChangesWorld()
        var lines: [String] = []
        for (index, text) in try FavSupport.manyShows(count: ids.count, firstID: ids[0]).enumerated() {
            var show = try EpisodeFixtures.object(text)
            show["updated"] = 1_700_000_000
            world.shows[ids[index]] = show
            world.episodes[ids[index]] = []
            world.updates[ids[index]] = 1_700_000_000
            lines.append(String(decoding: try JSONSerialization.data(withJSONObject: show), as: UTF8.self))
        }
        // Other shows TVMaze changed that are not favorites.
        for other in 1...50 { world.updates[other] = 1_700_040_000 }
        try world.write()
        return (world, lines)
    }

    static func prepare(_ sandbox: Sandbox, lines: [String]) async throws {
        sandbox.extraEnvironment["TVM_NOW"] = "2024-03-01T08:00:00Z"
        let added = try await sandbox.run("tvm-fav", ["add", "--no-episodes"], stdin: lines.joined(separator: "\n"))
        #expect(added.status == 0, "\(added.stderr)")
        let stamp = "'2024-03-01 08:00:00.000'"
        _ = try await FavSupport.sqlite(
            sandbox.favoritesDatabase, "UPDATE favorite SET checked_at = \(stamp), episodes_at = \(stamp)", in: sandbox)
    }

    static func change(_ world: ChangesWorld) throws {
        for id in changed {
            world.shows[id]?["updated"] = 1_700_050_000
            world.updates[id] = 1_700_050_000
            world.episodes[id] = [
                [
                    "id": id * 10 + 1, "name": "Episode of \(id)", "season": 1, "number": 1, "type": "regular",
                    "airdate": "2024-03-10", "airtime": "21:00", "airstamp": "2024-03-11T02:00:00+00:00",
                ]
            ]
        }
        world.shows[5030]?["name"] = "A New Name"
        try world.write()
    }

    static func feed(_ sandbox: Sandbox) async throws -> [String] {
        try await sandbox.run("tvm-fav", ["changes", "--jq", #""\(.event) \(.show.id)""#]).lines
    }

    @Test("a daily refresh of 100 favorites, 5 of them changed, sends 1 + 5 requests and records their changes")
    func dailyBudget() async throws {
        let (world, lines) = try await Self.world()
        try await world.serve { server, sandbox in
            try await Self.prepare(sandbox, lines: lines)
            try Self.change(world)
            server.reloadFixtures()
            sandbox.extraEnvironment["TVM_NOW"] = "2024-03-02T04:00:00Z"
            let before = server.targets.count
            let refreshed = try await sandbox.run("tvm-fav", ["refresh", "--jq", ".id"])
            #expect(refreshed.status == 0, "\(refreshed.stderr)")
            #expect(refreshed.lines == Self.changed.map(String.init))
            let sent = Array(server.targets[before...])
            #expect(sent.count == 6)
            #expect(sent.first == "/updates/shows?since=day")
            #expect(Set(sent.dropFirst()) == Set(Self.changed.map { "/shows/\($0)?embed=episodes" }))
            // Each new episode is the first of its season (the shows had none).
            #expect(
                try await Self.feed(sandbox)
                    == Self.changed.flatMap { id in
                        (id == 5030 ? ["renamed \(id)"] : []) + ["season_announced \(id)", "episode_announced \(id)"]
                    })
            // The next day, nothing changed: one request.
            sandbox.extraEnvironment["TVM_NOW"] = "2024-03-03T04:00:00Z"
            let quiet = try await sandbox.run("tvm-fav", ["refresh", "--quiet"])
            #expect(quiet.status == 0, "\(quiet.stderr)")
            #expect(quiet.stdout.isEmpty)
            #expect(quiet.stderr.isEmpty)
            #expect(server.targets.count == before + 7)
            #expect(try await Self.feed(sandbox).count == 11)
        }
    }

    /// The changed world on the second day, where show 5050's next fetch answers 503.
    private static func withOneFailingShow(_ body: (ReplayServer, Sandbox) async throws -> Void) async throws {
        let (world, lines) = try await Self.world()
        let fault = FaultRule(.serverError(status: 503), matching: .prefix("/shows/5050?"), times: 1)
        try await world.serve(faults: [fault]) { server, sandbox in
            try await Self.prepare(sandbox, lines: lines)
            try Self.change(world)
            server.reloadFixtures()
            sandbox.extraEnvironment["TVM_NOW"] = "2024-03-02T04:00:00Z"
            try await body(server, sandbox)
        }
    }

    // With -n 1 the failure went unsaid and the run exited 0: the limit's stop skipped the report.
    @Test("refresh -n 1 shortens the list only: every change is saved, the failed show is named, exit 3")
    func limitedRefresh() async throws {
        try await Self.withOneFailingShow { _, sandbox in
            let failed = try await sandbox.run("tvm-fav", ["refresh", "--retries", "0", "--jq", ".id", "-n", "1"])
            #expect(failed.status == 3, "\(failed.stderr)")
            #expect(failed.lines == ["5010"])
            #expect(failed.stderr.contains("show 5050 ("), "\(failed.stderr)")
            #expect(failed.stderr.contains("1 favorite was not refreshed in full"))
            #expect(try await Self.feed(sandbox).count == 11 - 2, "every other show's changes were saved")
        }
    }

    @Test("a 5xx for one show mid-refresh: the others' changes are recorded, it is named, the next refresh catches up")
    func partialFailure() async throws {
        try await Self.withOneFailingShow { server, sandbox in
            let failed = try await sandbox.run("tvm-fav", ["refresh", "--retries", "0", "--jq", ".id"])
            #expect(failed.status == 3)
            #expect(failed.lines == ["5010", "5030", "5070", "5090"])
            #expect(failed.stderr.contains("show 5050 ("))
            #expect(failed.stderr.contains("HTTP 503"))
            #expect(failed.stderr.contains("1 favorite was not refreshed in full"))
            #expect(!failed.stderr.contains("show 5010"))
            #expect(
                try await Self.feed(sandbox)
                    == Self.changed.filter { $0 != 5050 }.flatMap { id in
                        (id == 5030 ? ["renamed \(id)"] : []) + ["season_announced \(id)", "episode_announced \(id)"]
                    })
            sandbox.extraEnvironment["TVM_NOW"] = "2024-03-02T05:00:00Z"
            let before = server.targets.count
            let again = try await sandbox.run("tvm-fav", ["refresh", "--jq", ".id"])
            #expect(again.status == 0, "\(again.stderr)")
            #expect(again.lines == ["5050"])
            #expect(Array(server.targets[before...]) == ["/updates/shows?since=day", "/shows/5050?embed=episodes"])
            let feed = try await Self.feed(sandbox)
            #expect(feed.count == 11)
            #expect(feed.last == "episode_announced 5050")
        }
    }
}
