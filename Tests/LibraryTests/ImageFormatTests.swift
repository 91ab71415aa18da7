import Testing

@testable import TVMImages
@testable import TVMRecords
@testable import TVMStore
@testable import TVMTerminal
@testable import TVMazeAPI

@Suite("Image signatures and the checks on a downloaded body")
struct ImageFormatTests {
    static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00, 0x01, 0xFF, 0xD9]
    static let pngEnd: [UInt8] = [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D] + pngEnd
    /// A RIFF header announcing 8 bytes after the size field: the whole 16-byte body.
    static let webp: [UInt8] = Array("RIFF".utf8) + [0x08, 0, 0, 0] + Array("WEBPVP8L".utf8)

    @Test("JPEG, PNG and WebP are recognised by their first bytes and get their extension")
    func recognisesSignatures() {
        #expect(ImageFormat(signatureOf: Self.jpeg) == .jpeg)
        #expect(ImageFormat(signatureOf: Self.png) == .png)
        #expect(ImageFormat(signatureOf: Self.webp) == .webp)
        #expect(ImageFormat.jpeg.fileExtension == "jpg")
        #expect(ImageFormat.png.fileExtension == "png")
        #expect(ImageFormat.webp.fileExtension == "webp")
    }

    @Test("near misses are not images: HTML, JSON, a cut signature, RIFF that is not WebP, nothing")
    func refusesNearMisses() {
        #expect(ImageFormat(signatureOf: Array("<!DOCTYPE html>".utf8)) == nil)
        #expect(ImageFormat(signatureOf: Array(#"{"id":1,"name":"#.utf8)) == nil)
        #expect(ImageFormat(signatureOf: [0xFF, 0xD8]) == nil)
        #expect(ImageFormat(signatureOf: Array(Self.png.prefix(7))) == nil)
        #expect(ImageFormat(signatureOf: Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WAVEfmt ".utf8)) == nil)
        #expect(ImageFormat(signatureOf: Array(Self.webp.prefix(11))) == nil)
        #expect(ImageFormat(signatureOf: []) == nil)
    }

    @Test("a download is an image only with status 200, an image/* type and a signature")
    func checksResponses() {
        let good = HTTPResponse(status: 200, headers: [("Content-Type", "image/jpeg")], body: Self.jpeg)
        #expect(ImageFormat.problem(with: good) == nil)
        let mixedCase = HTTPResponse(status: 200, headers: [("content-type", "Image/WebP; q=1")], body: Self.webp)
        #expect(ImageFormat.problem(with: mixedCase) == nil)
        let partial = HTTPResponse(status: 206, headers: [("Content-Type", "image/jpeg")], body: Self.jpeg)
        #expect(ImageFormat.problem(with: partial) == "HTTP 206, expected 200")
        let html = HTTPResponse(
            status: 200, headers: [("Content-Type", "text/html; charset=utf-8")], body: Array("<html>".utf8))
        #expect(ImageFormat.problem(with: html) == #"content type "text/html; charset=utf-8", not image/*"#)
        let untyped = HTTPResponse(status: 200, body: Self.png)
        #expect(ImageFormat.problem(with: untyped) == "no content type, expected image/*")
        let lying = HTTPResponse(status: 200, headers: [("Content-Type", "image/png")], body: Array("<html>".utf8))
        #expect(
            ImageFormat.problem(with: lying)
                == "the body (6 bytes, starting 3C 68 74 6D 6C 3E) is not a JPEG, PNG or WebP image")
    }

    @Test("a body is whole when it ends as its format ends: JPEG's FF D9, PNG's IEND chunk, WebP's RIFF size")
    func wholeBodies() {
        func problem(_ body: [UInt8]) -> String? {
            guard let format = ImageFormat(signatureOf: body) else { return "no signature" }
            return format.endProblem(
                head: Array(body.prefix(12)), tail: Array(body.suffix(ImageFormat.tailLength)), length: body.count)
        }
        #expect(problem(Self.jpeg) == nil)
        // Padding after the end marker (zeros, blanks, line ends) is allowed.
        #expect(problem(Self.jpeg + [0, 0, 0x0A, 0x0D, 0x20]) == nil)
        #expect(problem(Self.png) == nil)
        #expect(problem(Self.webp) == nil)
        #expect(problem(Self.webp + [1, 2]) == nil, "bytes after the RIFF chunk do not make it short")
    }

    @Test("a body cut short is told by its format, without a Content-Length")
    func truncatedBodies() {
        let bodies: [([UInt8], String)] = [
            (Array(Self.jpeg.dropLast()), "the body ends without the JPEG end marker (FF D9): it was cut short"),
            (Self.jpeg.dropLast(2) + [0, 0], "the body ends without the JPEG end marker (FF D9): it was cut short"),
            (Array(Self.png.dropLast(3)), "the body ends without the PNG IEND chunk: it was cut short"),
            (
                Array(Self.webp.dropLast(1)),
                "the body has 15 bytes, fewer than the 16 its WebP header announces: it was cut short"
            ),
        ]
        for (body, expected) in bodies {
            let response = HTTPResponse(status: 200, headers: [("Content-Type", "image/jpeg")], body: body)
            #expect(ImageFormat.problem(with: response) == expected)
        }
    }
}
