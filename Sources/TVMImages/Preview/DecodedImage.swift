import TVMRecords

/// Pixels of a decoded image: `width × height` RGBA quadruplets, row by row, 8 bits per channel.
public struct DecodedImage: Sendable, Equatable {
    /// The width in pixels.
    public let width: Int
    /// The height in pixels.
    public let height: Int
    /// `width * height * 4` bytes: red, green, blue, alpha for each pixel, rows from the top.
    public let rgba: [UInt8]

    /// Creates an image from its pixels.
    ///
    /// - Parameters:
    ///   - width: The width in pixels (at least 1).
    ///   - height: The height in pixels (at least 1).
    ///   - rgba: `width * height * 4` bytes.
    public init(width: Int, height: Int, rgba: [UInt8]) {
        precondition(width > 0 && height > 0 && rgba.count == width * height * 4, "RGBA size mismatch")
        self.width = width
        self.height = height
        self.rgba = rgba
    }
}
