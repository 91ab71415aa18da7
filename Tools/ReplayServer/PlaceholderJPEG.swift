/// Small valid JPEG images standing in for TVMaze's posters and stills.
///
/// The image is a fixed 8×8 grey baseline JPEG; a comment (COM) segment right after the start-of-image marker
/// holds the request path, so different URLs give different bytes. The bytes start with `FF D8 FF`.
enum PlaceholderJPEG {
    /// The image for a request path.
    static func bytes(for path: String) -> [UInt8] {
        let comment = Array(path.utf8.prefix(65_533))
        let length = comment.count + 2
        let commentSegment = [0xFF, 0xFE, UInt8(length >> 8), UInt8(length & 0xFF)] + comment
        return [0xFF, 0xD8] + commentSegment + image
    }

    /// Everything after SOI: quantisation table, frame header, Huffman tables, scan, end of image.
    private static let image: [UInt8] = {
        let quantisation: [UInt8] = [0xFF, 0xDB, 0x00, 0x43, 0x00] + [UInt8](repeating: 1, count: 64)
        let frame: [UInt8] = [0xFF, 0xC0, 0x00, 0x0B, 0x08, 0x00, 0x08, 0x00, 0x08, 0x01, 0x01, 0x11, 0x00]
        // One code of length 1 per table: DC category 0, AC end-of-block.
        let counts: [UInt8] = [0x01] + [UInt8](repeating: 0, count: 15)
        let dcTable: [UInt8] = [0xFF, 0xC4, 0x00, 0x14, 0x00] + counts + [0x00]
        let acTable: [UInt8] = [0xFF, 0xC4, 0x00, 0x14, 0x10] + counts + [0x00]
        let scan: [UInt8] = [0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3F, 0x00]
        // Bits "0" (DC diff 0) and "0" (EOB), padded with ones; then end of image.
        let entropyAndEnd: [UInt8] = [0x3F, 0xFF, 0xD9]
        return quantisation + frame + dcTable + acTable + scan + entropyAndEnd
    }()
}
