import Foundation
import TVMCommandLine
import TVMImages
import TVMRecords

#if canImport(Glibc)
    import Glibc
#endif

/// The part of the terminal a preview may fill, and the drawing of one image file into it.
struct PreviewBox: Sendable {
    /// The most columns an image may take.
    let columns: Int
    /// The most rows an image may take.
    let rows: Int

    /// The box for the terminal on stdout: its width, and its height less two rows for the caption and the
    /// prompt. The height comes from the terminal, else `LINES`, else 24.
    static func current(terminal: Terminal) -> PreviewBox {
        var size = winsize()
        var height = 0
        if ioctl(1, UInt(TIOCGWINSZ), &size) == 0 && size.ws_row > 0 {
            height = Int(size.ws_row)
        } else if let lines = terminal.environment["LINES"].flatMap(Int.init), lines > 0 {
            height = lines
        } else {
            height = 24
        }
        return PreviewBox(columns: max(1, terminal.width), rows: max(2, height - 2))
    }

    /// Draws an image file: half-block lines sized to the box.
    ///
    /// - Throws: A read error, or ``ImageDecodeError``.
    func render(file path: String) throws -> String {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let image = try ImageDecoder.decode(bytes, atLeast: (columns, rows * 2))
        return HalfBlockRenderer.render(image, columns: columns, rows: rows)
    }
}
