import Foundation
import ReplayServer
import Testing

@Suite("regressions: a million-deep answer, and a password in the API URL")
struct HostileAnswerRegressionTests {
    // Regression (issue 30, low #14): a million-deep `[[[…]]]` answer was printed as show 1 with exit 0.
    @Test("a million-deep [[[…]]] answer to /shows/1 is invalid data (65): nothing printed, cached or saved")
    func millionDeep() async throws {
        let deep = FaultRule(.deepArray(depth: 1_000_000), matching: .exact("/shows/1"))
        try await withReplay(faults: [deep]) { server, sandbox in
            let show = try await sandbox.run("tvm-fetch", ["show", "1"])
            #expect(show.status == 65, "\(show.stderr)")
            #expect(show.stdout.isEmpty)
            #expect(
                show.stderr.contains(
                    "the answer to \(server.baseURL)/shows/1 is not a record with an id (1 was asked); it was not "
                        + "cached or saved"), "\(show.stderr)")
            let add = try await sandbox.run("tvm-fav", ["add", "--no-episodes"], stdin: "1\n")
            #expect(add.status == 65, "\(add.stderr)")
            let list = try await sandbox.run("tvm-fav", ["list"])
            #expect(list.status == 0 && list.stdout.isEmpty, "nothing was saved: \(list.stderr)")
            let offline = try await sandbox.run("tvm-fetch", ["show", "1", "--offline"])
            #expect(offline.status == 69 && offline.stdout.isEmpty, "nothing was cached: \(offline.stderr)")
            #expect(
                offline.stderr.contains("not in the local cache (offline): \(server.baseURL)/shows/1"),
                "\(offline.stderr)")
        }
    }

    // Regression (issue 30, low #14): a password in the API URL was printed in errors and stored in cache keys.
    @Test("a password in the API URL is in no message and no file: failures, answers and the cache")
    func passwordInTheAPIURL() async throws {
        let failing = FaultRule(.serverError(status: 503), matching: .exact("/shows/1"), times: 1)
        try await withReplay(faults: [failing]) { server, sandbox in
            let url = server.baseURL.replacingOccurrences(of: "://", with: "://me:s3cr3t@")
            let failed = try await sandbox.run("tvm-fetch", ["show", "1", "--api-url", url, "--retries", "0"])
            #expect(failed.status == 69)
            #expect(
                failed.stderr.contains("HTTP 503 from the server for \(server.baseURL)/shows/1"), "\(failed.stderr)")
            let answered = try await sandbox.run("tvm-fetch", ["show", "1", "--api-url", url])
            let episodes = try await sandbox.run("tvm-episodes", ["1", "--api-url", url])
            #expect(episodes.status == 0, "\(episodes.stderr)")
            // The credentials still reach the API, as basic authentication, with every request.
            let requests = server.log.requests
            #expect(requests.map(\.target) == ["/shows/1", "/shows/1", "/shows/1?embed=episodes"])
            for request in requests {
                let authorization = request.headers.first { $0.name.lowercased() == "authorization" }?.value
                #expect(authorization == "Basic " + Data("me:s3cr3t".utf8).base64EncodedString(), "\(request.target)")
            }
            for result in [failed, answered, episodes] {
                #expect(!(result.stdout + result.stderr).contains("s3cr3t"), "\(result.stderr)")
            }
            #expect(answered.status == 0, "\(answered.stderr)")
            let files = FileManager.default.enumerator(at: sandbox.root, includingPropertiesForKeys: nil)
            var read = 0
            while let file = files?.nextObject() as? URL {
                guard let bytes = FileManager.default.contents(atPath: file.path) else { continue }
                read += 1
                #expect(bytes.range(of: Data("s3cr3t".utf8)) == nil, "\(file.path)")
            }
            #expect(read > 0, "the cache was written")
        }
    }
}
