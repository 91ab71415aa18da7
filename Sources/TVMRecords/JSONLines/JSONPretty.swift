/// Compact JSON laid out for reading, as `jq .` prints it: two-space indents, one member or element per line,
/// and, when asked, jq 1.6's default colours.
///
/// ```swift
/// JSONPretty.render(Array(#"{"id":1,"genres":["Drama"]}"#.utf8), color: false)
/// // {
/// //   "id": 1,
/// //   "genres": [
/// //     "Drama"
/// //   ]
/// // }
/// ```
public enum JSONPretty {
    /// jq 1.6's colours (`JQ_COLORS` defaults): null, false, true, numbers, strings, arrays, objects, keys.
    private enum Palette {
        static let null = "\u{1B}[1;30m"
        static let scalar = "\u{1B}[0;39m"
        static let string = "\u{1B}[0;32m"
        static let container = "\u{1B}[1;39m"
        static let key = "\u{1B}[34;1m"
        static let reset = "\u{1B}[0m"
    }

    /// Lays out one compact JSON value.
    ///
    /// - Parameters:
    ///   - value: Valid compact JSON (as the tools' records are); other text is laid out on a best-effort basis.
    ///   - indent: The indent level of the value's first line, in steps of two spaces.
    ///   - color: Whether to colour it as jq does on a terminal.
    /// - Returns: The text, without a final newline.
    public static func render(_ value: some Collection<UInt8>, indent: Int = 0, color: Bool) -> String {
        let bytes = Array(value)
        var out: [UInt8] = Array(repeating: UInt8(ascii: " "), count: indent * 2)
        var level = indent
        var index = 0
        // Whether the next string is an object key, per open container (true for objects).
        var inObject: [Bool] = []
        var expectKey = false

        func paint(_ code: String) { if color { out += Array(code.utf8) } }
        func newline() {
            out.append(0x0A)
            out += Array(repeating: UInt8(ascii: " "), count: level * 2)
        }

        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let close: UInt8 = byte == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
                paint(Palette.container)
                out.append(byte)
                if index + 1 < bytes.count, bytes[index + 1] == close {
                    out.append(close)
                    paint(Palette.reset)
                    index += 2
                    expectKey = false
                    continue
                }
                paint(Palette.reset)
                inObject.append(byte == UInt8(ascii: "{"))
                expectKey = byte == UInt8(ascii: "{")
                level += 1
                newline()
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                level = max(0, level - 1)
                _ = inObject.popLast()
                newline()
                paint(Palette.container)
                out.append(byte)
                paint(Palette.reset)
            case UInt8(ascii: ","):
                out.append(byte)
                expectKey = inObject.last ?? false
                newline()
            case UInt8(ascii: ":"):
                out += [UInt8(ascii: ":"), UInt8(ascii: " ")]
            case UInt8(ascii: "\""):
                var end = index + 1
                while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
                    end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
                }
                end = min(end + 1, bytes.count)
                paint(expectKey ? Palette.key : Palette.string)
                out += bytes[index..<end]
                paint(Palette.reset)
                expectKey = false
                index = end
                continue
            case UInt8(ascii: " "), 0x0A, 0x0D, 0x09:
                break
            default:
                var end = index
                while end < bytes.count, !",:]} \n\r\t".utf8.contains(bytes[end]) { end += 1 }
                let word = bytes[index..<end]
                paint(word.first == UInt8(ascii: "n") ? Palette.null : Palette.scalar)
                out += word
                paint(Palette.reset)
                index = end
                continue
            }
            index += 1
        }
        return String(decoding: out, as: UTF8.self)
    }
}
