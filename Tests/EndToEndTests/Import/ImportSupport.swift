import Foundation
import ReplayServer

/// Export fixtures (Tests/Fixtures/imports) and ZIPs built from them, for the import tests.
enum ImportFixtures {
    /// `Tests/Fixtures/imports`.
    static let root = Fixtures.root.deletingLastPathComponent().appendingPathComponent("imports")

    /// A path below the fixtures.
    static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    /// Builds a ZIP with python3's zipfile: each member from a fixture file or literal text; `symlink` members
    /// are stored as symbolic links (Unix mode 0120777) whose target is the text.
    static func zip(
        _ members: [(name: String, source: String?, text: String?, symlink: Bool)], to path: String
    ) throws {
        var script = "import zipfile,sys\nz=zipfile.ZipFile(sys.argv[1],'w',zipfile.ZIP_DEFLATED)\n"
        for member in members {
            let name = member.name.replacingOccurrences(of: "'", with: "\\'")
            if member.symlink {
                script += "i=zipfile.ZipInfo('\(name)');i.create_system=3;i.external_attr=0o120777<<16\n"
                script += "z.writestr(i,'\(member.text ?? "")')\n"
            } else if let source = member.source {
                script += "z.write('\(source)','\(name)')\n"
            } else {
                script += "z.writestr('\(name)',\(member.text ?? "''"))\n"
            }
        }
        script += "z.close()\n"
        try python(script, arguments: [path])
    }

    /// Runs a python3 script.
    static func python(_ script: String, arguments: [String] = []) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script] + arguments
        try process.runAlone()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw ImportFixtureError.pythonFailed(script) }
    }
}

/// Runs `body` with a replay server on the recorded fixtures plus the import overlay (`imports/tvmaze`: the record
/// of show 2, which the other tests need absent), and a sandbox pointed at it.
func withImportReplay<Result>(
    faults: [FaultRule] = [], _ body: (ReplayServer, Sandbox) async throws -> Result
) async throws -> Result {
    let manager = FileManager.default
    let root = manager.temporaryDirectory.appendingPathComponent("tvm-import-fixtures-\(UUID().uuidString)")
    try manager.copyItem(at: Fixtures.root, to: root)
    defer { try? manager.removeItem(at: root) }
    let overlay = ImportFixtures.root.appendingPathComponent("tvmaze")
    for relative in manager.subpaths(atPath: overlay.path) ?? [] where relative.hasSuffix(".json") {
        let target = root.appendingPathComponent(relative)
        try? manager.removeItem(at: target)
        try manager.copyItem(at: overlay.appendingPathComponent(relative), to: target)
    }
    let server = try await ReplayServer.start(ReplayConfiguration(fixturesDirectory: root, faults: faults))
    do {
        let result = try await body(server, try Sandbox(apiURL: server.baseURL))
        await server.stop()
        return result
    } catch {
        await server.stop()
        throw error
    }
}

enum ImportFixtureError: Error {
    case pythonFailed(String)
}
