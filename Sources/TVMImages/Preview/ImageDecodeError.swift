import Foundation
import TVMRecords

/// Why an image file could not be decoded for a preview.
public enum ImageDecodeError: Error, LocalizedError, Sendable, Equatable {
    /// The bytes are not a JPEG, PNG or WebP image.
    case unknownFormat
    /// The decoder refused the data; the message is the library's (libjpeg, libpng or libwebp).
    case invalidData(format: String, message: String)

    /// A sentence naming the format and the decoder's message.
    public var errorDescription: String? {
        switch self {
        case .unknownFormat:
            return "not a JPEG, PNG or WebP image"
        case .invalidData(let format, let message):
            return "cannot decode the \(format) image: \(message)"
        }
    }
}
