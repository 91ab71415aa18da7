import Testing

@testable import TVMImages
@testable import TVMRecords
@testable import TVMStore
@testable import TVMTerminal
@testable import TVMazeAPI

@Suite("Decoding a raw terminal's bytes into live search keys")
struct LiveSearchKeyDecoderTests {
    static func keys(_ text: String) -> [LiveSearchKey] {
        var decoder = LiveSearchKeyDecoder()
        return decoder.feed(Array(text.utf8))
    }

    @Test("typed text is one key; control keys are their own")
    func controlKeys() {
        #expect(Self.keys("squid game") == [.text("squid game")])
        #expect(
            Self.keys("a\r\n\t\u{7F}\u{08}\u{17}\u{15}\u{10}\u{0E}\u{04}\u{12}\u{03}\u{1A}\u{07}b") == [
                .text("a"), .enter, .enter, .tab, .backspace, .backspace, .deleteWord, .clearQuery, .up, .down,
                .detail, .retry, .interrupt, .suspend, .other, .text("b"),
            ])
        // The shell's line-editing keys.
        #expect(
            Self.keys("\u{01}\u{05}\u{02}\u{06}\u{0B}") == [.home, .end, .left, .right, .deleteToEnd])
    }

    @Test("Left, Right, Home, End and Delete arrive in each of the forms terminals send")
    func cursorKeys() {
        #expect(Self.keys("\u{1B}[D\u{1B}[C\u{1B}OD\u{1B}OC") == [.left, .right, .left, .right])
        #expect(
            Self.keys("\u{1B}[H\u{1B}OH\u{1B}[1~\u{1B}[7~\u{1B}[F\u{1B}OF\u{1B}[4~\u{1B}[8~") == [
                .home, .home, .home, .home, .end, .end, .end, .end,
            ])
        #expect(Self.keys("\u{1B}[3~x") == [.deleteForward, .text("x")])
        // Ctrl or Alt with Left and Right, and Alt-B/Alt-F, move by word; other modifiers are ignored whole.
        #expect(
            Self.keys("\u{1B}[1;5D\u{1B}[1;3D\u{1B}b\u{1B}[1;5C\u{1B}[1;3C\u{1B}f") == [
                .wordLeft, .wordLeft, .wordLeft, .wordRight, .wordRight, .wordRight,
            ])
        #expect(Self.keys("\u{1B}[1;2D\u{1B}[3;2~\u{1B}xy") == [.other, .other, .other, .text("y")])
    }

    @Test("arrow keys arrive as CSI or SS3 sequences; other sequences are ignored whole")
    func arrows() {
        #expect(Self.keys("\u{1B}[A\u{1B}[B\u{1B}OA\u{1B}OB") == [.up, .down, .up, .down])
        #expect(Self.keys("\u{1B}[1;5A\u{1B}[5~\u{1B}[Z\u{1B}OPx") == [.other, .other, .other, .other, .text("x")])
        #expect(Self.keys("\u{1B}x\u{1B}é") == [.other, .other])
    }

    @Test("a lone Esc waits for more bytes, and is Esc when none come")
    func loneEscape() {
        var decoder = LiveSearchKeyDecoder()
        #expect(decoder.feed([0x1B]).isEmpty)
        #expect(decoder.hasPending)
        #expect(decoder.flush() == [.escape])
        #expect(!decoder.hasPending)
        #expect(decoder.feed([0x1B]).isEmpty)
        #expect(decoder.feed(Array("[B".utf8)) == [.down])
        #expect(decoder.feed([0x1B, 0x1B]) == [.escape])
        #expect(decoder.flush() == [.escape])
        #expect(decoder.feed([0x1B, UInt8(ascii: "[")]).isEmpty)
        #expect(decoder.flush() == [.other])
    }

    @Test("UTF-8 split across reads becomes whole characters; invalid bytes are skipped")
    func utf8() {
        var decoder = LiveSearchKeyDecoder()
        let korean = Array("오징어".utf8)
        #expect(decoder.feed(korean[0..<2]).isEmpty)
        #expect(decoder.feed(korean[2..<5]) == [.text("오")])
        #expect(decoder.feed(korean[5...]) == [.text("징어")])
        #expect(decoder.feed([0xFF, 0x41, 0xC3]) == [.other, .text("A")])
        #expect(decoder.feed([0x28]) == [.other, .text("(")])
        #expect(Self.keys("Pokémon 🎉") == [.text("Pokémon 🎉")])
    }
}
