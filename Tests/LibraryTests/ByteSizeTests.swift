import Foundation
import Testing

@testable import TVMImages
@testable import TVMRecords
@testable import TVMStore
@testable import TVMTerminal
@testable import TVMazeAPI

@Suite("ByteSize")
struct ByteSizeTests {
    @Test(
        "sizes parse with binary units, in any case, with or without a space",
        arguments: [
            ("0", 0), ("1048576", 1_048_576), ("512b", 512), ("1k", 1024), ("1KB", 1024), ("1KiB", 1024),
            ("500k", 512_000), ("256MB", 268_435_456), ("256 mb", 268_435_456), ("1 MiB", 1_048_576),
            ("1.5G", 1_610_612_736), ("2gib", 2_147_483_648), ("1T", 1_099_511_627_776), (" 3 tb ", 3_298_534_883_328),
            ("0.5k", 512), ("1.9b", 1),
        ]
    )
    func parses(text: String, bytes: Int) {
        #expect(ByteSize(parsing: text)?.bytes == bytes)
    }

    @Test(
        "text that is not a non-negative size with a known unit is refused",
        arguments: ["", " ", "MB", "-1", "-1M", "1.2.3", ".", "1 PB", "1e3", "ten", "1 M B", "1,5G", "9000000T"]
    )
    func refuses(text: String) {
        #expect(ByteSize(parsing: text) == nil)
    }

    @Test(
        "the description uses the largest unit that keeps the size at least 1",
        arguments: [
            (0, "0 B"), (1, "1 B"), (1023, "1023 B"), (1024, "1.0 KiB"), (1536, "1.5 KiB"),
            (268_435_456, "256.0 MiB"), (1_610_612_736, "1.5 GiB"), (1_099_511_627_776, "1.0 TiB"),
            (1_125_899_906_842_624, "1024.0 TiB"),
        ]
    )
    func describes(bytes: Int, text: String) {
        #expect(ByteSize(bytes: bytes).description == text)
    }

    // Regression: 1,048,575 bytes read "1024.0 KiB", because the value was rounded only after choosing the unit.
    @Test(
        "a size just below the next unit is written in that unit",
        arguments: [
            (1_048_575, "1.0 MiB"), (1_048_525, "1.0 MiB"), (1_048_524, "1023.9 KiB"), (1_048_473, "1023.9 KiB"),
        ]
    )
    func roundsIntoNextUnit(bytes: Int, text: String) {
        #expect(ByteSize(bytes: bytes).description == text)
    }

    @Test("the one decimal is the one Foundation's %.1f prints, over 100,000 random sizes")
    func oneDecimalMatchesFoundation() {
        var generator = SystemRandomNumberGenerator()
        let units = ["KiB", "MiB", "GiB", "TiB"]
        for _ in 0..<100_000 {
            let bytes = Int.random(in: 1024...(1 << 50), using: &generator) >> Int.random(in: 0...40, using: &generator)
            guard bytes >= 1024 else { continue }
            var value = Double(bytes)
            var index = -1
            while value >= 1023.95, index < units.count - 1 {
                value /= 1024
                index += 1
            }
            let expected = String(format: "%.1f %@", value, units[index])
            #expect(ByteSize(bytes: bytes).description == expected, "\(bytes)")
        }
    }

    @Test("a described size parses back to about the same size")
    func roundTrips() throws {
        for bytes in [1024, 1536, 268_435_456, 1_610_612_736] {
            let text = ByteSize(bytes: bytes).description.replacingOccurrences(of: " ", with: "")
            #expect(try #require(ByteSize(parsing: text)).bytes == bytes)
        }
    }

    @Test("sizes order by bytes")
    func ordering() {
        #expect(ByteSize(bytes: 1) < ByteSize(bytes: 2))
        #expect(ByteSize(parsing: "1M")! > ByteSize(parsing: "1023k")!)
        #expect(ByteSize(parsing: "1024k") == ByteSize(parsing: "1M"))
    }
}
