import Testing

@testable import TVMazeKit

@Suite("Sizes as people write them")
struct ByteSizeTests {
    @Test("units are powers of 1024 in every spelling, case-insensitive, decimals allowed")
    func parsesSizes() {
        #expect(ByteSize(parsing: "4096")?.bytes == 4096)
        #expect(ByteSize(parsing: "10B")?.bytes == 10)
        #expect(ByteSize(parsing: "500K")?.bytes == 512_000)
        #expect(ByteSize(parsing: "500kb")?.bytes == 512_000)
        #expect(ByteSize(parsing: "200M")?.bytes == 209_715_200)
        #expect(ByteSize(parsing: "200 MiB")?.bytes == 209_715_200)
        #expect(ByteSize(parsing: "1.5G")?.bytes == 1_610_612_736)
        #expect(ByteSize(parsing: "0")?.bytes == 0)
    }

    @Test("anything else is refused")
    func refusesNonsense() {
        for text in ["", "M", "-1M", "1.2.3K", "10X", "ten", ".", "1e3"] {
            #expect(ByteSize(parsing: text) == nil, "\(text)")
        }
    }

    @Test("sizes are printed with the largest fitting binary unit")
    func formatsSizes() {
        #expect(ByteSize(bytes: 812).description == "812 B")
        #expect(ByteSize(bytes: 3482).description == "3.4 KiB")
        #expect(ByteSize(bytes: 209_715_200).description == "200.0 MiB")
        #expect(ByteSize(bytes: 1_610_612_736).description == "1.5 GiB")
    }
}
