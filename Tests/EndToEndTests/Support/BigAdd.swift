import Foundation

/// A `tvm-fav add --no-episodes` of many shows, spawned with stdin left open (so it cannot finish before the test
/// ends it, however fast the machine is), watched through its scratch file beside the database.
struct BigAdd {
    let process = Process()
    let input = Pipe()
    let folder: String

    /// Starts the add of `count` made-up shows from `firstID`.
    init(_ sandbox: Sandbox, count: Int, firstID: Int) throws {
        folder = sandbox.favoritesDatabase.deletingLastPathComponent().path
        let big = Data((try FavSupport.manyShows(count: count, firstID: firstID).joined(separator: "\n") + "\n").utf8)
        process.executableURL = Binaries.url("tvm-fav")
        process.arguments = ["add", "--no-episodes"]
        process.environment = sandbox.environment
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.runAlone()
        let writer = input.fileHandleForWriting
        DispatchQueue.global().async { try? writer.write(contentsOf: big) }
    }

    /// The scratch files in the database's folder.
    func scratchFiles() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasPrefix(".tvm-batch-") }
    }

    /// Waits until the scratch file grows past `bytes` (the batch is under way) or the add ends.
    ///
    /// - Returns: The scratch file's size when the wait ended.
    func waitForScratch(over bytes: Int, seconds: Int = 300) async throws -> Int {
        var size = 0
        let deadline = ContinuousClock.now + .seconds(seconds)
        while process.isRunning && ContinuousClock.now < deadline {
            size =
                scratchFiles().compactMap {
                    try? FileManager.default.attributesOfItem(atPath: folder + "/" + $0)[.size] as? Int
                }.max() ?? 0
            if size > bytes { break }
            try await Task.sleep(for: .milliseconds(5))
        }
        return size
    }

    /// Sends `signal` and waits for the process to end; closes its stdin.
    ///
    /// - Returns: Whether it was still running when the signal was sent.
    func end(with signal: Int32) async throws -> Bool {
        let wasRunning = process.isRunning
        kill(process.processIdentifier, signal)
        while process.isRunning { try await Task.sleep(for: .milliseconds(10)) }
        try? input.fileHandleForWriting.close()
        return wasRunning
    }
}
