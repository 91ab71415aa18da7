import Foundation

/// `tvm-completion-probe` set up for one shell: its completion script as `make docs` would fix it, a candidates
/// file, and the log of the requests the shell made.
struct Probe {
    /// One completion request, as the probe logged it.
    struct Request: Decodable, Equatable {
        var words: [String]
        var index: Int
        var prefix: String
    }

    let shell: Shell
    let sandbox: Sandbox

    var candidatesFile: URL { sandbox.root.appendingPathComponent("candidates.txt") }
    var logFile: URL { sandbox.root.appendingPathComponent("requests.jsonl") }

    /// Writes the candidates (`value<TAB>description` lines) and the fixed completion script.
    init(shell: Shell, candidates: String) async throws {
        self.shell = shell
        sandbox = try Sandbox()
        try candidates.write(to: candidatesFile, atomically: true, encoding: .utf8)
        let raw = try await generated()
        let fixed = try await sandbox.run(
            "tvm-docs", ["completion", shell.rawValue, "tvm-completion-probe"], stdin: raw)
        guard fixed.status == 0 else { throw DeclarationsError(detail: "tvm-docs completion: \(fixed.stderr)") }
        try FileManager.default.createDirectory(
            at: sandbox.root.appendingPathComponent("fixed"), withIntermediateDirectories: true)
        try fixed.stdout.write(to: URL(fileURLWithPath: scriptFile(in: "fixed")), atomically: true, encoding: .utf8)
    }

    /// The script (or, for zsh, its folder) as `make docs` installs it.
    func script() throws -> String {
        shell == .zsh ? sandbox.root.appendingPathComponent("fixed").path : scriptFile(in: "fixed")
    }

    /// The script exactly as ArgumentParser generates it, without tvm's fixes.
    func rawScript() async throws -> String {
        try FileManager.default.createDirectory(
            at: sandbox.root.appendingPathComponent("raw"), withIntermediateDirectories: true)
        try await generated().write(to: URL(fileURLWithPath: scriptFile(in: "raw")), atomically: true, encoding: .utf8)
        return shell == .zsh ? sandbox.root.appendingPathComponent("raw").path : scriptFile(in: "raw")
    }

    /// The environment of a shell that runs the probe: the tools on `PATH`, the candidates file and the log.
    var environment: [String: String] {
        var environment = sandbox.shellEnvironment
        environment["TVM_PROBE_CANDIDATES"] = candidatesFile.path
        environment["TVM_PROBE_LOG"] = logFile.path
        return environment
    }

    /// Completes a line in the shell, with the probe reading `candidates.txt`.
    func complete(_ line: String, script: String? = nil) async throws -> Completion {
        try await shell.complete(
            line, script: try script ?? self.script(), environment: environment, directory: sandbox.root)
    }

    /// The requests the probe received, in order.
    func requests() throws -> [Request] {
        guard FileManager.default.fileExists(atPath: logFile.path) else { return [] }
        return try String(contentsOf: logFile, encoding: .utf8).split(separator: "\n").map {
            try JSONDecoder().decode(Request.self, from: Data($0.utf8))
        }
    }

    private func generated() async throws -> String {
        let result = try await sandbox.run(
            "tvm-completion-probe", ["--generate-completion-script", shell.rawValue])
        guard result.status == 0 else { throw DeclarationsError(detail: "probe script: \(result.stderr)") }
        return result.stdout
    }

    private func scriptFile(in folder: String) -> String {
        let name: String
        switch shell {
        case .bash: name = "tvm-completion-probe"
        case .zsh: name = "_tvm-completion-probe"
        case .fish: name = "tvm-completion-probe.fish"
        }
        return sandbox.root.appendingPathComponent(folder).appendingPathComponent(name).path
    }
}
