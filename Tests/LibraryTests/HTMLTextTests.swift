import Testing

@testable import TVMImages
@testable import TVMRecords
@testable import TVMStore
@testable import TVMTerminal
@testable import TVMText
@testable import TVMazeAPI

@Suite("HTMLText")
struct HTMLTextTests {
    @Test("strips the tags of a real TVMaze summary and keeps their text")
    func stripsRealSummary() {
        let html = """
            <p><b>Under the Dome</b> is the story of a small town that is suddenly and inexplicably sealed off from \
            the rest of the world by an enormous transparent dome.</p>
            """
        #expect(
            HTMLText.plainText(fromHTML: html)
                == "Under the Dome is the story of a small town that is suddenly and inexplicably sealed off from "
                + "the rest of the world by an enormous transparent dome."
        )
    }

    @Test(
        "turns block structure into line and paragraph breaks",
        arguments: [
            ("<p>One</p><p>Two</p>", "One\n\nTwo"),
            ("<p>One</p>\n\n<p>Two</p>\n", "One\n\nTwo"),
            ("a<br>b", "a\nb"),
            ("a<br/><br />b", "a\n\nb"),
            ("a<BR>b", "a\nb"),
            ("<p>Intro</p><ul><li>One</li><li>Two</li></ul><p>Outro</p>", "Intro\n\n• One\n• Two\n\nOutro"),
            ("<div>Block</div>inline", "Block\n\ninline"),
            ("<h2>Title</h2>Text", "Title\n\nText"),
            ("<p><br></p><p>Text</p><br>", "Text"),
        ]
    )
    func turnsBlocksIntoBreaks(html: String, expected: String) {
        #expect(HTMLText.plainText(fromHTML: html) == expected)
    }

    @Test("decodes named entities")
    func decodesNamedEntities() {
        let html =
            "&amp; &lt; &gt; &quot; &apos; &#39; &hellip; &mdash; &ndash; &rsquo; &lsquo; &rdquo; &ldquo; &eacute;"
        #expect(HTMLText.plainText(fromHTML: html) == "& < > \" ' ' … — – ’ ‘ ” “ é")
        #expect(
            HTMLText.plainText(fromHTML: "Pok&eacute;mon, Carniv&agrave;le, Kr&ouml;d M&auml;ndoon")
                == "Pokémon, Carnivàle, Kröd Mändoon")
        #expect(HTMLText.plainText(fromHTML: "&copy; &reg; &frac12; &szlig; &yuml; &Eacute;") == "© ® ½ ß ÿ É")
    }

    @Test("decodes numeric entities, including Windows-1252 numbers")
    func decodesNumericEntities() {
        #expect(HTMLText.plainText(fromHTML: "It&#8217;s &#x2019;x&#X2019; &#233;") == "It’s ’x’ é")
        #expect(HTMLText.plainText(fromHTML: "Don&#146;t &#150; ok") == "Don’t – ok")
        #expect(HTMLText.plainText(fromHTML: "&#128512;") == "😀")
        #expect(HTMLText.plainText(fromHTML: "bad &#xD800; &#1114112; &#0;") == "bad \u{FFFD} \u{FFFD} \u{FFFD}")
    }

    @Test("leaves unknown or unterminated entities as written")
    func keepsUnknownEntities() {
        #expect(HTMLText.plainText(fromHTML: "AT&T &foo; &amp &#; & x") == "AT&T &foo; &amp &#; & x")
    }

    @Test("turns &nbsp; into a space and collapses whitespace")
    func collapsesWhitespace() {
        #expect(HTMLText.plainText(fromHTML: "a&nbsp;&nbsp;b") == "a b")
        #expect(HTMLText.plainText(fromHTML: "  lots   of\n\t space \r\n ") == "lots of space")
        #expect(HTMLText.plainText(fromHTML: "<b>bold</b><i>italic</i> next") == "bolditalic next")
    }

    @Test("decoded markup stays text and is not parsed again")
    func decodedMarkupStaysText() {
        #expect(HTMLText.plainText(fromHTML: "&lt;b&gt;bold&lt;/b&gt;") == "<b>bold</b>")
    }

    @Test("keeps the text of nested tags and links")
    func keepsNestedText() {
        let html =
            "<p><b><i>Deep</i></b> text with <a href=\"https://x.com/?a=1&amp;b=2\" title='a > b'>a link</a>.</p>"
        #expect(HTMLText.plainText(fromHTML: html) == "Deep text with a link.")
    }

    @Test("drops scripts, styles, comments and declarations")
    func dropsScriptLikeJunk() {
        let html = """
            <!DOCTYPE html><p>Before</p><script type="text/javascript">alert('<p>x</p>')</script>\
            <style>p { color: red }</style><!-- a <b>comment</b> --><?xml version="1.0"?><p>After</p>
            """
        #expect(HTMLText.plainText(fromHTML: html) == "Before\n\nAfter")
        #expect(HTMLText.plainText(fromHTML: "<SCRIPT>evil()</SCRIPT >ok") == "ok")
    }

    @Test(
        "malformed markup loses no text",
        arguments: [
            ("a < b", "a < b"),
            ("a < b and c > d", "a < b and c > d"),
            ("x<y", "x<y"),
            ("5 <3 hearts", "5 <3 hearts"),
            ("<b>unclosed bold", "unclosed bold"),
            ("Text <i unfinished", "Text <i unfinished"),
            ("a <b c <i>d</i>", "a <b c d"),
            ("<p>open <!-- never closed", "open <!-- never closed"),
            ("<script>no end tag", "no end tag"),
            ("trailing <", "trailing <"),
            ("<a href=\"unclosed>text", "<a href=\"unclosed>text"),
        ]
    )
    func keepsTextOfMalformedMarkup(html: String, expected: String) {
        #expect(HTMLText.plainText(fromHTML: html) == expected)
    }

    @Test("removes terminal escape sequences and control characters")
    func removesTerminalInjection() {
        #expect(HTMLText.plainText(fromHTML: "<p>Red \u{1B}[31mALERT\u{1B}[0m done</p>") == "Red ALERT done")
        #expect(HTMLText.plainText(fromHTML: "Ding\u{7}Dong") == "DingDong")
        #expect(HTMLText.plainText(fromHTML: "a\u{1B}]0;pwned title\u{7}b") == "ab")
        #expect(HTMLText.plainText(fromHTML: "a\u{9B}31mb\u{85}c\u{7F}d\u{0}e") == "abcde")
        #expect(HTMLText.plainText(fromHTML: "x&#27;[31my&#7;z&#155;") == "x[31myz›")
        #expect(HTMLText.plainText(fromHTML: "\u{1B}[2J\u{1B}[Hclear") == "clear")
    }

    @Test("the output never holds control characters, whatever the input")
    func outputHasNoControls() {
        let junk = [
            "<p>\u{1B}[31m", "&#27;&#x1b;&#155;&#x9b;", "\u{1B}", "\u{1B}]8;;http://x\u{1B}\\", "<b\u{1B}>x</b>",
            "\u{8}\u{8}\u{8}overwrite", "a\rb", "<p>\u{1B}P1$qm\u{1B}\\</p>",
        ]
        for html in junk {
            let text = HTMLText.plainText(fromHTML: html)
            #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) })
        }
    }

    @Test("terminalSafe keeps text with nothing to strip, and finds controls among multibyte characters")
    func terminalSafeKeepsCleanText() {
        // Two- and three-byte characters that share a first byte with the controls (C2, E2): kept as they are.
        let clean = "Pokémon\u{A0}– “Déjà vu” … ©2019 \u{2028}x 日本 👨‍👩‍👧‍👦"
        #expect(HTMLText.terminalSafe(clean) == clean)
        // Controls after multibyte characters: removed.
        #expect(HTMLText.terminalSafe("é“\u{202E}evil”") == "é“evil”")
        #expect(HTMLText.terminalSafe("日本\u{2066}x\u{2069}") == "日本x")
        #expect(HTMLText.terminalSafe("©\u{85}\u{9B}31mred") == "©red")
        #expect(HTMLText.terminalSafe("–\u{7F}") == "–")
    }

    @Test("terminalSafe can flatten newlines for one-line output")
    func terminalSafeFlattensNewlines() {
        #expect(HTMLText.terminalSafe("a\nb\r\nc\td") == "a\nb\nc d")
        #expect(HTMLText.terminalSafe("a\nb\r\nc", keepingNewlines: false) == "a b c")
        #expect(HTMLText.terminalSafe("日本\u{1B}[1m語\u{1B}[0m 👨‍👩‍👧‍👦") == "日本語 👨‍👩‍👧‍👦")
    }

    @Test("an empty or tag-only summary gives an empty string")
    func emptySummary() {
        #expect(HTMLText.plainText(fromHTML: "").isEmpty)
        #expect(HTMLText.plainText(fromHTML: "<p></p><br>").isEmpty)
    }
}
