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
    /// with a JPEG, PNG or WebP signature.
    /// - Parameter response: The response to check.
    /// - Returns: A short reason quoting what was found, e.g. `content type "text/html", not image/*`.
    public static func problem(with response: HTTPResponse) -> String? {
        guard response.status == 200 else { return "HTTP \(response.status), expected 200" }
        let type = response.header("content-type") ?? ""
        let mediaType = type.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        guard mediaType.lowercased().hasPrefix("image/") else {
            return type.isEmpty ? "no content type, expected image/*" : "content type \"\(type)\", not image/*"
        }
        guard ImageFormat(signatureOf: response.body) != nil else {
            let head = response.body.prefix(8).map { byte in
                let digits = String(byte, radix: 16, uppercase: true)
                return digits.count == 1 ? "0" + digits : digits
            }.joined(separator: " ")
            return "the body (\(response.body.count) bytes, starting \(head.isEmpty ? "with nothing" : head)) "
                + "is not a JPEG, PNG or WebP image"
        }
        return nil
    }
}
