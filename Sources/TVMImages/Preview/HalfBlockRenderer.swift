import TVMRecords

/// Draws an image in a terminal with truecolor half blocks: each character cell shows two pixels, the upper
/// one as the foreground of `▀` and the lower one as its background.
///
/// The image is fitted into a box of columns and rows keeping its proportions (a cell is about twice as
/// tall as it is wide, so one cell holds two square pixels), scaled down by averaging the pixels each output
/// pixel covers, and never scaled up. Transparent pixels are blended onto black.
///
/// ```swift
/// let text = HalfBlockRenderer.render(image, columns: 80, rows: 24)
/// print(text, terminator: "")
/// ```
public enum HalfBlockRenderer {
    /// The size in cells an image gets in a box: at most `columns` wide and `rows` tall.
    ///
    /// - Parameters:
    ///   - width: The image width in pixels.
    ///   - height: The image height in pixels.
    ///   - columns: The most columns to use (at least 1).
    ///   - rows: The most rows to use (at least 1); each row shows two pixel rows.
    /// - Returns: The output size in pixels: `columns` wide, `pixelRows` tall (twice the cell rows, rounded up).
    public static func fittedSize(width: Int, height: Int, columns: Int, rows: Int) -> (columns: Int, pixelRows: Int) {
        let scale = min(1, Double(max(1, columns)) / Double(width), Double(max(1, rows) * 2) / Double(height))
        let outWidth = max(1, min(max(1, columns), Int((Double(width) * scale).rounded())))
        let outHeight = max(1, min(max(1, rows) * 2, Int((Double(height) * scale).rounded())))
        return (outWidth, outHeight)
    }

    /// Renders an image as lines of half blocks with 24-bit colour escapes, each line ending in a reset and `\n`.
    ///
    /// - Parameters:
    ///   - image: The pixels.
    ///   - columns: The most columns to use.
    ///   - rows: The most rows to use.
    /// - Returns: The text to write to the terminal.
    public static func render(_ image: DecodedImage, columns: Int, rows: Int) -> String {
        let size = fittedSize(width: image.width, height: image.height, columns: columns, rows: rows)
        let pixels = resample(image, width: size.columns, height: size.pixelRows)
        var out = ""
        out.reserveCapacity(size.columns * (size.pixelRows / 2 + 1) * 40)
        for cellRow in stride(from: 0, to: size.pixelRows, by: 2) {
            var foreground: RGB?
            var background: RGB?
            for column in 0..<size.columns {
                let upper = pixels[cellRow * size.columns + column]
                if cellRow + 1 < size.pixelRows {
                    let lower = pixels[(cellRow + 1) * size.columns + column]
                    if lower != background {
                        out += "\u{1B}[48;2;\(lower.red);\(lower.green);\(lower.blue)m"
                        background = lower
                    }
                } else if background != nil {
                    // An odd last pixel row: the lower half keeps the terminal's own background.
                    out += "\u{1B}[49m"
                    background = nil
                }
                if upper != foreground {
                    out += "\u{1B}[38;2;\(upper.red);\(upper.green);\(upper.blue)m"
                    foreground = upper
                }
                out += "\u{2580}"
            }
            out += "\u{1B}[0m\n"
        }
        return out
    }

    /// One opaque pixel.
    struct RGB: Equatable {
        var red: UInt8
        var green: UInt8
        var blue: UInt8
    }

    /// Box-filters the image to `width × height`, blending transparency onto black.
    static func resample(_ image: DecodedImage, width: Int, height: Int) -> [RGB] {
        var result: [RGB] = []
        result.reserveCapacity(width * height)
        image.rgba.withUnsafeBufferPointer { rgba in
            for y in 0..<height {
                let top = y * image.height / height
                let bottom = max(top + 1, (y + 1) * image.height / height)
                for x in 0..<width {
                    let left = x * image.width / width
                    let right = max(left + 1, (x + 1) * image.width / width)
                    var sums = (red: 0, green: 0, blue: 0)
                    for sourceY in top..<bottom {
                        var offset = (sourceY * image.width + left) * 4
                        for _ in left..<right {
                            let alpha = Int(rgba[offset + 3])
                            sums.red += Int(rgba[offset]) * alpha
                            sums.green += Int(rgba[offset + 1]) * alpha
                            sums.blue += Int(rgba[offset + 2]) * alpha
                            offset += 4
                        }
                    }
                    let divisor = (bottom - top) * (right - left) * 255
                    result.append(
                        RGB(
                            red: UInt8((sums.red + divisor / 2) / divisor),
                            green: UInt8((sums.green + divisor / 2) / divisor),
                            blue: UInt8((sums.blue + divisor / 2) / divisor)))
                }
            }
        }
        return result
    }
}
