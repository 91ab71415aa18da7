import Testing

@testable import TVMImages
@testable import TVMRecords
@testable import TVMStore
@testable import TVMTerminal
@testable import TVMazeAPI

@Suite("Styler")
struct ANSIStyleTests {
    @Test("an enabled styler wraps text in SGR codes and a reset")
    func enabledStyles() {
        #expect(Styler.ansi.apply(.bold, to: "Name") == "\u{1B}[1mName\u{1B}[0m")
        #expect(Styler.ansi.apply([.red, .bold], to: "Delete") == "\u{1B}[1;31mDelete\u{1B}[0m")
        #expect(Styler(isEnabled: true).apply([.inverse, .cyan, .dim], to: "x") == "\u{1B}[2;7;36mx\u{1B}[0m")
    }

    @Test("a disabled styler, an empty style or empty text leave the text unchanged")
    func disabledLeavesTextAlone() {
        #expect(Styler.plain.apply([.bold, .red], to: "Delete") == "Delete")
        #expect(Styler.ansi.apply([], to: "Delete") == "Delete")
        #expect(Styler.ansi.apply(.bold, to: "").isEmpty)
    }

    @Test("every option has its own SGR parameter")
    func optionsHaveDistinctCodes() {
        let all: TextStyle = [
            .bold, .dim, .italic, .underline, .inverse, .red, .green, .yellow, .blue, .magenta, .cyan,
        ]
        #expect(all.sgrParameters == [1, 2, 3, 4, 7, 31, 32, 33, 34, 35, 36])
    }
}
