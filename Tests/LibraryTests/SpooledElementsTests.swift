import Foundation
import Testing

@testable import TVMRecords
@testable import TVMazeAPI

@Suite("SpooledElements: an answer's elements in memory up to a threshold, past it in an unlinked file")
struct SpooledElementsTests {
    /// A folder of its own, so the files a test finds open are its spool's alone.
    static func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("spool-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// The files under `folder` this process holds open (an unlinked one reads `… (deleted)`).
    static func openFiles(under folder: String) -> [String] {
        let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return fds.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)") }
            .filter { $0.hasPrefix(folder + "/") }
    }

    /// The open file descriptors under `folder`, by number.
    static func openDescriptors(under folder: String) -> [String] {
        let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return fds.filter {
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)"))?.hasPrefix(folder + "/")
                == true
        }
    }

    static func read(_ spool: SpooledElements) throws -> [JSONArraySplitter.Piece] {
        var reader = spool.reader()
        var pieces: [JSONArraySplitter.Piece] = []
        while let piece = try reader.next() { pieces.append(piece) }
        return pieces
    }

    /// Elements of `size` bytes each, numbered, with an over-cap piece among them.
    static func pieces(count: Int, size: Int) -> [JSONArraySplitter.Piece] {
        (0..<count).map { index in
            if index == count / 2 { return .tooLarge(bytes: 5 << 20, start: Array(#"{"id":\#(index),"#.utf8)) }
            let head = Array(#"{"id":\#(index),"s":""#.utf8)
            let body = [UInt8](repeating: UInt8(ascii: "a") + UInt8(index % 26), count: size)
            return .element(head + body + Array(#""}"#.utf8))
        }
    }

    @Test("below the threshold the elements stay in memory: no file, the same elements in order")
    func inMemory() throws {
        let folder = try Self.folder()
        let pieces = Self.pieces(count: 10, size: 100)
        let spool = SpooledElements(threshold: 10_000, directory: folder)
        for piece in pieces { try spool.append(piece) }
        #expect(!spool.isSpilled)
        #expect(spool.count == 10)
        #expect(Self.openFiles(under: folder).isEmpty)
        #expect(try Self.read(spool) == pieces)
        #expect(try Self.read(spool) == pieces, "a spool reads the same twice")
    }

    @Test("above the threshold the elements go to an unlinked 0600 file: the same elements in order; gone after use")
    func spilled() throws {
        let folder = try Self.folder()
        let pieces = Self.pieces(count: 40, size: 1_000)
        do {
            let spool = SpooledElements(threshold: 5_000, directory: folder)
            for piece in pieces { try spool.append(piece) }
            #expect(spool.isSpilled)
            // The file has no name (nothing in the folder), only the descriptor, which reads `(deleted)`.
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
            let open = Self.openFiles(under: folder)
            #expect(open.count == 1)
            #expect(open.first?.hasSuffix("(deleted)") == true, "\(open)")
            let descriptor = try #require(Self.openDescriptors(under: folder).first)
            var info = stat()
            #expect(stat("/proc/self/fd/\(descriptor)", &info) == 0)
            #expect(info.st_mode & 0o777 == 0o600)
            #expect(info.st_size > 30_000, "most of the elements are in the file")
            #expect(try Self.read(spool) == pieces)
            #expect(try Self.read(spool) == pieces, "a spool reads the same twice")
        }
        #expect(Self.openFiles(under: folder).isEmpty, "the file goes with the spool")
    }

    @Test("an element that alone crosses the threshold goes to the file; an empty spool reads nothing")
    func edges() throws {
        let folder = try Self.folder()
        let empty = SpooledElements(threshold: 0, directory: folder)
        #expect(try Self.read(empty).isEmpty)
        let spool = SpooledElements(threshold: 10, directory: folder)
        try spool.append(.element(Array("[1,2,3,4,5,6,7,8,9,10]".utf8)))
        try spool.append(.element([]))
        #expect(spool.isSpilled)
        #expect(try Self.read(spool) == [.element(Array("[1,2,3,4,5,6,7,8,9,10]".utf8)), .element([])])
    }

    @Test("a folder that cannot hold the file is a Failure naming it, once the threshold is crossed")
    func unwritableFolder() throws {
        let spool = SpooledElements(threshold: 4, directory: "/nonexistent-\(UUID().uuidString)")
        try spool.append(.element(Array("1".utf8)))
        let failure = #expect(throws: SpooledElements.Failure.self) { try spool.append(.element(Array("12345".utf8))) }
        #expect(failure?.reason.hasPrefix("cannot spool the answer to a temporary file in /nonexistent-") == true)
    }
}
