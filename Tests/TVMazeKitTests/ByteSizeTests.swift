import Testing

@testable import TVMazeKit

@Suite("Sizes as people write them")
struct ByteSizeTests {
    @Test("units are powers of 1024 in every spelling, case-insensitive, decimals allowed")
    func parsesSizes() {
        #expect(ByteSize.parse("4096") == 4096)
        #expect(ByteSize.parse("10B") == 10)
        #expect(ByteSize.parse("500K") == 512_000)
        #expect(ByteSize.parse("500kb") == 512_000)
        #expect(ByteSize.parse("200M") == 209_715_200)
        #expect(ByteSize.parse("200 MiB") == 209_715_200)
        #expect(ByteSize.parse("1.5G") == 1_610_612_736)
        #expect(ByteSize.parse("0") == 0)
    }

    @Test("anything else is refused")
    func refusesNonsense() {
        for text in ["", "M", "-1M", "1.2.3K", "10X", "ten", ".", "1e3"] {
            #expect(ByteSize.parse(text) == nil, "\(text)")
        }
    }

    @Test("sizes are printed with the largest fitting binary unit")
    func formatsSizes() {
        #expect(ByteSize.format(812) == "812 B")
        #expect(ByteSize.format(3482) == "3.4 KiB")
        #expect(ByteSize.format(209_715_200) == "200.0 MiB")
        #expect(ByteSize.format(1_610_612_736) == "1.5 GiB")
    }
}
