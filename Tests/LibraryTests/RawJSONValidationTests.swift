import Foundation
import Testing

@testable import TVMImages
@testable import TVMRecords
@testable import TVMStore
@testable import TVMTerminal
@testable import TVMazeAPI

@Suite("RawJSON validation and string encoding")
struct RawJSONValidationTests {
    typealias Fixtures = RawJSONFixtures

    /// Invalid inputs with the error each must produce (offsets are zero-based bytes).
    static let invalidCases: [(input: [UInt8], error: RawJSONError)] = [
        (Array("".utf8), .unexpectedEnd(offset: 0, expected: RawJSONScanner.aValue)),
        (Array("  ".utf8), .unexpectedEnd(offset: 2, expected: RawJSONScanner.aValue)),
        (Array("{".utf8), .unexpectedEnd(offset: 1, expected: "a string key or '}'")),
        (Array("[1,]".utf8), .unexpectedCharacter(offset: 3, found: "character ']'", expected: RawJSONScanner.aValue)),
        (
            Array("[1 2]".utf8),
            .unexpectedCharacter(offset: 3, found: "character '2'", expected: "',' or ']' after an array element")
        ),
        (
            Array(#"{"a" 1}"#.utf8),
            .unexpectedCharacter(offset: 5, found: "character '1'", expected: "':' after the object key")
        ),
        (Array(#"{"a":1,}"#.utf8), .unexpectedCharacter(offset: 7, found: "character '}'", expected: "a string key")),
        (
            Array("{'a':1}".utf8),
            .unexpectedCharacter(offset: 1, found: "character '''", expected: "a string key or '}'")
        ),
        (
            Array(#"{"a":1 "b":2}"#.utf8),
            .unexpectedCharacter(offset: 7, found: "character '\"'", expected: "',' or '}' after an object member")
        ),
        (Array("01".utf8), .invalidNumber(offset: 0, reason: "leading zeros are not allowed")),
        (Array("-01".utf8), .invalidNumber(offset: 0, reason: "leading zeros are not allowed")),
        (Array("1.".utf8), .unexpectedEnd(offset: 2, expected: "a digit after the decimal point")),
        (
            Array("1.e5".utf8),
            .invalidNumber(offset: 2, reason: "expected a digit after the decimal point, found character 'e'")
        ),
        (Array("-".utf8), .unexpectedEnd(offset: 1, expected: "a digit after '-'")),
        (Array("-x".utf8), .invalidNumber(offset: 1, reason: "expected a digit after '-', found character 'x'")),
        (Array("1e".utf8), .unexpectedEnd(offset: 2, expected: "a digit in the exponent")),
        (Array("1e+".utf8), .unexpectedEnd(offset: 3, expected: "a digit in the exponent")),
        (Array("+1".utf8), .unexpectedCharacter(offset: 0, found: "character '+'", expected: RawJSONScanner.aValue)),
        (Array(".5".utf8), .unexpectedCharacter(offset: 0, found: "character '.'", expected: RawJSONScanner.aValue)),
        (Array("NaN".utf8), .unexpectedCharacter(offset: 0, found: "character 'N'", expected: RawJSONScanner.aValue)),
        (Array("tru".utf8), .unexpectedEnd(offset: 3, expected: "the literal true")),
        (Array("trux".utf8), .unexpectedCharacter(offset: 3, found: "character 'x'", expected: "the literal true")),
        (Array("nul".utf8), .unexpectedEnd(offset: 3, expected: "the literal null")),
        (Array("True".utf8), .unexpectedCharacter(offset: 0, found: "character 'T'", expected: RawJSONScanner.aValue)),
        (Array(#""abc"#.utf8), .unexpectedEnd(offset: 4, expected: "'\"' to close the string that starts at byte 0")),
        (Array(#""a\x""#.utf8), .invalidEscape(offset: 2, sequence: #"\x"#)),
        (Array(#""\u12G4""#.utf8), .invalidEscape(offset: 1, sequence: #"\u12G"#)),
        (Array(#""\u12"#.utf8), .unexpectedEnd(offset: 5, expected: "four hex digits after '\\u'")),
        (Array(#""\uD83D""#.utf8), .unpairedSurrogate(offset: 1, escape: #"\uD83D"#)),
        (Array(#""\uD83Dx""#.utf8), .unpairedSurrogate(offset: 1, escape: #"\uD83D"#)),
        (Array(#""\uD83D\u0041""#.utf8), .unpairedSurrogate(offset: 1, escape: #"\uD83D"#)),
        (Array(#""\uD83D\uZZZZ""#.utf8), .invalidEscape(offset: 7, sequence: #"\uZ"#)),
        (Array(#""a\uDE00""#.utf8), .unpairedSurrogate(offset: 2, escape: #"\uDE00"#)),
        (Array("\"a\u{01}\"".utf8), .controlCharacterInString(offset: 2, byte: 0x01)),
        (Array("\"line\nbreak\"".utf8), .controlCharacterInString(offset: 5, byte: 0x0A)),
        (Array("[1] x".utf8), .trailingCharacters(offset: 4, found: "character 'x'")),
        (Array("1 2".utf8), .trailingCharacters(offset: 2, found: "character '2'")),
        (Array("{}{}".utf8), .trailingCharacters(offset: 2, found: "character '{'")),
        (Array("é".utf8), .unexpectedCharacter(offset: 0, found: "character 'é'", expected: RawJSONScanner.aValue)),
        ([0xFF], .invalidUTF8(offset: 0)),
        ([0x22, 0x61, 0xFF, 0x22], .invalidUTF8(offset: 2)),
        ([0x22, 0xC0, 0x80, 0x22], .invalidUTF8(offset: 1)),  // overlong NUL
        ([0x22, 0xED, 0xA0, 0x80, 0x22], .invalidUTF8(offset: 1)),  // UTF-8-encoded surrogate
        ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], .invalidUTF8(offset: 1)),  // above U+10FFFF
        ([0x22, 0xE2, 0x82], .invalidUTF8(offset: 1)),  // truncated sequence
        ([0x22, 0x80, 0x22], .invalidUTF8(offset: 1)),  // lone continuation byte
        ([0x5B, 0x00, 0x5D], .unexpectedCharacter(offset: 1, found: "byte 0x00", expected: RawJSONScanner.aValue)),
    ]

    @Test("invalid JSON throws the expected error with the byte offset")
    func invalidInputsThrowWithOffsets() {
        for (input, expected) in Self.invalidCases {
            let text = String(decoding: input, as: UTF8.self)
            #expect(throws: expected, "\(text)") { try RawJSON.compact(input) }
            #expect(throws: expected, "\(text)") { try RawJSON.validate(input) }
        }
    }

    @Test("error messages quote the offset and say what was expected")
    func errorMessagesAreReadable() throws {
        let error = try #require(throws: RawJSONError.self) { try RawJSON.compact(Fixtures.utf8(#"{"a" 1}"#)) }
        #expect(error.offset == 5)
        #expect(error.localizedDescription == "unexpected character '1' at byte 5; expected ':' after the object key")
        let control = RawJSONError.controlCharacterInString(offset: 3, byte: 0x1F)
        #expect(control.localizedDescription.contains("\\u001F"))
        let field = RawJSONError.invalidFieldValue(key: "score", underlying: .unexpectedEnd(offset: 0, expected: "x"))
        #expect(field.offset == 0)
        #expect(field.localizedDescription.hasPrefix("the value given for _tvm field \"score\" is not valid JSON"))
    }

    @Test("valid edge cases pass: escapes, surrogate pairs, all number forms, nested empties")
    func validEdgeCasesPass() throws {
        let valid = [
            #""\"\\\/\b\f\n\r\t\u0000\u001f\uFFFF\uD800\uDC00\uDBFF\uDFFF""#, "-0", "0", "0.0", "1e-7", "1.5E+10",
            "-1.25e-300", "123456789012345678901234567890", "[[],{},[{}],{\"\":[]}]", "\"\"", "{\"\":\"\"}",
            "\"\u{10FFFF}\u{7F}ÿ€😀\"", "true", "false", "null",
        ]
        for text in valid {
            #expect(try RawJSON.compact(Fixtures.utf8(text)) == Fixtures.utf8(text), "\(text)")
        }
    }

    @Test("JSONString.encode escapes quotes, backslashes and control characters only")
    func encodeEscapesMinimally() {
        #expect(JSONString.encode("plain") == "\"plain\"")
        #expect(JSONString.encode("a\"b\\c/d") == #""a\"b\\c/d""#)
        #expect(JSONString.encode("\u{8}\u{C}\n\r\t\u{0}\u{1F}\u{7F}") == #""\b\f\n\r\t\u0000\u001f"# + "\u{7F}\"")
        #expect(JSONString.encode("Pokémon 😀 Под куполом") == "\"Pokémon 😀 Под куполом\"")
        #expect(JSONString.encode("") == "\"\"")
    }

    @Test("JSONString.decode reverses encode for awkward strings")
    func encodeDecodeRoundTrip() throws {
        let samples = [
            "", "x", "\"\\", "tab\there", "\u{0}\u{1}\u{1F}", "é😀\u{10FFFF}", String(repeating: "ab\n", count: 1000),
        ]
        for sample in samples {
            let literal = JSONString.encodedBytes(sample)
            #expect(try JSONString.decode(literal) == sample)
            #expect(try RawJSON.compact(literal) == literal, "encoded strings are valid JSON")
            let parsed = try Fixtures.foundationObject(literal) as? String
            #expect(parsed == sample, "Foundation agrees")
        }
        #expect(throws: RawJSONError.wrongTopLevelType(offset: 0, expected: "a string", found: "a number")) {
            try JSONString.decode(Fixtures.utf8("82"))
        }
    }

    @Test("JSONText builds valid JSON for Swift values and null for nil or non-finite numbers")
    func jsonTextValues() throws {
        #expect(Fixtures.text(JSONText.string("a\"b")) == #""a\"b""#)
        #expect(Fixtures.text(JSONText.string(nil)) == "null")
        #expect(Fixtures.text(JSONText.number(-42)) == "-42")
        #expect(Fixtures.text(JSONText.number(Int?.none)) == "null")
        #expect(Fixtures.text(JSONText.number(17.25)) == "17.25")
        #expect(Fixtures.text(JSONText.number(Double.nan)) == "null")
        #expect(Fixtures.text(JSONText.number(-Double.infinity)) == "null")
        #expect(Fixtures.text(JSONText.bool(true)) == "true")
        #expect(Fixtures.text(JSONText.bool(nil)) == "null")
        for value in [1e-7, 5.0, -0.0, 1.5e300, 0.1, 123_456_789.125] {
            let text = JSONText.number(value)
            #expect(try RawJSON.compact(text) == text, "\(value) is valid JSON")
            #expect(Double(String(decoding: text, as: UTF8.self)) == value, "\(value) reads back exactly")
        }
    }
}
