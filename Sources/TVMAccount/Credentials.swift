import Foundation

/// A TVMaze username and the account's API key: what HTTP Basic sends to the account API.
///
/// The key never leaves through a description: printing, interpolating, dumping or reflecting the value shows
/// the username and `key: <redacted>`, so no message, log or `-v` output can carry it by accident.
public struct Credentials: Sendable, Equatable {
    /// The TVMaze username.
    public var username: String
    /// The API key (from the TVMaze dashboard, or the pairing flow); a secret.
    public var key: String
    /// The premium level the last validation saw (0 none, 1 Bronze, 2 Silver, 3 Gold), `nil` when unknown (the
    /// environment's credentials, not validated yet).
    public var premium: Int?

    /// Creates credentials.
    ///
    /// - Parameters:
    ///   - username: The username.
    ///   - key: The API key.
    ///   - premium: The premium level, if known.
    public init(username: String, key: String, premium: Int? = nil) {
        self.username = username
        self.key = key
        self.premium = premium
    }

    /// The `Authorization` header's value: `Basic base64(username:key)`.
    var authorization: String {
        "Basic " + Data((username + ":" + key).utf8).base64EncodedString()
    }
}

extension Credentials: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// `ada (key: <redacted>)`.
    public var description: String { "\(username) (key: <redacted>)" }

    /// The same as ``description``.
    public var debugDescription: String { description }

    /// A mirror without the key.
    public var customMirror: Mirror {
        Mirror(self, children: ["username": username, "key": "<redacted>", "premium": premium as Any])
    }
}

/// TVMaze's premium levels.
public enum PremiumLevel {
    /// The level's name: none, Bronze, Silver, Gold.
    ///
    /// - Parameter level: 0 to 3.
    /// - Returns: Its name; `level N` for a level this version does not know.
    public static func name(_ level: Int) -> String {
        switch level {
        case 0: return "none"
        case 1: return "Bronze"
        case 2: return "Silver"
        case 3: return "Gold"
        default: return "level \(level)"
        }
    }
}
