import TVMRecords

/// What one input line of `tvm-img` asks for: records whose images to fetch, or shows to fetch first.
///
/// A line may hold:
/// - a JSON object: a record of any kind (show, search result, episode, person, cast or crew entry, cast
///   credit, season); see ``ImageReference`` for where its image is found;
/// - a JSON array: a list of such records (an `_embedded` list, a raw API array), each handled on its own;
/// - a show id: `82` or `"82"`, in an array too.
///
/// ```swift
/// try ImageInput.items(inLine: Array(#"[{"id":1,"image":null},82]"#.utf8))
/// // [.record(Array(#"{"id":1,"image":null}"#.utf8)), .showID(82)]
/// ```
public enum ImageInput {
    /// One unit of work from an input line.
    public enum Item: Sendable, Equatable {
        /// A record, as compact JSON, passed on with `_tvm.image` added.
        case record([UInt8])
        /// A show id: the show record is fetched, then handled like a record.
        case showID(Int)
    }

    /// The items of one input line, in order.
    ///
    /// - Parameter line: One JSON value (a line of JSON Lines).
    /// - Returns: One item for an object or an id; one per element for an array (none for `[]`).
    /// - Throws: ``ImageInputError`` for a value that is none of the accepted forms (the whole line is refused).
    public static func items(inLine line: some Collection<UInt8>) throws(ImageInputError) -> [Item] {
        let value: [UInt8]
        do {
            value = try RawJSON.compact(line)
        } catch {
            throw .invalidJSON(error)
        }
        if value.first == UInt8(ascii: "[") {
            let elements: [[UInt8]]
            do {
                elements = try RawJSON.elements(ofArray: value)
            } catch {
                throw .invalidJSON(error)
            }
            var items: [Item] = []
            for (index, element) in elements.enumerated() {
                guard element.first != UInt8(ascii: "[") else { throw .nestedArray(element: index + 1) }
                items.append(try item(element))
            }
            return items
        }
        return [try item(value)]
    }

    private static func item(_ value: [UInt8]) throws(ImageInputError) -> Item {
        switch value.first ?? 0 {
        case UInt8(ascii: "{"):
            return .record(value)
        case UInt8(ascii: "\""), UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            do {
                return .showID(try ShowReference.showID(fromLine: value))
            } catch {
                throw .invalidShowID(quote(value))
            }
        default:
            throw .unsupportedValue(quote(value))
        }
    }

    /// The JSON text for a message, shortened to 40 characters.
    private static func quote(_ text: [UInt8]) -> String { Excerpt.of(text, limit: 40) }
}
