import Foundation
import Testing

@testable import TVMImages
@testable import TVMRecords
@testable import TVMStore
@testable import TVMTerminal
@testable import TVMazeAPI

/// The images under Images/ were made for these tests: `halves.jpg` (quality 95, 4:4:4) and `halves.webp`
/// (lossless) are 32×32, red above blue; `green-over-clear.png` is 4×4, opaque green above fully transparent white.
@Suite("Decoding JPEG, PNG and WebP through the system libraries")
struct ImageDecoderTests {
    static func bytes(_ name: String) throws -> [UInt8] {
        let url = try #require(Bundle.module.url(forResource: "Images/" + name, withExtension: nil))
        return Array(try Data(contentsOf: url))
    }

    static func pixel(_ image: DecodedImage, _ x: Int, _ y: Int) -> [Int] {
        let offset = (y * image.width + x) * 4
        return image.rgba[offset..<offset + 4].map(Int.init)
    }

    static func close(_ actual: [Int], _ expected: [Int], tolerance: Int = 6) -> Bool {
        zip(actual, expected).allSatisfy { abs($0 - $1) <= tolerance }
    }

    @Test("a JPEG decodes at full size when asked for at least its size")
    func jpegFullSize() throws {
        let image = try ImageDecoder.decode(Self.bytes("halves.jpg"), atLeast: (32, 32))
        #expect(image.width == 32 && image.height == 32)
        #expect(Self.close(Self.pixel(image, 5, 3), [255, 0, 0, 255]))
        #expect(Self.close(Self.pixel(image, 20, 28), [0, 0, 255, 255]))
    }

    @Test("a JPEG is decoded at a reduced scale that still covers the size asked for")
    func jpegScaled() throws {
        let quarter = try ImageDecoder.decode(Self.bytes("halves.jpg"), atLeast: (8, 8))
        #expect(quarter.width == 8 && quarter.height == 8)
        let eighth = try ImageDecoder.decode(Self.bytes("halves.jpg"), atLeast: (1, 1))
        #expect(eighth.width == 4 && eighth.height == 4)
        let half = try ImageDecoder.decode(Self.bytes("halves.jpg"), atLeast: (9, 3))
        #expect(half.width == 16)
        #expect(Self.close(Self.pixel(half, 8, 2), [255, 0, 0, 255], tolerance: 12))
    }

    @Test("a lossless WebP decodes to its exact colours")
    func webp() throws {
        let image = try ImageDecoder.decode(Self.bytes("halves.webp"))
        #expect(image.width == 32 && image.height == 32)
        #expect(Self.pixel(image, 0, 0) == [255, 0, 0, 255])
        #expect(Self.pixel(image, 31, 31) == [0, 0, 255, 255])
    }

    @Test("a PNG keeps its alpha channel")
    func png() throws {
        let image = try ImageDecoder.decode(Self.bytes("green-over-clear.png"))
        #expect(image.width == 4 && image.height == 4)
        #expect(Self.pixel(image, 1, 1) == [0, 255, 0, 255])
        #expect(Self.pixel(image, 1, 3)[3] == 0)
    }

    @Test("a truncated or unknown file is an error, not a crash")
    func badData() throws {
        #expect(throws: ImageDecodeError.unknownFormat) { try ImageDecoder.decode(Array("<html>".utf8)) }
        let jpeg = try Self.bytes("halves.jpg")
        #expect(throws: ImageDecodeError.self) { try ImageDecoder.decode(Array(jpeg.prefix(40))) }
        let png = try Self.bytes("green-over-clear.png")
        #expect(throws: ImageDecodeError.self) { try ImageDecoder.decode(Array(png.prefix(30))) }
        let webp = try Self.bytes("halves.webp")
        #expect(throws: ImageDecodeError.self) { try ImageDecoder.decode(Array(webp.prefix(20))) }
    }

    // Regression: a 500-byte JPEG that claimed 60000 x 60000 pixels was decoded at 1/8 (7500 x 7500), 3 s and
    // 490 MB for a preview.
    @Test("a JPEG that claims a huge size is refused before its pixels are allocated")
    func claimedHugeJPEG() throws {
        var jpeg = try Self.bytes("halves.jpg")
        let frame = try #require(zip(jpeg.indices, jpeg.dropFirst()).first { jpeg[$0.0] == 0xFF && $0.1 == 0xC0 }?.0)
        // SOF0: marker, length (2), precision (1), height (2), width (2).
        jpeg.replaceSubrange((frame + 5)...(frame + 8), with: [0xEA, 0x60, 0xEA, 0x60])
        #expect(throws: ImageDecodeError.invalidData(format: "JPEG", message: "the image is too large")) {
            try ImageDecoder.decode(jpeg, atLeast: (80, 96))
        }
    }
}
