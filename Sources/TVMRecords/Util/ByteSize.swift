import Foundation

/// A size in bytes, read from text such as `256MB`, `1.5G`, `500k` or `1048576`.
///
/// Units are powers of 1024, as `du -h` prints them: `k`/`KB`/`KiB` = 1024, `M`/`MB`/`MiB` = 1024²,
/// `G`/`GB`/`GiB` = 1024³, `T`… = 1024⁴. Case and a space before the unit do not matter.
public struct ByteSize: Sendable, Equatable, Comparable, CustomStringConvertible {
    /// The number of bytes.
    public var bytes: Int

    /// Creates a size.
    ///
    /// - Parameter bytes: The number of bytes.
    public init(bytes: Int) { self.bytes = bytes }

    /// Parses a size.
    ///
    /// - Parameter text: e.g. `256MB`.
    /// - Returns: `nil` when the text is not a non-negative number with an optional known unit.
    public init?(parsing text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        let digits = trimmed.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
        let unit = trimmed.dropFirst(digits.count).trimmingCharacters(in: .whitespaces)
        guard !digits.isEmpty, digits.filter({ $0 == "." }).count <= 1, digits != ".", let value = Double(digits)
        else { return nil }
        let powers: [String: Int] = [
            "": 0, "b": 0, "k": 1, "kb": 1, "kib": 1, "m": 2, "mb": 2, "mib": 2, "g": 3, "gb": 3, "gib": 3,
            "t": 4, "tb": 4, "tib": 4,
        ]
        guard let power = powers[unit] else { return nil }
        let scaled = (value * Double(1 << (10 * power))).rounded(.down)
        guard scaled.isFinite, scaled < Double(Int.max) else { return nil }
        bytes = Int(scaled)
    }

    /// The size in the largest unit that keeps it at least 1, e.g. `256.0 MiB`.
    public var description: String {
        let units = ["B", "KiB", "MiB", "GiB", "TiB"]
        var value = Double(bytes)
        var index = 0
        // 1023.95 and up would print as "1024.0", so they move to the next unit.
        while value >= 1023.95, index < units.count - 1 {
            value /= 1024
            index += 1
        }
        return index == 0 ? "\(bytes) B" : Self.oneDecimal(value) + " " + units[index]
    }

    /// `value` with one decimal, as `%.1f` prints it.
    private static func oneDecimal(_ value: Double) -> String { String(format: "%.1f", value) }

    /// Orders sizes by bytes.
    public static func < (lhs: ByteSize, rhs: ByteSize) -> Bool { lhs.bytes < rhs.bytes }
}
