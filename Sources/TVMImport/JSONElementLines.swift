/// The line each element of a JSON array starts on, so that a message about an entry of a pretty-printed export
/// sends the user to the right place.
enum JSONElementLines {
    /// The 1-based line of each element of the top-level array, or of the array a top-level object's member holds.
    ///
    /// - Parameters:
    ///   - bytes: JSON that has been parsed already, so it is valid.
    ///   - member: The top-level member whose array is meant (its key as written, unescaped); `nil` for a
    ///     top-level array.
    /// - Returns: One line per element, in order; empty when there is no such array.
    static func lines(in bytes: [UInt8], member: String? = nil) -> [Int] {
        let depthOfElements = member == nil ? 1 : 2
        let wanted = member.map { Array($0.utf8)[...] }
        var lines: [Int] = []
        var line = 1
        var depth = 0
        var inString = false
        var escaped = false
        var stringStart = 0
        var lastString: ArraySlice<UInt8> = []
        var key: ArraySlice<UInt8>?
        var inArray = false
        var awaitingElement = false
        for (index, byte) in zip(bytes.indices, bytes) {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                    lastString = bytes[stringStart..<index]
                }
                continue
            }
            if byte == UInt8(ascii: "\n") { line += 1 }
            if [9, 10, 13, 32].contains(byte) { continue }
            if awaitingElement {
                awaitingElement = false
                if byte != UInt8(ascii: "]") { lines.append(line) }
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
                stringStart = index + 1
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                if byte == UInt8(ascii: "["), depth == depthOfElements, wanted == nil || key == wanted {
                    inArray = true
                    awaitingElement = true
                }
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                if depth == depthOfElements { inArray = false }
                depth -= 1
            case UInt8(ascii: ","):
                awaitingElement = inArray && depth == depthOfElements
            case UInt8(ascii: ":"):
                if depth == 1 { key = lastString }
            default:
                break
            }
        }
        return lines
    }
}
