import Testing

@testable import TVMImages
@testable import TVMRecords
@testable import TVMStore
@testable import TVMTerminal
@testable import TVMazeAPI

@Suite("Image signatures and the checks on a downloaded body")
struct ImageFormatTests {
    static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00, 0x01]
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D]
    static let webp: [UInt8] = Array("RIFF".utf8) + [0x26, 0, 0, 0] + Array("WEBPVP8L".utf8)

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
}
