import Foundation

/// Sizes in bytes as people write them: `500K`, `200M`, `1.5G`, `4096`.
///
/// Units are powers of 1024, whichever spelling is used: `K`, `KB` and `KiB` all mean 1024 bytes (likewise
/// `M`, `G`, `T`). Case does not matter; a bare number, or one followed by `B`, is bytes.
///
/// ```swift
/// ByteSize.parse("200M")           // 209_715_200
/// ByteSize.format(209_715_200)     // "200.0 MiB"
/// ```
public enum ByteSize {
    private static let units: [(suffixes: [String], multiplier: Double)] = [
        (["", "b"], 1),
        (["k", "kb", "kib"], 1024),
        (["m", "mb", "mib"], 1024 * 1024),
        (["g", "gb", "gib"], 1024 * 1024 * 1024),
        (["t", "tb", "tib"], 1024 * 1024 * 1024 * 1024),
    ]

    /// The number of bytes a size text means, or `nil` when it is not a size.
    ///
    /// - Parameter text: A non-negative number (decimals allowed) and an optional unit, e.g. `1.5G`.
    /// - Returns: The size rounded down to whole bytes.
    public static func parse(_ text: String) -> Int64? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        let number = trimmed.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
        let unit = trimmed.dropFirst(number.count).trimmingCharacters(in: .whitespaces)
        guard !number.isEmpty, number.filter({ $0 == "." }).count <= 1, number != ".",
            let value = Double(number), let multiplier = units.first(where: { $0.suffixes.contains(unit) })?.multiplier
        else { return nil }
        let bytes = (value * multiplier).rounded(.down)
        guard bytes.isFinite, bytes < Double(Int64.max) else { return nil }
        return Int64(bytes)
    }

    /// A size for people: bytes below 1 KiB, else one decimal and the largest fitting binary unit.
    ///
    /// - Parameter bytes: The size in bytes.
    /// - Returns: E.g. `812 B`, `3.4 KiB`, `200.0 MiB`.
    public static func format(_ bytes: Int64) -> String {
        guard bytes >= 1024 else { return "\(bytes) B" }
        var value = Double(bytes)
        var unit = "B"
        for next in ["KiB", "MiB", "GiB", "TiB"] where value >= 1024 {
            value /= 1024
            unit = next
        }
        return String(format: "%.1f", value) + " " + unit
    }
}
