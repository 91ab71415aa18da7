import Foundation

/// Errors thrown while configuring or starting a ``ReplayServer``.
///
/// Each case quotes the offending value and says what to do about it.
public enum ReplayServerError: Error, LocalizedError, Equatable {
    /// The fixtures directory does not exist or is not a directory.
    case fixturesNotFound(path: String)
    /// `routes.json` in the fixtures directory could not be read or is malformed.
    case invalidRoutes(path: String, reason: String)
    /// A fault specification string (as given to `tvm-replay --fault`) could not be parsed.
    case invalidFaultSpec(spec: String, reason: String)
    /// A rate-limit specification (`LIMIT/SECONDS`, e.g. `20/10`) could not be parsed.
    case invalidRateLimit(spec: String)
    /// Synthetic show pages were requested but the fixtures hold no `shows/page-0.json`.
    case noRecordedShowPages(path: String)
    /// The server could not listen on the requested loopback port.
    case bindFailed(port: Int, reason: String)
    /// ``ReplayServer/start()`` was called on a server that is already listening.
    case alreadyStarted(port: Int)

    /// A message that quotes the offending value and says what to do.
    public var errorDescription: String? {
        switch self {
        case .fixturesNotFound(let path):
            return "fixtures directory '\(path)' does not exist; pass the folder that holds shows/, people/, errors/"
        case .invalidRoutes(let path, let reason):
            return "routes file '\(path)' is invalid: \(reason); fix the entry or remove the file"
        case .invalidFaultSpec(let spec, let reason):
            return "fault spec '\(spec)' is invalid: \(reason); see `tvm-replay --help` for the syntax"
        case .invalidRateLimit(let spec):
            return "rate limit '\(spec)' is invalid; write LIMIT/SECONDS with positive integers, e.g. 20/10"
        case .noRecordedShowPages(let path):
            return "synthetic pages need recorded show pages, but '\(path)/shows/page-0.json' is missing"
        case .bindFailed(let port, let reason):
            return "cannot listen on 127.0.0.1:\(port): \(reason); choose another port or 0 for any free port"
        case .alreadyStarted(let port):
            return "the replay server is already listening on port \(port); call stop() before starting it again"
        }
    }
}
