extension ShowReference {
    /// Returns the show name an input line carries, from the same place ``showID(fromLine:)`` takes the id.
    ///
    /// - a search result or schedule item: `show.name`;
    /// - a web schedule item or a credit with an embedded show: `_embedded.show.name`;
    /// - a show record: its top-level `name`;
    /// - a bare id (`82`, `"82"`): no name.
    ///
    /// - Parameter bytes: One input line that ``showID(fromLine:)`` accepted.
    /// - Returns: The name, or `nil` when the line has none (or it is not a string).
    public static func showName(fromLine bytes: some Collection<UInt8>) -> String? {
        let line = Array(bytes)
        guard line.drop(while: RawJSONScanner.isWhitespace).first == UInt8(ascii: "{") else { return nil }
        if let show = try? RawJSON.value(forKey: "show", in: line) {
            return name(in: show)
        }
        if let show = try? RawJSON.value(atPath: ["_embedded", "show"], in: line) {
            return name(in: show)
        }
        return name(in: line)
    }

    private static func name(in object: [UInt8]) -> String? {
        guard object.first == UInt8(ascii: "{"), let raw = try? RawJSON.value(forKey: "name", in: object)
        else { return nil }
        return RawJSON.string(raw)
    }
}
