import TVMRecords

/// Where a record's image is, and the URL of the size asked for.
///
/// TVMaze puts images in several places depending on the kind of record. The first rule that applies wins:
/// 1. With `preferCharacter`: a cast entry's `character.image`, or a cast credit's `_embedded.character.image`.
/// 2. A top-level `image` member: shows, episodes (also schedule items, which carry a `show` too), seasons,
///    people, characters.
/// 3. A `show` object: show search results, our own records wrapping a show: `show.image`.
/// 4. A `person` object: cast and crew entries, people search results: `person.image`.
/// 5. `_embedded.show` (cast credits fetched with `?embed=show`), then `_embedded.character`.
///
/// Other `_embedded` lists (a show's `cast` or `episodes`) are left alone: a show record gets its own poster.
/// An image is `null` or `{"medium": url, "original": url}`; anything else, or a missing size, means no image.
///
/// ```swift
/// let reference = try ImageReference(record: show, size: .medium)
/// reference.url   // "https://static.tvmaze.com/uploads/images/medium_portrait/0/1.jpg"
/// reference.name  // "Under the Dome"
/// ```
public struct ImageReference: Sendable, Equatable {
    /// The image URL of the chosen size, or `nil` when the record has no image of that size.
    public let url: String?
    /// The `name` of the object the image belongs to (the show, person, episode or character), if it has one.
    public let name: String?
    /// The member path of the object that holds the image, e.g. `["person"]`; empty for the record itself.
    public let owner: [String]

    /// Finds the image of a record.
    ///
    /// - Parameters:
    ///   - record: A JSON object.
    ///   - size: The size to take from the image object.
    ///   - preferCharacter: Whether a cast entry's character image wins over the person's.
    /// - Throws: ``RawJSONError`` if `record` is not a valid JSON object.
    public init(record: some Collection<UInt8>, size: ImageSize, preferCharacter: Bool = false) throws(RawJSONError) {
        let record = try RawJSON.compact(record)
        guard record.first == UInt8(ascii: "{") else {
            throw .wrongTopLevelType(offset: 0, expected: "an object", found: Self.kind(of: record))
        }
        var owners: [[String]] = []
        if preferCharacter {
            owners += [["character"], ["_embedded", "character"]]
        }
        owners += [[], ["show"], ["person"], ["_embedded", "show"], ["_embedded", "character"]]
        for owner in owners {
            guard let object = try Self.object(at: owner, in: record),
                let image = try RawJSON.value(forKey: "image", in: object)
            else { continue }
            self.owner = owner
            self.name = try RawJSON.value(forKey: "name", in: object).flatMap { RawJSON.string($0) }
            if image.first == UInt8(ascii: "{"), let raw = try RawJSON.value(forKey: size.rawValue, in: image) {
                self.url = RawJSON.string(raw)
            } else {
                self.url = nil
            }
            return
        }
        self.owner = []
        self.name = try RawJSON.value(forKey: "name", in: record).flatMap { RawJSON.string($0) }
        self.url = nil
    }

    /// The object at a member path (the record itself for an empty path), or `nil` if it is missing or not one.
    private static func object(at path: [String], in record: [UInt8]) throws(RawJSONError) -> [UInt8]? {
        guard !path.isEmpty else { return record }
        guard let value = try RawJSON.value(atPath: path, in: record), value.first == UInt8(ascii: "{") else {
            return nil
        }
        return value
    }

    private static func kind(of value: [UInt8]) -> String {
        switch value.first {
        case UInt8(ascii: "["): return "an array"
        case UInt8(ascii: "\""): return "a string"
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return "a boolean"
        case UInt8(ascii: "n"): return "null"
        default: return "a number"
        }
    }
}
