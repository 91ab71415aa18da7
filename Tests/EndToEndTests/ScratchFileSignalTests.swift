import Foundation
import Testing

/// Issue 30, #14: Ctrl-C during a big `add` left its hidden scratch file until the next write.
@Suite("regressions: a signal removes the batch's scratch file")
struct ScratchFileSignalTests {
    @Test(
        "Ctrl-C during a big add left a hidden scratch file until the next write: SIGINT and SIGTERM remove it",
        arguments: [SIGINT, SIGTERM])
    func signalRemovesScratchFile(_ signal: Int32) async throws {
        let sandbox = try Sandbox()
        // The batch is under way once its scratch file holds a megabyte.
        let add = try BigAdd(sandbox, count: 20_000, firstID: 1_000_001)
        let scratchSize = try await add.waitForScratch(over: 1_000_000, seconds: 120)
        let wasRunning = try await add.end(with: signal)
        let process = add.process
        let scratchFiles = add.scratchFiles
        #expect(wasRunning, "the add ended before the signal")
        #expect(scratchSize > 1_000_000)
        #expect(process.terminationReason == .uncaughtSignal, "the process still ends by the signal")
        #expect(process.terminationStatus == signal)
        #expect(scratchFiles().isEmpty, "the scratch file is gone at once, not at the next write")
        #expect(try await sandbox.favoriteIDs().isEmpty, "nothing of the interrupted batch was saved")
    }
}
