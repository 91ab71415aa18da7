import Foundation
import Testing

/// What a command showed on a real terminal.
struct TerminalScreen {
    /// The command's exit status.
    var status: Int32
    /// The lines the terminal showed (stdout and stderr together), without carriage returns; of a line where a
    /// progress line was cleared (`ESC [2K`), only what followed the last clearing.
    var lines: [String]
    /// Everything the terminal showed, carriage returns removed.
    var text: String
}

extension Sandbox {
    /// Whether util-linux script(1) is installed, for ``onTerminal(_:_:columns:environment:)``.
    static var scriptRequired: ConditionTrait {
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "script(1) is not installed")
    }

    /// Runs a tool with ``runInTerminal(_:_:input:environment:)`` (util-linux `script`): its stdin, stdout and
    /// stderr are the terminal, `columns` wide, without colour.
    ///
    /// - Parameters:
    ///   - tool: The tool's name, e.g. `tvm-fav`.
    ///   - arguments: The rest of the command line, as a shell reads it.
    ///   - environment: Variables added to the sandbox's.
    func onTerminal(_ tool: String, _ arguments: String, columns: Int = 100, environment: [String: String] = [:])
        async throws -> TerminalScreen
    {
        let result = try await runInTerminal(
            self, "\(tool) \(arguments)",
            environment: ["COLUMNS": String(columns), "NO_COLOR": "1"].merging(environment) { $1 })
        let text = result.stdout.replacingOccurrences(of: "\r", with: "")
        let lines = text.split(separator: "\n").map { String($0.components(separatedBy: "\u{1B}[2K").last ?? "") }
        return TerminalScreen(status: result.status, lines: lines, text: text)
    }
}
