/// What the build of the `tvm` program recorded: the commit it was built from, and the completion scripts `make
/// install` installs (the program's `BuildInfo` plugin writes both in at build time).
package struct BuildInfo: Sendable {
    /// The abbreviated commit (`abc1234`, `abc1234-dirty`), or `nil` when the build had no git and no
    /// `.tarball-version`.
    package var revision: String?
    /// The commit's date, `YYYY-MM-DD`.
    package var date: String?
    /// The installed completion scripts, keyed `SHELL/COMMAND` (`bash/tvm-fav`).
    package var completionScripts: [String: String]

    /// The shells there are completion scripts for, in the order they are listed.
    package static let shells = ["bash", "zsh", "fish"]

    /// Records a build.
    ///
    /// - Parameters:
    ///   - revision: The commit, or `nil`.
    ///   - date: The commit's date, or `nil`.
    ///   - completionScripts: The scripts, keyed `SHELL/COMMAND`.
    package init(revision: String?, date: String?, completionScripts: [String: String]) {
        self.revision = revision
        self.date = date
        self.completionScripts = completionScripts
    }

    /// What `tvm --version` prints: `tvm 0.2.0 (rev abc1234, 2026-11-30)`, or `tvm 0.2.0 (rev unknown)`.
    package var versionLine: String {
        guard let revision else { return "tvm \(Version.current) (rev unknown)" }
        guard let date else { return "tvm \(Version.current) (rev \(revision))" }
        return "tvm \(Version.current) (rev \(revision), \(date))"
    }

    /// The installed completion script of one command for one shell.
    ///
    /// - Parameters:
    ///   - shell: `bash`, `zsh` or `fish`.
    ///   - command: `tvm` or a tool's name (`tvm-fav`).
    /// - Returns: The script, or `nil` when the build holds none for them.
    package func completionScript(shell: String, command: String) -> String? {
        completionScripts["\(shell)/\(command)"]
    }
}
