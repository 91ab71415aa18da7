import Foundation

/// What can go wrong with the TVMaze account: credentials, their file, pairing, the account API.
public enum AccountError: Error, LocalizedError, Sendable, Equatable {
    /// TVMaze answered 401 to the credentials.
    case refused
    /// No credentials: neither the file nor the environment holds any.
    case notSignedIn
    /// Only one of `TVM_TVMAZE_USER` and `TVM_TVMAZE_KEY` is set.
    case halfEnvironment(missing: String)
    /// The credentials file can be read (or written) by other users.
    case readableByOthers(path: String, mode: Int)
    /// The credentials file cannot be read, written or parsed.
    case unusableFile(path: String, reason: String)
    /// Credentials would go to a host other than TVMaze's API over https (or 127.0.0.1 in tests).
    case insecureHost(url: String)
    /// A Premium-only call on an account without Premium.
    case premiumRequired(what: String)
    /// Pairing: TVMaze knows no account with this e-mail.
    case unknownEmail(String)
    /// `tvm-fav login --username`: TVMaze refused the username and key given.
    case refusedAtLogin
    /// Pairing: the account's e-mail address is not confirmed.
    case emailNotConfirmed(String)
    /// Pairing: the token is no longer known (already used, or expired).
    case pairingGone
    /// Pairing: not confirmed within the time limit.
    case pairingTimedOut(minutes: Int)
    /// The API answered something this version does not expect.
    case unexpected(url: String, status: Int, message: String)

    /// A message that quotes the offending value and says what to do.
    public var errorDescription: String? {
        switch self {
        case .refused:
            return "TVMaze refused the credentials: run tvm-fav login"
        case .refusedAtLogin:
            return
                "TVMaze refused this username and API key: check both (the key is on "
                + "https://www.tvmaze.com/dashboard), or leave out --username to pair by e-mail"
        case .notSignedIn:
            return "not signed in to TVMaze: run tvm-fav login (or set TVM_TVMAZE_USER and TVM_TVMAZE_KEY)"
        case .halfEnvironment(let missing):
            return "\(missing) is not set; set both TVM_TVMAZE_USER and TVM_TVMAZE_KEY, or neither"
        case .readableByOthers(let path, let mode):
            return "the credentials file \(path) is open to other users (mode \(String(mode, radix: 8))); "
                + "it was not used. Run: chmod 600 '\(path)'"
        case .unusableFile(let path, let reason):
            return "the credentials file \(path) cannot be used (\(reason)); run tvm-fav login again"
        case .insecureHost(let url):
            return "credentials are sent only to https://api.tvmaze.com (or 127.0.0.1 for tests), not to \(url); "
                + "unset --api-url / TVM_API_URL"
        case .premiumRequired(let what):
            return "\(what) needs a TVMaze Premium account; if this one no longer has Premium, run tvm-fav login "
                + "again so that tvm-fav knows"
        case .unknownEmail(let email):
            return "TVMaze knows no account with the e-mail \(email); check it, or sign in with --username and "
                + "--key-stdin"
        case .emailNotConfirmed(let email):
            return "the e-mail address \(email) is not confirmed on TVMaze yet; confirm it there, then run tvm-fav "
                + "login again"
        case .pairingGone:
            return "TVMaze no longer knows this sign-in request (used or expired); run tvm-fav login again"
        case .pairingTimedOut(let minutes):
            return "the e-mail was not confirmed within \(minutes) minutes; nothing was stored. Run tvm-fav login "
                + "again"
        case .unexpected(let url, let status, let message):
            return "TVMaze answered HTTP \(status) to \(url)" + (message.isEmpty ? "" : ": \(message)")
        }
    }
}
