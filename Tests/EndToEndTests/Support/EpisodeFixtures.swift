import Foundation

/// Oracles over the recorded episode lists, independent of the code under test.
enum EpisodeFixtures {
    /// The compact, URL-rewritten elements of a recorded top-level array file.
    static func elements(_ path: String, baseURL: String) throws -> [String] {
        try Fixtures.elements(path, baseURL: baseURL)
    }

    /// The compact, URL-rewritten elements of the array under `"_embedded":{…"key":[…]` in a recorded show.
    static func embedded(_ key: String, in path: String, baseURL: String) throws -> [String] {
        let text = Fixtures.rewrite(
            String(decoding: Fixtures.compact(try Fixtures.data(path)), as: UTF8.self), baseURL: baseURL)
        guard let embedded = text.range(of: "\"_embedded\":{"),
            let start = text.range(of: "\"\(key)\":[", range: embedded.upperBound..<text.endIndex)
        else { return [] }
        return split(array: text[text.index(before: start.upperBound)...])
    }

    /// The top-level elements of the array that starts `text` (which may continue after the array).
    static func split(array text: Substring) -> [String] {
        var elements: [String] = []
        var depth = 0
        var inString = false
        var escaped = false
        var current = ""
        for character in text.dropFirst() {
            if inString {
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inString = false
                }
            } else if character == "\"" {
                inString = true
            } else if character == "{" || character == "[" {
                depth += 1
            } else if character == "}" || character == "]" {
                if depth == 0 { break }
                depth -= 1
            } else if character == "," && depth == 0 {
                elements.append(current)
                current = ""
                continue
            }
            current.append(character)
        }
        if !current.isEmpty { elements.append(current) }
        return elements
    }

    /// An episode element as tvm-episodes prints it: `_tvm.show` appended as the last member.
    static func labelled(_ element: String, id: Int, name: String) -> String {
        let label = "{\"id\":\(id),\"name\":\(quoted(name))}"
        return String(element.dropLast()) + ",\"_tvm\":{\"show\":\(label)}}"
    }

    /// A JSON string literal for plain ASCII names.
    static func quoted(_ name: String) -> String { "\"" + name + "\"" }

    /// Parses one JSON object line.
    static func object(_ line: String) throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
            throw CocoaError(.coderReadCorrupt)
        }
        return object
    }

    /// How many elements of a recorded array file have each season number.
    static func seasonCounts(_ path: String) throws -> [Int: Int] {
        let list = try JSONSerialization.jsonObject(with: Data(try Fixtures.data(path))) as? [[String: Any]] ?? []
        return list.reduce(into: [:]) { counts, episode in counts[episode["season"] as? Int ?? -1, default: 0] += 1 }
    }

    /// How many output lines of each show have each season number.
    static func seasonCounts(lines: [String]) throws -> [Int: [Int: Int]] {
        var counts: [Int: [Int: Int]] = [:]
        for line in lines {
            let object = try object(line)
            let show = ((object["_tvm"] as? [String: Any])?["show"] as? [String: Any])?["id"] as? Int ?? -1
            counts[show, default: [:]][object["season"] as? Int ?? -1, default: 0] += 1
        }
        return counts
    }
}
