import TVMRecords

/// What one input line of `tvm-fav add` gives: a complete show to save as it is, or an id to fetch first.
///
/// The line forms are those of ``ShowReference`` (a bare id, a show record, a search result, a record with
/// `_embedded.show`), and the show is found where ``ShowReference`` finds its id. When that place holds a
/// complete show (see ``ShowRecord``), it is saved without a network request; otherwise only the id is used.
///
/// ```swift
/// try FavoriteSource(line: Array("82".utf8))                                  // .id(82)
/// try FavoriteSource(line: Array(#"{"score":0.9,"show":{"id":139,…}}"#.utf8))  // .record(Girls)
/// ```
public enum FavoriteSource: Sendable, Equatable {
    /// A complete show record, saved as it is.
    case record(ShowRecord)
    /// A show id whose record must be fetched.
    case id(Int)

    /// Reads one input line.
    ///
    /// - Parameter bytes: The line (one JSON value).
    /// - Throws: ``ShowReferenceError`` when the line names no show, with the same messages as
    ///   ``ShowReference/showID(fromLine:)``.
    public init(line bytes: some Collection<UInt8>) throws(ShowReferenceError) {
        let object: ScannedObject?
        do {
            object = try ScannedObject.scan(bytes)
        } catch {
            throw .invalidJSON(error)
        }
        if let object {
            // The same precedence as ShowReference: `show`, then `_embedded.show`, then the object itself.
            if let show = object.lastValue(forKey: "show") {
                if let record = ShowRecord.complete(inValue: show) {
                    self = .record(record)
                    return
                }
            } else if let embedded = object.lastValue(forKey: "_embedded"), embedded.first == UInt8(ascii: "{"),
                let show = (try? RawJSON.value(forKey: "show", in: embedded)) ?? nil
            {
                if let record = ShowRecord.complete(inValue: show) {
                    self = .record(record)
                    return
                }
            } else if let record = ShowRecord.complete(object) {
                self = .record(record)
                return
            }
        }
        self = .id(try ShowReference.showID(fromLine: bytes))
    }

    /// The show id the line names.
    public var showID: Int {
        switch self {
        case .record(let record): return record.id
        case .id(let id): return id
        }
    }
}
