import Testing

@testable import TVMImages
@testable import TVMRecords
@testable import TVMStore
@testable import TVMTerminal
@testable import TVMazeAPI

@Suite("ShellText")
struct ShellTextTests {
    @Test(
        "backslash escapes resolve as a shell resolves them",
        arguments: [
            ("squid\\ game", "squid game"), ("a\\\\b", "a\\b"), ("it\\'s", "it's"), ("plain", "plain"),
            ("end\\", "end"), ("", ""), ("\\\\\\\\", "\\\\"), ("Pok\\émon", "Pokémon"),
        ])
    func resolvesBackslashes(text: String, expected: String) {
        #expect(ShellText.resolvingBackslashes(text) == expected)
        #expect(ShellText.resolvingBackslashes(Substring(text)) == expected)
    }
}
