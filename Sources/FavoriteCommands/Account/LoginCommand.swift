import ArgumentParser
import Foundation
import TVMAccount
import TVMCommandLine
import TVMRecords
import TVMTerminal
import TVMText

/// `tvm-fav login`: sign in to TVMaze without the account password.
package struct LoginCommand: AsyncParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "login",
        abstract: "Sign in to your TVMaze account, without its password, to push and pull watched marks.",
        discussion: """
            By default tvm-fav login uses TVMaze's pairing: it asks for the account's e-mail address on the \
            terminal (or takes --email), asks TVMaze to send a confirmation e-mail, and waits until the link in \
            it is opened, checking no more than once every 10 seconds, with a countdown, for up to 10 minutes. \
            With --no-email, TVMaze sends nothing and tvm-fav prints the confirmation URL to open instead. \
            Ctrl-C cancels; nothing is stored.

            For scripts: --username with the account's API key (from the TVMaze dashboard) on stdin, \
            --key-stdin. The key is never taken as an argument, since ps shows arguments to every user.

            The credentials are checked with TVMaze, which says whether the account has Premium: with it, \
            tvm-fav pull reads every mark and every followed show in one request each, and tvm-fav push sends \
            unmarks too; without it, pull asks once per favorite and push cannot send unmarks. They are stored \
            in $XDG_CONFIG_HOME/tvm/account (~/.config/tvm/account), mode 0600 in a 0700 folder; a file other \
            users can open is refused. TVM_TVMAZE_USER and TVM_TVMAZE_KEY, when both are set, are used instead \
            of the file. Credentials are sent only to https://api.tvmaze.com (127.0.0.1 is allowed for tests).

            TVM_PAIRING_INTERVAL and TVM_PAIRING_LIMIT (seconds) change the 10 s between checks and the \
            10-minute limit; they are testing aids, not for everyday use.

            Examples:
              tvm-fav login
              tvm-fav login --email ada@example.org --no-email
              tvm-fav login --username ada --key-stdin < ~/.tvmaze-key
              pass show tvmaze | tvm-fav login --username ada --key-stdin
            """
    )

    @Option(help: ArgumentHelp("Sign in with this username and the API key read from stdin.", valueName: "name"))
    package var username: String?

    @Flag(help: "Read the API key from stdin (with --username); never give it as an argument.")
    package var keyStdin = false

    @Option(help: ArgumentHelp("The account's e-mail address, for the pairing (else asked).", valueName: "address"))
    package var email: String?

    @Flag(help: "Do not have TVMaze send an e-mail; print the confirmation URL to open instead.")
    package var noEmail = false

    @OptionGroup package var store: StoreOptions
    @OptionGroup package var network: NetworkOptions
    @OptionGroup package var messages: MessageOptions

    package init() {}

    package func validate() throws {
        if username != nil, !keyStdin {
            throw ValidationError("--username needs --key-stdin: the API key is read from stdin, never an argument")
        }
        if keyStdin, username == nil {
            throw ValidationError("--key-stdin needs --username")
        }
        if username != nil, email != nil || noEmail {
            throw ValidationError("--email and --no-email are for the pairing; leave them out with --username")
        }
    }

    package func run() async throws {
        try await FavoritesAccess.run(store: store, output: messages.output) { access in
            let session = AccountSession(access: access, network: network)
            let obtained: Credentials
            if let username {
                obtained = Credentials(username: username, key: try readKey(session.runtime))
            } else {
                obtained = try await LoginPairing(session: session, email: email, sendsEmail: !noEmail).run()
            }
            let client = try session.client(obtained)
            let premium: Int
            do {
                premium = try await client.validate()
            } catch AccountError.refused where username != nil {
                throw AccountError.refusedAtLogin
            } catch AccountError.refused {
                throw AccountError.refused
            } catch {
                guard username == nil else { throw error }
                // TVMaze hands a paired key out once: it is kept, and tvm-fav account --check finishes the check.
                try session.credentialStore.save(obtained)
                access.runtime.diagnostics.warning(
                    "paired with TVMaze as \(HTMLText.terminalSafe(obtained.username)), and the key is saved, but "
                        + "checking it failed: run tvm-fav account --check once TVMaze answers")
                throw error
            }
            var credentials = obtained
            credentials.premium = premium
            try session.credentialStore.save(credentials)
            let name = HTMLText.terminalSafe(credentials.username)
            session.say("signed in to TVMaze as \(name); " + Self.premiumSentence(premium))
            if session.credentialStore.fromEnvironment {
                access.runtime.diagnostics.note(
                    "TVM_TVMAZE_USER and TVM_TVMAZE_KEY are set: they are used instead of the stored credentials")
            }
        }
    }

    /// What the premium level changes, in a sentence.
    static func premiumSentence(_ premium: Int) -> String {
        guard premium > 0 else {
            return "the account has no Premium: pull asks once per favorite and does not read followed shows, "
                + "and push cannot send unmarks"
        }
        return "the account has Premium (\(PremiumLevel.name(premium))): pull reads every mark and followed show "
            + "in two requests, and push sends unmarks too"
    }

    /// The API key from stdin: its first line, trimmed.
    private func readKey(_ runtime: ToolRuntime) throws -> String {
        var saved = termios()
        let hidesTyping = runtime.terminal.stdinIsTTY && tcgetattr(0, &saved) == 0
        if hidesTyping {
            // Typed on a terminal: the key is not echoed, as a password prompt does.
            var quiet = saved
            quiet.c_lflag &= ~tcflag_t(ECHO)
            tcsetattr(0, TCSAFLUSH, &quiet)
            runtime.diagnostics.raw("API key (from https://www.tvmaze.com/dashboard), then Enter: ")
        }
        defer {
            if hidesTyping {
                tcsetattr(0, TCSAFLUSH, &saved)
                runtime.diagnostics.raw("\n")
            }
        }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1024)
        while bytes.count < 65_536 {
            let count = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += buffer[0..<count]
            if bytes.contains(UInt8(ascii: "\n")) { break }
        }
        let line = String(decoding: bytes, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
        let key = line.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !key.isEmpty else {
            runtime.diagnostics.error(
                "no API key on stdin; give it as the first line, e.g. tvm-fav login "
                    + "--username NAME --key-stdin < keyfile")
            throw ExitCode(ExitStatus.usage.rawValue)
        }
        return key
    }
}
