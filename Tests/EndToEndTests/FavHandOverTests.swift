import Foundation
import Testing

/// tvm-fav is built without the network stack; `add` and `refresh` are handed to tvm-fetch, started as `tvm-fav`
/// (see Sources/FavoriteCommands/FavoritesNetwork.swift). These tests pin that design down.
@Suite("tvm-fav hands add and refresh to tvm-fetch")
struct FavHandOverTests {
    /// A folder holding only a copy of tvm-fav, and an environment whose PATH has no tvm tool.
    private func loneFav(_ sandbox: Sandbox) throws -> (URL, [String: String]) {
        let folder = sandbox.root.appendingPathComponent("lone-bin")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let copy = folder.appendingPathComponent("tvm-fav")
        try FileManager.default.copyItem(at: Binaries.url("tvm-fav"), to: copy)
        var environment = sandbox.environment
        environment["PATH"] = "/usr/bin:/bin"
        return (copy, environment)
    }

    @Test("the tvm-fav binary carries no network stack: no AsyncHTTPClient, NIO or BoringSSL code")
    func noNetworkStack() throws {
        let binary = try Data(contentsOf: Binaries.url("tvm-fav"))
        for module in ["15AsyncHTTPClient", "7NIOCore", "CNIOBoringSSL_SSL_new"] {
            #expect(binary.range(of: Data(module.utf8)) == nil, "tvm-fav contains \(module)")
        }
        let fetch = try Data(contentsOf: Binaries.url("tvm-fetch"))
        #expect(fetch.range(of: Data("15AsyncHTTPClient".utf8)) != nil, "the probe would find the stack in tvm-fetch")
    }

    @Test("without tvm-fetch next to it or on PATH, add and refresh say what to do and exit 69; list still works")
    func missingFetch() async throws {
        let sandbox = try Sandbox()
        let (fav, environment) = try loneFav(sandbox)
        let record = String(decoding: Fixtures.compact(try Fixtures.data("shows/1.json")), as: UTF8.self)
        for arguments in [["add"], ["refresh"]] {
            let result = try await Sandbox.run(
                executable: fav, arguments: arguments, stdin: Array((record + "\n").utf8), environment: environment,
                directory: sandbox.root, timeout: 60)
            #expect(result.status == 69, "\(arguments): \(result.stderr)")
            #expect(
                result.stderr.contains("tvm-fetch, which was found neither next to tvm-fav nor on PATH"),
                "\(arguments): \(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
        let listed = try await Sandbox.run(
            executable: fav, arguments: ["list"], stdin: nil, environment: environment, directory: sandbox.root,
            timeout: 60)
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.isEmpty && listed.stderr.isEmpty)
    }

    @Test("with tvm-fetch only on PATH, add runs through it: the record is saved and printed, as tvm-fav")
    func fetchOnPath() async throws {
        let sandbox = try Sandbox()
        let (fav, lone) = try loneFav(sandbox)
        var environment = lone
        environment["PATH"] = Binaries.directory.path + ":/usr/bin:/bin"
        let record = String(decoding: Fixtures.compact(try Fixtures.data("shows/1.json")), as: UTF8.self)
        let added = try await Sandbox.run(
            executable: fav, arguments: ["add", "--jq", ".name"], stdin: Array((record + "\n").utf8),
            environment: environment, directory: sandbox.root, timeout: 60)
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout == "Under the Dome\n")
        #expect(added.stderr.isEmpty)
        let listed = try await Sandbox.run(
            executable: fav, arguments: ["list", "--jq", ".id"], stdin: nil, environment: environment,
            directory: sandbox.root, timeout: 60)
        #expect(listed.stdout == "1\n", "\(listed.stderr)")
    }

    @Test("a usage error is reported by tvm-fav itself, before any hand-over")
    func usageErrorStaysInFav() async throws {
        let sandbox = try Sandbox()
        let (fav, environment) = try loneFav(sandbox)
        let result = try await Sandbox.run(
            executable: fav, arguments: ["add", "0"], stdin: nil, environment: environment, directory: sandbox.root,
            timeout: 60)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("'0' is not a show id"), "\(result.stderr)")
    }
}
