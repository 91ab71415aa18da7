import Foundation
import ReplayServer
import Testing

@Suite("The online live search falls back on the catalogue when TVMaze cannot be reached")
struct CatalogFallbackTerminalTests {
    /// Nothing listens on the discard port of the loopback address: every connection is refused.
    static let unreachableAPI = "http://127.0.0.1:9"

    @Test("tvm-search -i without --local answers from the catalogue, and says so, when the API refuses connections")
    func fallsBackWhenUnreachable() async throws {
        let world = try CatalogWorld()
        let (server, sandbox) = try await startCatalogReplay(world)
        #expect(try await sandbox.run("tvm-fetch", ["catalog", "sync"]).status == 0)
        let expected = try await sandbox.run("tvm-search", ["--local", "gir"])
        await server.stop()
        let terminal = try await TmuxTerminal.start(
            "tvm-search -i --retries 0 --api-url \(Self.unreachableAPI)", in: sandbox)
        do {
            try await terminal.waitForScreen { $0.contains("Search shows: ▏") }
            try await terminal.type("gir")
            let screen = try await terminal.waitForScreen { $0.contains("Gilmore Girls") }
            #expect(screen.contains("from the catalogue: TVMaze is unavailable"))
            #expect(!screen.contains("Oops, something went wrong"))
            // The host is now known to be down: the next search goes to the catalogue without asking it again.
            try await terminal.type("l")
            let next = try await terminal.waitForScreen {
                $0.contains("Search shows: girl") && !$0.contains("searching")
            }
            #expect(next.contains("from the catalogue: TVMaze is unavailable"))
            try await terminal.press("BSpace")
            _ = try await terminal.waitForScreen { $0.contains("Search shows: gir▏") && !$0.contains("searching") }
            try await terminal.press("Enter")
            let outcome = try await terminal.outcome()
            #expect(outcome.status == 0)
            #expect(outcome.stdout == expected.lines[0] + "\n")
            #expect(outcome.modesAfter == outcome.modesBefore)
            // Once the interface is gone, stderr says which host was down.
            #expect(outcome.stderr.contains("127.0.0.1:9 cannot be reached"))
        } catch {
            await terminal.stop()
            throw error
        }
        await terminal.stop()
    }

    @Test("without a catalogue, an unreachable API shows the retry dialog as before")
    func noCatalogNoFallback() async throws {
        let sandbox = try Sandbox(apiURL: Self.unreachableAPI)
        let terminal = try await TmuxTerminal.start("tvm-search -i --retries 0", in: sandbox)
        do {
            try await terminal.waitForScreen { $0.contains("Search shows: ▏") }
            try await terminal.type("gir")
            let screen = try await terminal.waitForScreen { $0.contains("Oops, something went wrong") }
            #expect(!screen.contains("from the catalogue"))
            try await terminal.press("Escape")
            #expect(try await terminal.outcome().status == 130)
        } catch {
            await terminal.stop()
            throw error
        }
        await terminal.stop()
    }
}
