import Foundation
import ReplayServer
import Testing

/// Issue 30, #14: `tvm-fav watch` with many unknown episode ids cost one paced request each.
@Suite("regressions: watch resolves many episodes of a show with one list request")
struct WatchManyIdsTests {
    @Test(
        "tvm-fav watch with many unknown episode ids cost one paced request each: marks of one show cost the show and its list"
    )
    func manyUnknownIdsOfOneShow() async throws {
        try await withReplay { server, sandbox in
            sandbox.extraEnvironment["TVM_NOW"] = WatchCommandTests.now
            let ids = Array(1...13)
            let marks = ids.map { #"{"episode":\#($0),"show":1,"watched_at":null}"# }.joined(separator: "\n")
            let result = try await sandbox.runInProcess("tvm-fav", ["watch", "--jq", ".id"], stdin: marks + "\n")
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.lines == ids.map(String.init))
            // The show's list resolves all thirteen: no request per episode.
            let targets = server.log.requests.map(\.target)
            #expect(server.log.count(matching: .prefix("/episodes/")) == 0, "\(targets)")
            #expect(server.log.count(matching: .exact("/shows/1")) == 1, "\(targets)")
            #expect(server.log.count(matching: .prefix("/shows/1/episodes")) == 1, "\(targets)")
            // Stored now: the same marks again ask nothing.
            let again = try await sandbox.runInProcess("tvm-fav", ["watch", "--jq", ".id"], stdin: marks + "\n")
            #expect(again.status == 0)
            #expect(server.log.count == targets.count)
        }
    }
}
