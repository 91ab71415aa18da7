/// Lenient decoding helpers: a field that is absent, `null` or of an unexpected type decodes as `nil`
/// instead of failing the whole record (TVMaze's field set grew over the years and any field may be null).
extension KeyedDecodingContainer {
    /// The value for `key`, or `nil` if it is absent, `null` or cannot be decoded as `Value`.
    func lenient<Value: Decodable>(_ key: Key) -> Value? {
        (try? decodeIfPresent(Value.self, forKey: key)) ?? nil
    }

    /// The array for `key` without the elements that cannot be decoded as `Element`;
    /// `nil` if the key is absent, `null` or not an array.
    func lenientArray<Element: Decodable>(_ key: Key) -> [Element]? {
        guard var container = try? nestedUnkeyedContainer(forKey: key) else { return nil }
        var result: [Element] = []
        while !container.isAtEnd {
            if let element = try? container.decode(Element.self) {
                result.append(element)
            } else if (try? container.decodeNil()) != true && (try? container.decode(SkippedValue.self)) == nil {
                break  // cannot step over the element; keep what was decoded
            }
        }
        return result
    }
}

/// Decodes any JSON value and ignores it, to step over an array element that failed to decode.
private struct SkippedValue: Decodable {
    init(from decoder: any Decoder) throws {}
}

/// Stores a value out of line, so that models can contain each other (a show embeds episodes, a schedule
/// episode embeds its show) without an infinitely large struct.
final class IndirectBox<Value: Sendable & Equatable>: Sendable, Equatable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }

    static func == (lhs: IndirectBox, rhs: IndirectBox) -> Bool {
        lhs.value == rhs.value
    }
}
