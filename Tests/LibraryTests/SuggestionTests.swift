import Testing

@testable import TVMCommandLine

@Suite("Did you mean: the nearest names by edit distance")
struct SuggestionTests {
    @Test("a swap of two neighbouring letters is one step: shwo → show, lsit → list, --hlep → --help")
    func swaps() {
        #expect(Suggestion.closest(to: "shwo", among: ["shows", "show", "seasons"]) == ["show"])
        #expect(Suggestion.closest(to: "lsit", among: ["add", "rm", "list", "ls"]) == ["list"])
        #expect(Suggestion.closest(to: "--hlep", among: ["--help", "--jq"]) == ["--help"])
        #expect(Suggestion.closest(to: "--limt", among: ["--limit", "--lock-timeout"]) == ["--limit"])
    }

    @Test("names far from what was typed are not offered; ties are all offered, in order")
    func farAndTies() {
        #expect(Suggestion.closest(to: "frobnicate", among: ["add", "list"]).isEmpty)
        #expect(Suggestion.closest(to: "--x", among: ["--jq", "--db"]).isEmpty)
        #expect(Suggestion.closest(to: "shoe", among: ["show", "shod"]) == ["show", "shod"])
        #expect(Suggestion.hint(["show", "shows"]) == "did you mean 'show' or 'shows'?")
        #expect(Suggestion.hint([]) == nil)
    }

    @Test("the distance counts insertions, deletions, substitutions and neighbouring swaps")
    func distance() {
        #expect(Suggestion.distance(Array("kitten"), Array("sitting")) == 3)
        #expect(Suggestion.distance(Array("ab"), Array("ba")) == 1)
        #expect(Suggestion.distance(Array(""), Array("abc")) == 3)
    }
}

@Suite("Help laid out for a terminal's width")
struct HelpTextTests {
    @Test("an indented line continues under its text; a two-column line under its second column")
    func hangingIndents() {
        let text = """
            EXIT STATUS
              69  service unavailable: the connection failed, 5xx persisted after retries, or libjq is missing
            OPTIONS:
              --page <n>              The page to print, or to start from with --all, which walks the whole index.
            """
        #expect(
            HelpText.fitted(text, width: 60) == """
                EXIT STATUS
                  69  service unavailable: the connection failed, 5xx
                      persisted after retries, or libjq is missing
                OPTIONS:
                  --page <n>              The page to print, or to start
                                          from with --all, which walks the
                                          whole index.
                """)
    }

    @Test("lines of an Examples: block are never wrapped; usage lines keep bracketed groups whole")
    func examplesAndUsage() {
        let example = "  tvm-fetch shows --all --page \"$(( $(tail -1 index.jsonl | jq .id) / 250 ))\"   # resume"
        #expect(HelpText.fitted("Examples:\n" + example, width: 60) == "Examples:\n" + example)
        #expect(
            HelpText.fitted(
                "USAGE: tvm-fav list [--sort <added|name|id>] [--db <path>] [--lock-timeout <seconds>]", width: 50)
                == "USAGE: tvm-fav list [--sort <added|name|id>]\n       [--db <path>] [--lock-timeout <seconds>]")
        #expect(HelpText.usageFixed("USAGE: tvm-fetch shows <options>") == "USAGE: tvm-fetch shows [<options>]")
    }
}
