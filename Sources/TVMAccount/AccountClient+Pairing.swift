import Foundation
import TVMazeAPI

/// The pairing calls: sign-in without a password or a typed key.
extension AccountClient {
    /// What `POST /v1/auth/start` answered.
    public enum StartAnswer: Sendable, Equatable {
        /// The request is pending: poll with `token`; `confirmURL` signs in from a browser instead of the e-mail.
        case started(token: String, confirmURL: String)
        /// Too many starts (429): wait `retryAfter` seconds (when said) and try again.
        case tooMany(retryAfter: Double?)
    }

    /// What `POST /v1/auth/poll` answered.
    public enum PollAnswer: Sendable, Equatable {
        /// Not confirmed yet (403).
        case waiting
        /// Confirmed: the credentials, given exactly once (200).
        case confirmed(Credentials)
        /// Polled too fast (429): wait `retryAfter` seconds (when said).
        case tooFast(retryAfter: Double?)
        /// The token is gone (404): used already, or unknown. Never retried.
        case gone
    }

    /// `POST /v1/auth/start`: asks TVMaze to send a confirmation e-mail (or, without `sendsEmail`, only to give
    /// the confirmation URL).
    ///
    /// - Parameters:
    ///   - email: The account's e-mail address.
    ///   - sendsEmail: Whether TVMaze e-mails the link.
    /// - Returns: The token and URL, or a 429 to back off from.
    /// - Throws: ``AccountError/unknownEmail(_:)`` (404), ``AccountError/emailNotConfirmed(_:)`` (401), `APIError`.
    public func startPairing(email: String, sendsEmail: Bool) async throws -> StartAnswer {
        struct Body: Encodable {
            var email: String
            var emailConfirmation: Bool
            enum CodingKeys: String, CodingKey {
                case email
                case emailConfirmation = "email_confirmation"
            }
        }
        let body = [UInt8](try JSONEncoder().encode(Body(email: email, emailConfirmation: sendsEmail)))
        let response = try await call("POST", "/auth/start", body: body, authorized: false, retriesRateLimit: false)
        switch response.status {
        case 404: throw AccountError.unknownEmail(email)
        case 401: throw AccountError.emailNotConfirmed(email)
        case 429: return .tooMany(retryAfter: Self.retryAfter(response))
        default: break
        }
        try expect(response, "/auth/start")
        struct Answer: Decodable {
            var token: String
            var confirmURL: String?
            enum CodingKeys: String, CodingKey {
                case token
                case confirmURL = "confirm_url"
            }
        }
        let answer = try decode(Answer.self, response, "/auth/start")
        return .started(token: answer.token, confirmURL: answer.confirmURL ?? "")
    }

    /// `POST /v1/auth/poll`: whether the pairing was confirmed.
    ///
    /// - Parameter token: The token from ``startPairing(email:sendsEmail:)``.
    /// - Returns: The answer.
    /// - Throws: `APIError`, ``AccountError/unexpected(url:status:message:)``.
    public func poll(token: String) async throws -> PollAnswer {
        let body = [UInt8](try JSONEncoder().encode(["token": token]))
        let response = try await call("POST", "/auth/poll", body: body, authorized: false, retriesRateLimit: false)
        switch response.status {
        case 403: return .waiting
        case 404: return .gone
        case 429: return .tooFast(retryAfter: Self.retryAfter(response))
        default: break
        }
        try expect(response, "/auth/poll")
        struct Answer: Decodable {
            var apikey: String
            var username: String
        }
        let answer = try decode(Answer.self, response, "/auth/poll")
        return .confirmed(Credentials(username: answer.username, key: answer.apikey))
    }

    private static func retryAfter(_ response: HTTPResponse) -> Double? {
        response.header("retry-after").flatMap { RetryPolicy().retryAfter($0, now: Date().timeIntervalSince1970) }
    }
}
