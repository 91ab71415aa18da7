import Testing

@testable import TVMImages
@testable import TVMRecords
@testable import TVMStore
@testable import TVMTerminal
@testable import TVMazeAPI

@Suite("Half-block rendering in truecolor")
struct HalfBlockRendererTests {
    /// An image of `width × height` whose upper half is `top` and lower half is `bottom` (opaque).
    static func halves(width: Int, height: Int, top: [UInt8], bottom: [UInt8]) -> DecodedImage {
        var rgba: [UInt8] = []
        for y in 0..<height {
            for _ in 0..<width { rgba += (y < height / 2 ? top : bottom) + [255] }
        }
        return DecodedImage(width: width, height: height, rgba: rgba)
    }

    @Test("an image is fitted into the box keeping its proportions, and never enlarged")
    func fits() {
        // A 210×295 poster in 80×24 cells: the height (48 pixel rows) decides.
        #expect(HalfBlockRenderer.fittedSize(width: 210, height: 295, columns: 80, rows: 24) == (34, 48))
        // A wide still in a narrow box: the width decides.
        #expect(HalfBlockRenderer.fittedSize(width: 250, height: 140, columns: 50, rows: 40) == (50, 28))
        #expect(HalfBlockRenderer.fittedSize(width: 8, height: 8, columns: 80, rows: 24) == (8, 8))
    }

    @Test("each cell shows the upper pixel as foreground of ▀ and the lower one as background")
    func cells() {
        let image = Self.halves(width: 2, height: 2, top: [255, 0, 0], bottom: [0, 0, 255])
        let text = HalfBlockRenderer.render(image, columns: 80, rows: 24)
        #expect(text == "\u{1B}[48;2;0;0;255m\u{1B}[38;2;255;0;0m\u{2580}\u{2580}\u{1B}[0m\n")
    }

    @Test("downscaling averages the pixels each cell covers; an odd last row keeps the default background")
    func averages() {
        var rgba: [UInt8] = []
        // 2×3: a row of white and black (averages to grey), then two rows of green.
        rgba += [255, 255, 255, 255, 0, 0, 0, 255]
        rgba += [0, 200, 0, 255, 0, 200, 0, 255, 0, 200, 0, 255, 0, 200, 0, 255]
        let image = DecodedImage(width: 2, height: 3, rgba: rgba)
        // Into 1 column: 1×2 pixels, the first averaging white and black, the second the two green rows.
        let text = HalfBlockRenderer.render(image, columns: 1, rows: 2)
        #expect(text == "\u{1B}[48;2;0;200;0m\u{1B}[38;2;128;128;128m\u{2580}\u{1B}[0m\n")
        let tall = HalfBlockRenderer.render(
            DecodedImage(width: 1, height: 3, rgba: [9, 9, 9, 255, 8, 8, 8, 255, 7, 7, 7, 255]), columns: 10, rows: 10)
        #expect(tall == "\u{1B}[48;2;8;8;8m\u{1B}[38;2;9;9;9m\u{2580}\u{1B}[0m\n\u{1B}[38;2;7;7;7m\u{2580}\u{1B}[0m\n")
    }

    @Test("transparent pixels are blended onto black")
    func transparency() {
        let image = DecodedImage(width: 1, height: 2, rgba: [0, 255, 0, 255, 255, 255, 255, 0])
        #expect(
            HalfBlockRenderer.render(image, columns: 10, rows: 10)
                == "\u{1B}[48;2;0;0;0m\u{1B}[38;2;0;255;0m\u{2580}\u{1B}[0m\n")
    }
}
