import ArgumentParser
import Foundation
import TVMAccount
import TVMCommandLine
import TVMRecords
import TVMTerminal
import TVMText

/// `tvm-fav login` without `--username`: TVMaze's pairing, with the e-mail asked on the terminal and a countdown.
struct LoginPairing {
    let session: AccountSession
    let email: String?
    let sendsEmail: Bool

    /// Runs the pairing.
    ///
    /// - Returns: The credentials TVMaze gave (not validated, not stored yet).
    func run() async throws -> Credentials {
        let runtime = session.runtime
        let address = try email ?? askEmail(runtime)
        let client = try session.client(nil)
        let flow = PairingFlow(
            interval: Self.duration(runtime, "TVM_PAIRING_INTERVAL") ?? .seconds(10),
            limit: Self.duration(runtime, "TVM_PAIRING_LIMIT") ?? .seconds(600))
        let diagnostics = runtime.diagnostics
        let onTerminal = runtime.terminal.stderrIsTTY
        var lastShown = ""
        let credentials = try await flow.run(client: client, email: address, sendsEmail: sendsEmail) { event in
            switch event {
            case .started(let confirmURL):
                if sendsEmail {
                    session.say("confirm the e-mail TVMaze just sent you")
                } else {
                    session.say("open this address to confirm the sign-in:")
                    // The address is data: stdout, for a script to open it.
                    runtime.context.print(HTMLText.terminalSafe(confirmURL) + "\n")
                }
            case .countdown(let seconds, let remaining):
                let text =
                    "waiting for the confirmation: next check in \(seconds) s, "
                    + "\(remaining / 60):\(String(format: "%02d", remaining % 60)) left (Ctrl-C cancels)"
                if onTerminal {
                    diagnostics.progress(text)
                } else if lastShown.isEmpty {
                    diagnostics.note(text)
                }
                lastShown = text
            case .backingOff(let seconds):
                diagnostics.note("TVMaze asks to slow down; trying again in \(seconds) s")
            }
        }
        diagnostics.clearProgress()
        return credentials
    }

    /// Asks for the e-mail address on the terminal.
    private func askEmail(_ runtime: ToolRuntime) throws -> String {
        guard let answer = Prompt.ask("TVMaze account e-mail: ", diagnostics: runtime.diagnostics) else {
            runtime.diagnostics.error(
                "no terminal to ask the e-mail address on; give --email, or sign in with --username and --key-stdin")
            throw ExitCode(ExitStatus.usage.rawValue)
        }
        let address = answer.trimmingCharacters(in: .whitespaces)
        guard !address.isEmpty else {
            runtime.diagnostics.error("no e-mail address given; nothing was stored")
            throw ExitCode(ExitStatus.usage.rawValue)
        }
        return address
    }

    /// A testing aid's duration in seconds, from the environment.
    private static func duration(_ runtime: ToolRuntime, _ name: String) -> Duration? {
        guard let text = runtime.terminal.environment[name], let seconds = Double(text), seconds >= 0 else {
            return nil
        }
        return .milliseconds(Int64(seconds * 1000))
    }
}
