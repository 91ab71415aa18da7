import Foundation
import TVMRecords

#if canImport(Glibc)
    import Glibc
#endif

/// Opens a URL in the user's browser: `$BROWSER`, else `xdg-open`, executed directly (never via a shell).
package enum Browser {
    /// Why the browser could not be started.
    package enum Failure: Error, LocalizedError, Equatable {
        /// The program could not be executed.
        case cannotStart(program: String, errno: Int32)
        /// The program ran and failed.
        case failed(program: String, status: Int32)

        /// A readable description.
        package var errorDescription: String? {
            switch self {
            case .cannotStart(let program, let code):
                return "cannot start the browser '\(program)': \(String(cString: strerror(code))); set BROWSER"
            case .failed(let program, let status):
                return "the browser '\(program)' exited with status \(status)"
            }
        }
    }

    /// The argument vector for a URL: `$BROWSER`'s words (first entry of a `:` list) with `%s` replaced by the
    /// URL, or the URL appended; `xdg-open URL` when `BROWSER` is unset.
    ///
    /// - Parameters:
    ///   - url: The page to open.
    ///   - environment: The process environment.
    /// - Returns: The program and its arguments.
    package static func command(for url: String, environment: [String: String]) -> [String] {
        let browser = environment["BROWSER"]?.split(separator: ":").first.map(String.init) ?? ""
        let words = browser.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard !words.isEmpty else { return ["xdg-open", url] }
        if words.contains(where: { $0.contains("%s") }) {
            return words.map { $0.replacingOccurrences(of: "%s", with: url) }
        }
        return words + [url]
    }

    /// Starts the browser on a URL and waits for the launcher to return.
    ///
    /// - Parameters:
    ///   - url: The page to open.
    ///   - environment: The process environment.
    /// - Throws: ``Failure``.
    package static func open(_ url: String, environment: [String: String]) throws(Failure) {
        let argv = command(for: url, environment: environment)
        var pid: pid_t = 0
        let cArgs = argv.map { strdup($0) } + [nil]
        defer { for arg in cArgs { free(arg) } }
        let result = posix_spawnp(&pid, argv[0], nil, nil, cArgs, environ)
        guard result == 0 else { throw .cannotStart(program: argv[0], errno: result) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exited = (status & 0x7f) == 0
        let code = (status >> 8) & 0xff
        if !exited || code != 0 { throw .failed(program: argv[0], status: exited ? code : 128 + (status & 0x7f)) }
    }
}
