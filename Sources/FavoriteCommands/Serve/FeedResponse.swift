import Foundation
import NIOHTTP1

/// One answer of `tvm-fav serve`: status, headers and body, with the validators a polling client sends back.
struct FeedResponse: Sendable {
    var status: Int
    var headers: HTTPHeaders
    var body: [UInt8]

    /// A feed's answer: `ETag` from the body's bytes, `Last-Modified` when a feed first said what it says.
    ///
    /// - Parameters:
    ///   - body: The feed.
    ///   - contentType: Its media type.
    ///   - modified: When a feed first said what it says.
    ///   - digest: ``digest(_:)`` of `body`, when it is known already.
    static func feed(_ body: [UInt8], contentType: String, modified: Date?, digest: String? = nil) -> FeedResponse {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: contentType)
        headers.add(name: "ETag", value: "\"\(digest ?? Self.digest(body))\"")
        if let modified { headers.add(name: "Last-Modified", value: Self.httpDate(modified)) }
        headers.add(name: "Cache-Control", value: "no-cache")
        headers.add(name: "X-Content-Type-Options", value: "nosniff")
        return FeedResponse(status: 200, headers: headers, body: body)
    }

    /// A refusal: the status and a one-line reason.
    static func refusal(_ status: Int, _ reason: String) -> FeedResponse {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "text/plain; charset=utf-8")
        if status == 405 { headers.add(name: "Allow", value: "GET, HEAD") }
        return FeedResponse(status: status, headers: headers, body: Array((reason + "\n").utf8))
    }

    /// Turns a 200 into a 304 when the request's `If-None-Match` names the `ETag` (weak or strong), or (without
    /// one) when its `If-Modified-Since` is not older than `Last-Modified`.
    mutating func applyConditions(of request: HTTPHeaders) {
        guard status == 200 else { return }
        let tag = headers.first(name: "ETag")
        // Compared weakly (RFC 9110 13.1.2): a proxy may have marked the tag weak, W/"…".
        let matches = request[canonicalForm: "If-None-Match"].map {
            $0.hasPrefix("W/") ? String($0.dropFirst(2)) : String($0)
        }
        if !matches.isEmpty {
            guard let tag, matches.contains(tag) || matches.contains("*") else { return }
        } else {
            guard let since = request.first(name: "If-Modified-Since").flatMap(Self.parseHTTPDate),
                let modified = headers.first(name: "Last-Modified").flatMap(Self.parseHTTPDate), modified <= since
            else { return }
        }
        status = 304
        body = []
    }

    /// FNV-1a of the bytes, 64 bits, in hex: a validator, not a secret.
    static func digest(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return String(hash, radix: 16) + "-" + String(bytes.count, radix: 16)
    }

    private static let httpDateStyle = Date.VerbatimFormatStyle(
        format:
            "\(weekday: .abbreviated), \(day: .twoDigits) \(month: .abbreviated) \(year: .padded(4)) \(hour: .twoDigits(clock: .twentyFourHour, hourCycle: .zeroBased)):\(minute: .twoDigits):\(second: .twoDigits) GMT",
        locale: Locale(identifier: "en_US_POSIX"), timeZone: TimeZone(identifier: "GMT")!,
        calendar: Calendar(identifier: .gregorian))

    /// `Sun, 06 Nov 1994 08:49:37 GMT` (RFC 9110's IMF-fixdate).
    static func httpDate(_ date: Date) -> String { date.formatted(httpDateStyle) }

    /// Reads an IMF-fixdate; `nil` for anything else.
    static func parseHTTPDate(_ text: String) -> Date? {
        try? Date(text, strategy: httpDateStyle.parseStrategy)
    }
}
