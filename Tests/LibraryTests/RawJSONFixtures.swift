import Foundation

/// Finds and loads the recorded TVMaze responses under `Tests/Fixtures/tvmaze` for the JSON tests.
enum RawJSONFixtures {
    /// `Tests/Fixtures/tvmaze`, found from this file's path.
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("Fixtures/tvmaze")

    /// The bytes of the fixture at `path` (relative to `Fixtures/tvmaze`, e.g. `shows/page-0.json`).
    static func bytes(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: directory.appendingPathComponent(path)))
    }

    /// The relative paths of every `.json` fixture, sorted.
    static func allPaths() -> [String] {
        let root = directory.standardizedFileURL.resolvingSymlinksInPath().path
        let enumerator = FileManager.default.enumerator(atPath: root)
        var paths: [String] = []
        while let path = enumerator?.nextObject() as? String {
            if path.hasSuffix(".json") {
                paths.append(path)
            }
        }
        return paths.sorted()
    }

    /// A whitespace stripper simple enough to be obviously right: drops space, tab, CR and LF outside strings.
    static func stripWhitespace(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var inString = false
        var escaped = false
        for byte in bytes {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                result.append(byte)
            } else if byte == UInt8(ascii: "\"") {
                inString = true
                result.append(byte)
            } else if ![0x20, 0x09, 0x0A, 0x0D].contains(byte) {
                result.append(byte)
            }
        }
        return result
    }

    /// Parses JSON text with Foundation, as an independent check of content equality.
    static func foundationObject(_ bytes: [UInt8]) throws -> NSObject {
        try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]) as! NSObject
    }

    /// The UTF-8 bytes of `text`.
    static func utf8(_ text: String) -> [UInt8] {
        Array(text.utf8)
    }

    /// The text of `bytes`, for readable expectations.
    static func text(_ bytes: [UInt8]?) -> String? {
        bytes.map { String(decoding: $0, as: UTF8.self) }
    }
}
