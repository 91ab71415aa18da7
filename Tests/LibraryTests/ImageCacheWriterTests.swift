import Foundation
import Testing

@testable import TVMImages
@testable import TVMRecords

@Suite("Images written into the cache chunk by chunk")
struct ImageCacheWriterTests {
    let root: String
    let cache: ImageCache

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("tvm-writer-\(UUID().uuidString)").path
        cache = ImageCache(directory: root)
        try cache.prepare()
    }

    func files() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: root).sorted()
    }

    @Test("chunks go to a hidden temporary file, renamed to the entry when the image is whole")
    func commitsWholeImages() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let writer = try cache.writer(for: "http://x.test/a.jpg")
        let body = ImageCacheTests.jpeg("chunks", size: 100_000)
        for start in stride(from: 0, to: body.count, by: 7_000) {
            try writer.write(Array(body[start..<min(start + 7_000, body.count)]))
        }
        let temporary = try #require(try files().first)
        #expect(temporary.hasPrefix(".") && temporary.hasSuffix(".tmp"))
        #expect(writer.count == body.count)
        #expect(writer.format == .jpeg)
        #expect(writer.problem == nil)
        let path = try writer.commit()
        #expect(path == cache.path(for: "http://x.test/a.jpg", format: .jpeg))
        #expect(FileManager.default.contents(atPath: path).map(Array.init) == body)
        #expect(try files() == [(path as NSString).lastPathComponent])
    }

    @Test("a body cut short is refused at commit, and its temporary file removed")
    func refusesCutBodies() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let writer = try cache.writer(for: "http://x.test/cut.jpg")
        try writer.write(Array(ImageCacheTests.jpeg("cut", size: 5_000).prefix(4_000)))
        let problem = "the body ends without the JPEG end marker (FF D9): it was cut short"
        #expect(writer.problem == problem)
        #expect(throws: ImageCacheError.incomplete(url: "http://x.test/cut.jpg", detail: problem)) {
            try writer.commit()
        }
        #expect(try files().isEmpty)
    }

    @Test("a start that is no image is known from its first 12 bytes; an abandoned writer leaves nothing")
    func startProblemAndAbandon() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        do {
            let writer = try cache.writer(for: "http://x.test/portal.jpg")
            try writer.write(Array("<!DOCTYPE".utf8))
            #expect(writer.startProblem == nil, "9 bytes cannot tell yet")
            try writer.write(Array(" html>".utf8))
            #expect(
                writer.startProblem
                    == "the body (starting 3C 21 44 4F 43 54 59 50) is not a JPEG, PNG or WebP image")
            #expect(try files().count == 1)
        }
        #expect(try files().isEmpty, "released without commit: the temporary file is gone")
    }
}
