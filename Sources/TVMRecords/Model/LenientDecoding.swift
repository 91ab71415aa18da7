/// A model field that decodes leniently: absent, `null` or of an unexpected type, it is `nil` instead of failing
/// the whole record (TVMaze's field set grew over the years and any field may be null).
@propertyWrapper
public struct Lenient<Value: Decodable & Sendable & Equatable>: Decodable, Sendable, Equatable {
    /// The field's value, `nil` when it was missing or unreadable.
    public var wrappedValue: Value?

    /// Creates a field holding `wrappedValue`.
    public init(wrappedValue: Value? = nil) {
        self.wrappedValue = wrappedValue
    }

    /// Decodes the value, or `nil` if it cannot be decoded as `Value`; never throws.
    public init(from decoder: any Decoder) throws {
        wrappedValue = try? decoder.singleValueContainer().decode(Value.self)
    }
}

/// A model field holding an array that decodes leniently: elements that cannot be decoded are skipped, and an
/// absent, `null` or non-array value is `nil`.
@propertyWrapper
public struct LenientArray<Element: Decodable & Sendable & Equatable>: Decodable, Sendable, Equatable {
    /// The decodable elements, `nil` when the field was missing or not an array.
    public var wrappedValue: [Element]?

    /// Creates a field holding `wrappedValue`.
    public init(wrappedValue: [Element]? = nil) {
        self.wrappedValue = wrappedValue
    }

    /// Decodes the elements that can be decoded as `Element`; never throws.
    public init(from decoder: any Decoder) throws {
        guard var container = try? decoder.unkeyedContainer() else { return }
        var result: [Element] = []
        while !container.isAtEnd {
            if let element = try? container.decode(Element.self) {
                result.append(element)
            } else if (try? container.decodeNil()) != true && (try? container.decode(SkippedValue.self)) == nil {
                break  // cannot step over the element; keep what was decoded
            }
        }
        wrappedValue = result
    }
}

// The synthesised `init(from:)` of a model calls these for its wrapped fields, so that an absent key is `nil`.
extension KeyedDecodingContainer {
    func decode<Value>(_ type: Lenient<Value>.Type, forKey key: Key) throws -> Lenient<Value> {
        (try? decodeIfPresent(type, forKey: key)) ?? Lenient()
    }

    func decode<Element>(_ type: LenientArray<Element>.Type, forKey key: Key) throws -> LenientArray<Element> {
        (try? decodeIfPresent(type, forKey: key)) ?? LenientArray()
    }
}

/// Decodes any JSON value and ignores it, to step over an array element that failed to decode.
private struct SkippedValue: Decodable {
    init(from decoder: any Decoder) throws {}
}

/// Stores a value out of line, so that models can contain each other (a show embeds episodes, a schedule
/// episode embeds its show) without an infinitely large struct.
final class IndirectBox<Value: Decodable & Sendable & Equatable>: Decodable, Sendable, Equatable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }

    init(from decoder: any Decoder) throws {
        value = try Value(from: decoder)
    }

    static func == (lhs: IndirectBox, rhs: IndirectBox) -> Bool {
        lhs.value == rhs.value
    }
}
