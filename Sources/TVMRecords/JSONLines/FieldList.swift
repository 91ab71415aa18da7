import Foundation

/// A `--fields` list: record fields named by dotted paths, in the order given.
///
/// ```swift
/// let fields = try FieldList("id,name,network.name")
/// fields.project(Array(#"{"id":1,"name":"Girls","network":{"name":"HBO"}}"#.utf8))
/// // {"id":1,"name":"Girls","network.name":"HBO"}
/// ```
public struct FieldList: Sendable, Equatable {
    /// The paths as given, for example `network.name`; they name the columns and the projected keys.
    public let names: [String]
    /// Each path split into its keys: `["network", "name"]`.
    public let paths: [[String]]

    /// Parses a comma-separated list of dotted paths.
    ///
    /// Spaces around names are ignored. A name that is empty, or has an empty step (`a..b`), is refused.
    /// - Parameter text: The list, for example `id,name,rating.average,_tvm.score`.
    /// - Throws: ``FieldListError`` naming the list when a field is empty.
    public init(_ text: String) throws(FieldListError) {
        let names = text.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        for name in names
        where name.isEmpty || name.split(separator: ".", omittingEmptySubsequences: false).contains("") {
            throw FieldListError(list: text)
        }
        // A name given twice is kept once, in its first place: a JSON object has one member of a name.
        var seen: Set<String> = []
        let unique = names.filter { seen.insert($0).inserted }
        self.names = unique
        self.paths = unique.map { $0.split(separator: ".").map(String.init) }
    }

    /// The record reduced to the listed fields, in order, keyed by their paths as given.
    ///
    /// A field the record lacks (or a step into something that is not an object) is `null`, as in
    /// `gh --json`. A record that is not a JSON object gives every field `null`.
    /// - Parameter record: A compact JSON record.
    /// - Returns: A compact JSON object.
    public func project(_ record: some Collection<UInt8>) -> [UInt8] {
        var out: [UInt8] = [UInt8(ascii: "{")]
        for (index, name) in names.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out += JSONText.string(name)
            out.append(UInt8(ascii: ":"))
            out += value(at: index, in: record) ?? Array("null".utf8)
        }
        out.append(UInt8(ascii: "}"))
        return out
    }

    /// The listed names whose first key a record lacks (`nme` for `--fields nme`): fields that records of its
    /// kind do not have. A deeper step the record lacks (`network.name` of a show with no network) is not one.
    ///
    /// - Parameter record: A compact JSON record.
    /// - Returns: The names, in the list's order; none when the record is not a JSON object.
    public func unknownNames(in record: some Collection<UInt8>) -> [String] {
        guard let keys = try? RawJSON.keys(ofObject: record) else { return [] }
        let present = Set(keys)
        return zip(names, paths).filter { !present.contains($0.1[0]) }.map(\.0)
    }

    /// The compact value of field `index` in `record`, or `nil` when the record lacks it.
    ///
    /// - Parameters:
    ///   - index: A position in ``names``.
    ///   - record: A compact JSON record.
    public func value(at index: Int, in record: some Collection<UInt8>) -> [UInt8]? {
        guard record.first == UInt8(ascii: "{") else { return nil }
        return (try? RawJSON.value(atPath: paths[index], in: record)) ?? nil
    }
}

/// A `--fields` list with an empty field.
public struct FieldListError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The list as given.
    public let list: String

    /// What is wrong and what to write instead.
    public var description: String {
        "--fields \"\(list)\" has an empty field: give comma-separated names or dotted paths, such as "
            + "id,name,network.name"
    }
}

extension RawJSON {
    /// The text of a JSON value for a table or CSV cell.
    ///
    /// A string is its decoded text, `null` is empty, numbers and booleans are their JSON text, an array of
    /// strings, numbers and booleans is its elements' texts joined by `", "` (`Drama, Thriller`), and any other
    /// array or object is its compact JSON.
    /// - Parameter raw: The compact JSON text of one value.
    /// - Returns: The cell text.
    public static func cellText(_ raw: some Collection<UInt8>) -> String {
        switch raw.first {
        case UInt8(ascii: "\""):
            return string(raw) ?? String(decoding: raw, as: UTF8.self)
        case UInt8(ascii: "n"):
            return ""
        case UInt8(ascii: "["):
            let elements = (try? elements(ofArray: raw)) ?? []
            let scalar = elements.allSatisfy { $0.first != UInt8(ascii: "[") && $0.first != UInt8(ascii: "{") }
            guard scalar else { return String(decoding: raw, as: UTF8.self) }
            return elements.map { cellText($0) }.filter { !$0.isEmpty }.joined(separator: ", ")
        default:
            return String(decoding: raw, as: UTF8.self)
        }
    }
}
