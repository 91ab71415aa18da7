import Foundation
import ReplayServer
import Testing

@Suite("The catalogue on a terminal, and a sync killed midway")
struct CatalogTerminalTests {
    @Test("tvm-search -i --local answers each keystroke from the catalogue, with the server stopped")
    func liveLocalSearch() async throws {
        let world = try CatalogWorld()
        let (server, sandbox) = try await startCatalogReplay(world)
        #expect(try await sandbox.run("tvm-fetch", ["catalog", "sync"]).status == 0)
        let expected = try await sandbox.run("tvm-search", ["--local", "gir"])
        await server.stop()
        let terminal = try await TmuxTerminal.start("tvm-search -i --local", in: sandbox)
        do {
            try await terminal.waitForScreen { $0.contains("Search shows: ▏") }
            try await terminal.type("gir")
            // A prefix of the word finds the shows as it is typed; no debounce, no network.
            let screen = try await terminal.waitForScreen { $0.contains("Gilmore Girls") }
            #expect(screen.contains("Girls"))
            try await terminal.press("Enter")
            let outcome = try await terminal.outcome()
            #expect(outcome.status == 0)
            #expect(outcome.stdout == expected.lines[0] + "\n")
            #expect(outcome.modesAfter == outcome.modesBefore)
        } catch {
            await terminal.stop()
            throw error
        }
        await terminal.stop()
    }

    @Test("a first sync on a terminal shows pages, shows, the time spent and the time left")
    func progressLine() async throws {
        let world = try CatalogWorld()
        let (server, sandbox) = try await startCatalogReplay(world)
        defer { Task { await server.stop() } }
        let terminal = try await TmuxTerminal.start("tvm-fetch catalog sync 2>&1 | cat -v", in: sandbox)
        let progress = try await terminal.outcome().stdout
        await terminal.stop()
        #expect(!progress.contains("catalog sync: page"), "progress is only drawn on a terminal")
        #expect(progress.contains("full sync: \(world.ids.count) shows"))
        // Page 2 never answers, so the line stays up after two pages, however slowly the screen is read. The
        // terminal wrapper sends stderr to a file; the inner shell gives it the terminal back.
        server.addFault(.stall, matching: .exact("/shows?page=2"), times: 1)
        let onTerminal = try await TmuxTerminal.start(
            "sh -c 'tvm-fetch catalog sync --full 2>/dev/tty'", in: sandbox)
        let screen = try await onTerminal.waitForScreen(timeout: 60) { $0.contains("page 2 of ~380") }
        await onTerminal.stop()
        #expect(screen.contains("catalog sync: page 2 of ~380 · \(world.ids.count) shows · "))
        #expect(screen.contains(" of ~380 · "))
        #expect(screen.contains("elapsed · ~"))
        #expect(screen.contains("left"))
    }

    @Test("a sync killed with SIGKILL leaves whole pages only and resumes where it stopped")
    func killedMidway() async throws {
        let world = try CatalogWorld()
        let (server, sandbox) = try await startCatalogReplay(world)
        defer { Task { await server.stop() } }
        // Page 1 never answers, and the sync is killed once it is asked for: page 0 was stored before that request
        // left, page 1 is under way (however slowly a loaded machine schedules this test).
        // Every attempt at page 1 stalls, with a long timeout: a loaded machine that delivers the kill late must
        // not see the sync time out, retry and finish first.
        server.addFault(.stall, matching: .exact("/shows?page=1"), times: 100)
        let process = Process()
        process.executableURL = Binaries.url("tvm-fetch")
        process.arguments = ["catalog", "sync", "--timeout", "120"]
        process.environment = sandbox.environment
        process.currentDirectoryURL = sandbox.root
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.runAlone()
        #expect(await server.log.waitForRequests(count: 2, timeout: .seconds(90)))
        kill(process.processIdentifier, SIGKILL)
        while process.isRunning { try await Task.sleep(for: .milliseconds(20)) }
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL)
        let check = try await sqlite(sandbox.catalog.path, "PRAGMA integrity_check")
        #expect(check == "ok")
        let stored = Int(try await sqlite(sandbox.catalog.path, "SELECT count(*) FROM show")) ?? -1
        let next = Int(try await sqlite(sandbox.catalog.path, "SELECT full_next_page FROM sync_state")) ?? -1
        #expect(next == 1, "killed after \(next) pages")
        #expect(stored == (0..<max(next, 0)).map { world.ids(onPage: $0).count }.reduce(0, +), "whole pages only")
        server.removeAllFaults()
        server.log.removeAll()
        let resumed = try await sandbox.run("tvm-fetch", ["catalog", "sync"])
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(resumed.stderr.contains("resuming the interrupted sync at page \(next)"))
        #expect(server.log.requests.first?.target == "/shows?page=\(next)")
        #expect(try await sandbox.catalogInfo()["shows"] as? Int == world.ids.count)
    }
}
