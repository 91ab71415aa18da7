import Foundation
import TVMRecords
import TVMazeAPI

/// The image formats the poster cache accepts, recognised by their first bytes.
///
/// The file name extension of a cache entry comes from here, never from the URL: a body is stored only when
/// its signature is one of these.
public enum ImageFormat: String, Sendable, CaseIterable, Equatable {
    /// JPEG: starts with `FF D8 FF`.
    case jpeg
    /// PNG: starts with `89 50 4E 47 0D 0A 1A 0A`.
    case png
    /// WebP: starts with `RIFF`, four size bytes, then `WEBP`.
    case webp

    /// The file name extension, without the dot: `jpg`, `png` or `webp`.
    public var fileExtension: String {
        switch self {
        case .jpeg: return "jpg"
        case .png: return "png"
        case .webp: return "webp"
        }
    }

    /// The format whose signature starts `bytes`, or `nil` when it is none of them.
    ///
    /// - Parameter bytes: The start of a file or response body (at least 12 bytes for WebP).
    public init?(signatureOf bytes: some Collection<UInt8>) {
        let head = Array(bytes.prefix(12))
        if head.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if head.count == 12, head.starts(with: Array("RIFF".utf8)), Array(head[8..<12]) == Array("WEBP".utf8) {
            self = .webp
        } else {
            return nil
        }
    }

    /// The format a cache file name ends in, or `nil` for another extension.
    ///
    /// - Parameter fileExtension: The extension without the dot, e.g. `jpg`.
    public init?(fileExtension: String) {
        guard let format = Self.allCases.first(where: { $0.fileExtension == fileExtension }) else { return nil }
        self = format
    }

    /// Why a downloaded response cannot be stored as an image, or `nil` when it can.
    ///
    /// A response is an image when its status is 200, its `Content-Type` is `image/*`, and its body starts
    /// with a JPEG, PNG or WebP signature and is whole (see ``endProblem(head:tail:length:)``).
    /// - Parameter response: The response to check.
    /// - Returns: A short reason quoting what was found, e.g. `content type "text/html", not image/*`.
    public static func problem(with response: HTTPResponse) -> String? {
        if let problem = problem(status: response.status, contentType: response.header("content-type")) {
            return problem
        }
        guard let format = ImageFormat(signatureOf: response.body) else {
            return signatureProblem(head: response.body.prefix(8), length: response.body.count)
        }
        return format.endProblem(
            head: Array(response.body.prefix(12)), tail: Array(response.body.suffix(tailLength)),
            length: response.body.count)
    }

    /// Why a response's status or content type rules it out before its body is read, or `nil` when they do not.
    ///
    /// - Parameters:
    ///   - status: The HTTP status; only 200 will do.
    ///   - contentType: The `Content-Type` header; it must be `image/*`.
    /// - Returns: A short reason, e.g. `HTTP 206, expected 200`.
    public static func problem(status: Int, contentType: String?) -> String? {
        guard status == 200 else { return "HTTP \(status), expected 200" }
        let type = contentType ?? ""
        let mediaType = type.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        guard mediaType.lowercased().hasPrefix("image/") else {
            return type.isEmpty ? "no content type, expected image/*" : "content type \"\(type)\", not image/*"
        }
        return nil
    }

    /// The reason given for a body whose start is no known signature.
    ///
    /// - Parameters:
    ///   - head: The first bytes of the body (up to 8 are quoted).
    ///   - length: The body's length, when the whole of it is known.
    /// - Returns: e.g. `the body (6 bytes, starting 3C 68 74 6D 6C 3E) is not a JPEG, PNG or WebP image`.
    public static func signatureProblem(head: some Collection<UInt8>, length: Int?) -> String {
        let quoted = head.prefix(8).map { byte in
            let digits = String(byte, radix: 16, uppercase: true)
            return digits.count == 1 ? "0" + digits : digits
        }.joined(separator: " ")
        let start = quoted.isEmpty ? "with nothing" : quoted
        return "the body (\(length.map { "\($0) bytes, " } ?? "")starting \(start)) is not a JPEG, PNG or WebP image"
    }

    /// How many of a body's last bytes ``endProblem(head:tail:length:)`` needs.
    public static let tailLength = 32

    /// The bytes a JPEG may carry after its end marker: padding some encoders add.
    private static let jpegPadding: Set<UInt8> = [0x00, 0x0A, 0x0D, 0x20]
    /// PNG's last chunk: length 0, `IEND`, its CRC.
    private static let pngEnd: [UInt8] = [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]

    /// Why a body of this format is not whole, or `nil` when it ends as the format ends.
    ///
    /// A body whose connection closed early with no `Content-Length` to say so looks complete to HTTP; the
    /// format tells: a JPEG ends with its end marker `FF D9` (only padding, zeros or blanks, may follow), a PNG
    /// with its `IEND` chunk, a WebP is at least as long as its RIFF header says.
    /// - Parameters:
    ///   - head: The body's first 12 bytes (fewer when it is shorter).
    ///   - tail: Its last ``tailLength`` bytes (fewer when it is shorter).
    ///   - length: Its length in bytes.
    /// - Returns: A short reason, e.g. `the body ends without the JPEG end marker (FF D9): it was cut short`.
    public func endProblem(head: [UInt8], tail: [UInt8], length: Int) -> String? {
        switch self {
        case .jpeg:
            var end = tail[...]
            while let last = end.last, Self.jpegPadding.contains(last) { end = end.dropLast() }
            return end.suffix(2).elementsEqual([0xFF, 0xD9])
                ? nil : "the body ends without the JPEG end marker (FF D9): it was cut short"
        case .png:
            return tail.suffix(Self.pngEnd.count).elementsEqual(Self.pngEnd)
                ? nil : "the body ends without the PNG IEND chunk: it was cut short"
        case .webp:
            guard head.count >= 8 else { return "the body is shorter than a WebP header: it was cut short" }
            let size = head[4..<8].reversed().reduce(0) { $0 << 8 | Int($1) } + 8
            return length >= size
                ? nil
                : "the body has \(length) bytes, fewer than the \(size) its WebP header announces: it was cut short"
        }
    }
}
