import CImageDecode
import TVMRecords

/// Decodes JPEG, PNG and WebP images into RGBA pixels, through libjpeg-turbo, libpng and libwebp.
///
/// The only Swift code that calls the C decoders. JPEGs are decoded at a reduced scale (1/2, 1/4 or 1/8) when
/// the result still covers the size asked for, so a 4K original costs little more than a medium poster.
///
/// ```swift
/// let image = try ImageDecoder.decode(bytes, atLeast: (width: 80, height: 96))
/// ```
public enum ImageDecoder {
    /// Decodes an image.
    ///
    /// - Parameters:
    ///   - bytes: The file's bytes; the format is recognised by its signature.
    ///   - atLeast: The smallest size the result may have when a JPEG is decoded at a reduced scale; the image is
    ///     never scaled below it (nor up).
    /// - Returns: The pixels.
    /// - Throws: ``ImageDecodeError``.
    public static func decode(_ bytes: [UInt8], atLeast: (width: Int, height: Int) = (1, 1)) throws(ImageDecodeError)
        -> DecodedImage
    {
        guard let format = ImageFormat(signatureOf: bytes) else { throw .unknownFormat }
        var image = tvm_image()
        var message = [CChar](repeating: 0, count: 256)
        let decoded = bytes.withUnsafeBufferPointer { data in
            message.withUnsafeMutableBufferPointer { error -> Int32 in
                switch format {
                case .jpeg:
                    return tvm_decode_jpeg(
                        data.baseAddress, data.count, Int32(clamping: atLeast.width), Int32(clamping: atLeast.height),
                        &image, error.baseAddress, error.count)
                case .png:
                    return tvm_decode_png(data.baseAddress, data.count, &image, error.baseAddress, error.count)
                case .webp:
                    return tvm_decode_webp(data.baseAddress, data.count, &image, error.baseAddress, error.count)
                }
            }
        }
        defer { tvm_image_free(&image) }
        guard decoded == 1, let pixels = image.pixels else {
            let text = message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            throw .invalidData(format: format.rawValue.uppercased(), message: text.isEmpty ? "invalid data" : text)
        }
        let width = Int(image.width)
        let height = Int(image.height)
        let rgba = Array(UnsafeBufferPointer(start: pixels, count: width * height * 4))
        return DecodedImage(width: width, height: height, rgba: rgba)
    }
}
