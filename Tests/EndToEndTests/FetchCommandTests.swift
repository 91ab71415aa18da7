import Foundation
import ReplayServer
import Testing

@Suite("tvm-fetch subcommands against the replay server")
struct FetchCommandTests {
    @Test("shows prints page 0 exactly as recorded, one compact record per line")
    func showsPageZero() async throws {
        try await withReplay { server, sandbox in
            let result = try await sandbox.runInProcess("tvm-fetch", ["shows", "--page", "0"])
            #expect(result.status == 0)
            let expected = try Fixtures.elements("shows/page-0.json", baseURL: server.baseURL)
            #expect(expected.count == 240)
            #expect(result.lines == expected)
            let targets = server.log.requests.map(\.target)
            #expect(Self.folded(targets, stderr: result.stderr) == ["/shows?page=0"], "\(targets)\n\(result.stderr)")
        }
    }

    /// The targets asked, each asked again at once folded into one; `nil` when the run's stderr says anything but
    /// its retries. On a loaded machine a 350 KB page can outlast --timeout and be asked again, which is the
    /// client working; a run with no retry must have said nothing at all.
    static func folded(_ targets: [String], stderr: String) -> [String]? {
        let once = targets.enumerated().filter { $0.offset == 0 || targets[$0.offset - 1] != $0.element }.map(\.element)
        let notes = stderr.split(separator: "\n")
        let retried = once.count < targets.count
        guard retried ? notes.allSatisfy({ $0.contains("retrying in") }) : notes.isEmpty else { return nil }
        return once
    }

    @Test("shows --all walks pages from --page until the 404 and prints every page")
    func showsAll() async throws {
        try await withReplay { server, sandbox in
            let result = try await sandbox.runInProcess("tvm-fetch", ["shows", "--all", "--page", "1"])
            #expect(result.status == 0)
            let expected =
                try Fixtures.elements("shows/page-1.json", baseURL: server.baseURL)
                + Fixtures.elements("shows/page-2.json", baseURL: server.baseURL)
            #expect(result.lines.count == 245 + 242)
            #expect(result.lines == expected)
            let targets = server.log.requests.map(\.target)
            #expect(
                Self.folded(targets, stderr: result.stderr) == ["/shows?page=1", "/shows?page=2", "/shows?page=3"],
                "\(targets)\n\(result.stderr)")
        }
    }

    @Test("a page past the end of the index, without --all, exits 1")
    func showsPastTheEnd() async throws {
        try await withReplay { _, sandbox in
            let result = try await sandbox.runInProcess("tvm-fetch", ["shows", "--page", "3"])
            #expect(result.status == 1)
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.contains("tvm-fetch: error: not found"))
        }
    }

    @Test("show prints each id's record unchanged, and a missing id exits 1 after the others")
    func showByID() async throws {
        try await withReplay { server, sandbox in
            let result = try await sandbox.runInProcess("tvm-fetch", ["show", "1", "99999999", "139"])
            #expect(result.status == 1)
            let one = Fixtures.rewrite(
                String(decoding: Fixtures.compact(try Fixtures.data("shows/1.json")), as: UTF8.self),
                baseURL: server.baseURL)
            let girls = Fixtures.rewrite(
                String(decoding: Fixtures.compact(try Fixtures.data("shows/139.json")), as: UTF8.self),
                baseURL: server.baseURL)
            #expect(result.lines == [one, girls])
            #expect(result.stderr.contains("tvm-fetch: error: show 99999999 not found"))
        }
    }

    @Test("show --embed asks for the embed and passes _embedded through")
    func showEmbed() async throws {
        try await withReplay { server, sandbox in
            let result = try await sandbox.runInProcess("tvm-fetch", ["show", "1", "--embed", "cast"])
            #expect(result.status == 0)
            let expected = Fixtures.rewrite(
                String(decoding: Fixtures.compact(try Fixtures.data("shows/1/embed=cast.json")), as: UTF8.self),
                baseURL: server.baseURL)
            #expect(result.lines == [expected])
            #expect(server.log.requests.map(\.target) == ["/shows/1?embed=cast"])

            let two = try await sandbox.runInProcess("tvm-fetch", ["show", "--embed", "cast,episodes", "1"])
            #expect(server.log.requests.last?.target == "/shows/1?embed%5B%5D=cast&embed%5B%5D=episodes")
            #expect(two.status == 1)  // not recorded: a 404 at the replay server
        }
    }

    @Test("seasons, cast and crew print one element per line")
    func showLists() async throws {
        try await withReplay { server, sandbox in
            for (command, file, count) in [
                ("seasons", "shows/1/seasons.json", 3), ("cast", "shows/1/cast.json", 15),
                ("crew", "shows/1/crew.json", 27),
            ] {
                let result = try await sandbox.runInProcess("tvm-fetch", [command, "1"])
                #expect(result.status == 0, "\(command)")
                #expect(result.lines == (try Fixtures.elements(file, baseURL: server.baseURL)), "\(command)")
                #expect(result.lines.count == count)
            }
        }
    }

    @Test("updates prints one {id, updated} line per show, in TVMaze's order")
    func updates() async throws {
        try await withReplay { server, sandbox in
            let result = try await sandbox.runInProcess("tvm-fetch", ["updates"])
            #expect(result.status == 0)
            #expect(result.stderr.isEmpty)
            // The recording is one flat object, "ID":TIMESTAMP members in TVMaze's order: one line each, in that
            // order. Split by hand, as Foundation's dictionaries do not keep the order.
            let members = String(decoding: Fixtures.compact(try Fixtures.data("updates/shows.json")), as: UTF8.self)
                .dropFirst().dropLast().split(separator: ",")
            let expected = try members.map { member in
                let parts = member.split(separator: ":")
                try #require(parts.count == 2 && parts[0].hasPrefix("\"") && parts[0].hasSuffix("\""), "\(member)")
                return "{\"id\":\(parts[0].dropFirst().dropLast()),\"updated\":\(parts[1])}"
            }
            #expect(expected.count == 25128)
            #expect(result.lines == expected)
            let since = try await sandbox.runInProcess("tvm-fetch", ["updates", "--since", "week"])
            #expect(server.log.requests.last?.target == "/updates/shows?since=week")
            #expect(since.status == 1)  // not recorded
        }
    }

    @Test("schedule sends country and date, and a country that is not ISO 3166's is a usage error")
    func schedule() async throws {
        try await withReplay { server, sandbox in
            let result = try await sandbox.runInProcess(
                "tvm-fetch", ["schedule", "--country", "US", "--date", "2019-01-19"])
            #expect(result.status == 0)
            #expect(result.lines.count == 37)
            #expect(server.log.requests.last?.target == "/schedule?country=US&date=2019-01-19")
            // UK is refused before any request, with the code to use (issue 16); TVMaze would answer 422.
            let requests = server.log.requests.count
            let rejected = try await sandbox.runInProcess("tvm-fetch", ["schedule", "--country", "UK"])
            #expect(rejected.status == 64)
            #expect(rejected.stderr.contains("use --country GB"))
            #expect(server.log.requests.count == requests)
        }
    }
}
