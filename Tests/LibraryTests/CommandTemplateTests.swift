import TVMCommandLine
import Testing

/// `--exec`'s command line: split as a shell splits words, `$NAME` expanded to one word, shell syntax refused.
@Suite("CommandTemplate")
struct CommandTemplateTests {
    @Test("words split on blanks; quotes, backslashes and $NAME as in a shell")
    func shellWords() throws {
        let environment = ["TVM_SHOW": "It's Always Sunny", "TVM_SUMMARY": "S01E01 \"Pilot\" moved.", "E": ""]
        let cases: [(String, [String])] = [
            (
                #"notify-send "$TVM_SHOW" "$TVM_SUMMARY""#,
                ["notify-send", "It's Always Sunny", "S01E01 \"Pilot\" moved."]
            ),
            ("a  b\tc", ["a", "b", "c"]),
            (#"'a b' "c d" e\ f"#, ["a b", "c d", "e f"]),
            (#"'$TVM_SHOW' "\$TVM_SHOW" \$x"#, ["$TVM_SHOW", "$TVM_SHOW", "$x"]),
            (#"pre${TVM_SHOW}post"#, ["preIt's Always Sunnypost"]),
            // An unquoted expansion is one word, never split on its blanks.
            ("echo $TVM_SHOW", ["echo", "It's Always Sunny"]),
            // An empty unquoted expansion drops the word; a quoted one keeps it.
            (#"echo $E "$E" $UNSET"#, ["echo", ""]),
            (#"echo "a\"b\\c\d""#, ["echo", #"a"b\c\d"#]),
            ("echo $ 5$ $1x", ["echo", "$", "5$", "$1x"]),
            (
                #"sh -c 'echo "$TVM_SUMMARY" | mail -s "$TVM_SHOW" me'"#,
                ["sh", "-c", #"echo "$TVM_SUMMARY" | mail -s "$TVM_SHOW" me"#]
            ),
        ]
        for (line, words) in cases {
            #expect(try CommandTemplate(line).words(environment: environment) == words, "\(line)")
        }
    }

    @Test("a value holding shell syntax stays data: one word, nothing run")
    func hostileValue() throws {
        let template = try CommandTemplate(#"printf %s "$TVM_SHOW""#)
        #expect(
            template.words(environment: ["TVM_SHOW": "$(touch PWNED); `id` | x"]) == [
                "printf", "%s", "$(touch PWNED); `id` | x",
            ])
    }

    @Test("pipes, redirections, ; & ( ) and command substitution need a shell; unclosed quotes and empty lines fail")
    func refused() {
        for line in [
            "a | b", "a > f", "a; b", "a & b", "(a)", "echo `id`", "echo $(id)", #"echo "$(id)""#, #"echo "`id`""#,
            "echo ${A:-x}",
        ] {
            #expect(throws: ExecError.self, "\(line)") { try CommandTemplate(line) }
            #expect((try? CommandTemplate(line)) == nil)
        }
        for line in ["echo 'a", #"echo "a"#, "echo ${A"] {
            #expect(throws: ExecError.unterminatedQuote(command: line)) { try CommandTemplate(line) }
        }
        for line in ["", "  ", "\t\n"] {
            #expect(throws: ExecError.empty) { try CommandTemplate(line) }
        }
        #expect(
            (try? CommandTemplate("a | b")) == nil
                && ExecError.needsShell(command: "a | b", syntax: "'|'").localizedDescription.contains("sh -c"))
    }
}
