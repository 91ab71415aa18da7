/// Finds the show id an input line refers to, for tools that read shows from stdin (`tvm-fav add`, …).
///
/// Accepted line forms (surrounding whitespace is fine):
/// - a bare id: `82`, or the same as a JSON string `"82"` (what `jq '.id|tostring'` prints);
/// - a record with a top-level `show` object: a search result `{"score":…,"show":{"id":82,…}}`, our own
///   records carrying `_tvm`, and `/schedule` items; the id is `show.id`;
/// - a record with `_embedded.show` (web schedule items, cast credits with `?embed=show`): `_embedded.show.id`;
/// - a show record (or any object not recognised as another kind) with a numeric top-level `id`.
///
/// Ids must be positive integers without fraction or exponent. Records recognised as another kind by
/// ``TVMazeRecordKind`` (an episode, a person, a season, …) are refused, because their `id` is not a show id.
///
/// ```swift
/// let id = try ShowReference.showID(fromLine: Array(#"{"score":17.2,"show":{"id":139}}"#.utf8))  // 139
/// ```
public enum ShowReference {
    /// Returns the show id the JSON text `bytes` refers to.
    ///
    /// - Parameter bytes: One input line (a JSON value).
    /// - Returns: A positive show id.
    /// - Throws: ``ShowReferenceError`` naming what was expected and what was found.
    public static func showID(fromLine bytes: some Collection<UInt8>) throws(ShowReferenceError) -> Int {
        try show(fromLine: bytes).id
    }

    /// Returns the show the JSON text `bytes` refers to: its id as ``showID(fromLine:)`` finds it, and the name
    /// and `averageRuntime` the line gives for it (of the `show` or `_embedded.show` member when there is one).
    ///
    /// - Parameter bytes: One input line (a JSON value).
    /// - Returns: The show.
    /// - Throws: ``ShowReferenceError`` naming what was expected and what was found.
    public static func show(fromLine bytes: some Collection<UInt8>) throws(ShowReferenceError) -> ReferencedShow {
        let object: ScannedObject?
        var compact: [UInt8] = []
        do throws(RawJSONError) {
            object = try ScannedObject.scan(bytes)
            if object == nil {
                compact = try RawJSON.compact(bytes)
            }
        } catch {
            throw .invalidJSON(error)
        }
        guard let object else {
            return ReferencedShow(id: try showID(fromValue: compact), name: nil, averageRuntime: nil)
        }
        return try show(in: object)
    }

    /// The id of a line that is not an object: a number, or a number in a string.
    private static func showID(fromValue text: [UInt8]) throws(ShowReferenceError) -> Int {
        switch text.first ?? 0 {
        case UInt8(ascii: "\""):
            let string = RawJSON.string(text) ?? ""
            guard string.utf8.allSatisfy(RawJSONScanner.isDigit), let id = RawJSON.integer(Array(string.utf8))
            else { throw .invalidID(quote(text)) }
            return try positive(id, text)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            guard let id = RawJSON.integer(text) else { throw .invalidID(quote(text)) }
            return try positive(id, text)
        case UInt8(ascii: "["):
            throw .array
        default:
            throw .unsupportedValue(quote(text))
        }
    }

    /// The show an object line names: its `show` member, else its `_embedded.show`, else the object itself (a show
    /// record, or an object not recognised as another kind).
    private static func show(in object: ScannedObject) throws(ShowReferenceError) -> ReferencedShow {
        var nested: (object: [UInt8], shape: String)?
        if let show = object.lastValue(forKey: "show") {
            nested = (show, "the \"show\" member")
        } else if let embedded = object.lastValue(forKey: "_embedded"), embedded.first == UInt8(ascii: "{"),
            let show = (try? RawJSON.value(forKey: "show", in: embedded)) ?? nil
        {
            nested = (show, "the \"_embedded.show\" member")
        }
        if let (show, shape) = nested {
            guard show.first == UInt8(ascii: "{"), let object = (try? ScannedObject.scan(show)) ?? nil else {
                throw .missingID("\(shape), which is \(quote(show)) and not an object,")
            }
            return try referenced(by: object, missing: "\(shape) (no \"id\")")
        }
        let kind = TVMazeRecordKind.detect(keys: object.keys)
        guard kind == .show || kind == .unknown else {
            throw .wrongRecordKind(kind)
        }
        return try referenced(by: object, missing: "an object without \"id\" or \"show\"")
    }

    /// The show whose `id`, `name` and `averageRuntime` are members of `object`.
    private static func referenced(by object: ScannedObject, missing: String) throws(ShowReferenceError)
        -> ReferencedShow
    {
        guard let raw = object.lastValue(forKey: "id") else { throw .missingID(missing) }
        guard let id = RawJSON.integer(raw) else { throw .invalidID(quote(raw)) }
        return ReferencedShow(
            id: try positive(id, raw), name: object.lastValue(forKey: "name").flatMap { RawJSON.string($0) },
            averageRuntime: object.lastValue(forKey: "averageRuntime").flatMap { RawJSON.integer($0) })
    }

    private static func positive(_ id: Int, _ text: [UInt8]) throws(ShowReferenceError) -> Int {
        guard id > 0 else { throw .invalidID(quote(text)) }
        return id
    }

    /// The JSON text for a message, shortened to 40 characters.
    private static func quote(_ text: [UInt8]) -> String { Excerpt.of(text, limit: 40) }
}

/// A show an input line refers to: its id, and what the line says of it.
public struct ReferencedShow: Sendable, Equatable {
    /// The show id.
    public var id: Int
    /// The show's name, when the line gives it.
    public var name: String?
    /// The show's `averageRuntime`, when the line gives it.
    public var averageRuntime: Int?

    /// A show reference.
    public init(id: Int, name: String?, averageRuntime: Int?) {
        self.id = id
        self.name = name
        self.averageRuntime = averageRuntime
    }
}
