import Foundation
import ReplayServer
import Testing

extension RealTimeTests {
    // Regression (issue 30 #6): a chunked body sending one byte every half second, with `--timeout 2 --retries 0`,
    // was still running after 45 s: every byte reset the idle timeout.
    @Test("a slow-drip answer hung forever: each request now ends at twice --timeout, retries included")
    func slowDrip() async throws {
        try await withReplay(faults: [FaultRule(.drip(every: .milliseconds(300)), matching: .exact("/shows/1"))]) {
            server, sandbox in
            let start = ContinuousClock.now
            let once = try await sandbox.run(
                "tvm-fetch", ["show", "1", "--timeout", "2", "--retries", "0"], timeout: 60)
            let elapsed = ContinuousClock.now - start
            #expect(once.status == 75, "\(once.stderr)")
            #expect(once.stdout.isEmpty)
            #expect(
                once.stderr.contains("sent no complete answer within 4 s (twice --timeout)"), "\(once.stderr)")
            // 4 s of deadline; the whole body would take over ten minutes.
            #expect(elapsed < .seconds(15), "\(elapsed)")
            #expect(server.log.count == 1)

            server.log.removeAll()
            let retried = try await sandbox.run(
                "tvm-fetch", ["show", "1", "--timeout", "1", "--retries", "1"], timeout: 60)
            #expect(retried.status == 75, "\(retried.stderr)")
            #expect(retried.stderr.contains("within 2 s"), "\(retried.stderr)")
            #expect(server.log.count == 2)
        }
    }

    // Regression: index pages now stream element by element; a page dripping in must still end at the deadline.
    @Test("a slow-drip index page ends at twice --timeout too, for tvm-fetch shows and catalog sync")
    func slowDripPage() async throws {
        try await withReplay(faults: [
            FaultRule(.drip(every: .milliseconds(300)), matching: .exact("/shows?page=0"))
        ]) { server, sandbox in
            for arguments in [["shows", "--page", "0"], ["catalog", "sync"]] {
                let start = ContinuousClock.now
                let result = try await sandbox.run(
                    "tvm-fetch", arguments + ["--timeout", "2", "--retries", "0"], timeout: 60)
                let elapsed = ContinuousClock.now - start
                #expect(result.status != 0, "\(arguments): \(result.stderr)")
                #expect(
                    result.stderr.contains("sent no complete answer within 4 s (twice --timeout)"),
                    "\(arguments): \(result.stderr)")
                #expect(elapsed < .seconds(15), "\(arguments): \(elapsed)")
            }
            #expect(server.log.count(matching: .exact("/shows?page=0")) == 2)
        }
    }
}
