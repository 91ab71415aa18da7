import Foundation
import Testing

@testable import TVMImages
@testable import TVMRecords
@testable import TVMStore
@testable import TVMTerminal
@testable import TVMazeAPI

@Suite("JQFilter")
struct JQFilterTests {
    /// The text of a recorded TVMaze response, by API path (`shows/1.json`).
    static func fixture(_ path: String) throws -> String {
        let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        let url = tests.appendingPathComponent("Fixtures/tvmaze").appendingPathComponent(path)
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// The outputs of `program` over `input`, or the error it threw.
    static func run(_ program: String, _ input: String, _ arguments: [String: JQArgument] = [:]) throws -> [JQOutput] {
        try JQFilter(program: program, arguments: arguments).apply(toJSON: input)
    }

    // MARK: Compiling

    @Test("a syntax error throws jq's own compile messages")
    func syntaxErrorThrowsJQMessages() {
        #expect(
            throws: JQError.compile(
                program: ".a[",
                message:
                    "jq: error: syntax error, unexpected $end (Unix shell quoting issues?) at <top-level>, line 1:\n"
                    + ".a[  \njq: 1 compile error"
            )
        ) {
            try JQFilter(program: ".a[")
        }
    }

    @Test("an undefined variable is a compile error naming it")
    func undefinedVariableIsCompileError() throws {
        let error = #expect(throws: JQError.self) { try JQFilter(program: "$nope") }
        guard case .compile(let program, let message) = try #require(error) else {
            Issue.record("expected a compile error, got \(String(describing: error))")
            return
        }
        #expect(program == "$nope")
        #expect(message.hasPrefix("jq: error: $nope is not defined at <top-level>, line 1:"))
        #expect(message.hasSuffix("jq: 1 compile error"))
        #expect(error?.errorDescription?.contains("'$nope' does not compile") == true)
    }

    // Regression: without JQ_LIBRARY_PATH set, jq 1.6 asserts on `import` and aborts the process.
    @Test("importing a missing module throws instead of aborting")
    func missingModuleThrows() {
        #expect(
            throws: JQError.compile(
                program: #"import "nonexistent" as x; ."#,
                message: "jq: error: module not found: nonexistent\njq: 1 compile error"
            )
        ) {
            try JQFilter(program: #"import "nonexistent" as x; ."#)
        }
        #expect(throws: JQError.self) { try JQFilter(program: #"include "nonexistent"; ."#) }
    }

    // MARK: Arguments

    @Test("a string argument binds like --arg")
    func stringArgumentBindsLikeArg() throws {
        let outputs = try Self.run(#"$title + " / " + .name"#, #"{"name":"Pokémon"}"#, ["title": .string("日本")])
        #expect(outputs == [.raw("日本 / Pokémon")])
        #expect(try Self.run("$n | type", "null", ["n": .string("42")]) == [.raw("string")])
    }

    @Test("a JSON argument binds like --argjson")
    func jsonArgumentBindsLikeArgjson() throws {
        let arguments: [String: JQArgument] = ["n": .json("41"), "show": .json(#"{"b":1,"a":[true,null]}"#)]
        #expect(try Self.run("$n + 1, $show", "null", arguments) == [.json("42"), .json(#"{"b":1,"a":[true,null]}"#)])
    }

    @Test("arguments are visible as $ARGS.named, sorted by name")
    func argumentsAreVisibleAsARGS() throws {
        let outputs = try Self.run("$ARGS", "null", ["z": .string("last"), "a": .json("[1]")])
        #expect(outputs == [.json(#"{"positional":[],"named":{"a":[1],"z":"last"}}"#)])
    }

    @Test("a JSON argument that is not JSON throws, quoting name, text and jq's message")
    func invalidJSONArgumentThrows() {
        #expect(
            throws: JQError.invalidArgumentJSON(
                name: "n",
                text: #"{"a":"#,
                message: "Unfinished JSON term at EOF at line 1, column 5"
            )
        ) {
            try JQFilter(program: "$n", arguments: ["n": .json(#"{"a":"#)])
        }
        #expect(throws: JQError.invalidArgumentJSON(name: "two", text: "1 2", message: "Unexpected extra JSON values"))
        {
            try JQFilter(program: "$two", arguments: ["two": .json("1 2")])
        }
    }

    // MARK: Outputs

    @Test("strings come back raw and everything else as compact JSON")
    func stringsRawOtherValuesJSON() throws {
        let outputs = try Self.run(
            #".s, .n, .b, .z, .a, .o, "line1\nline2""#,
            #"{"s":"x","n":1.5,"b":true,"z":null,"a":[1,"a"],"o":{"k":"v"}}"#)
        #expect(
            outputs == [
                .raw("x"), .json("1.5"), .json("true"), .json("null"), .json(#"[1,"a"]"#), .json(#"{"k":"v"}"#),
                .raw("line1\nline2"),
            ])
        #expect(outputs.map(\.text) == ["x", "1.5", "true", "null", #"[1,"a"]"#, #"{"k":"v"}"#, "line1\nline2"])
    }

    @Test("a generator gives one output per value, in order")
    func generatorGivesOneOutputPerValue() throws {
        #expect(try Self.run(".[]", #"[1,"two",{"three":3}]"#) == [.json("1"), .raw("two"), .json(#"{"three":3}"#)])
    }

    @Test("empty gives no output")
    func emptyGivesNoOutput() throws {
        #expect(try Self.run("empty", #"{"a":1}"#).isEmpty)
        #expect(try Self.run(".[]", "[]").isEmpty)
    }

    @Test("object keys keep their input order")
    func keysKeepInputOrder() throws {
        #expect(try Self.run(".", #"{"b":1,"a":2}"#) == [.json(#"{"b":1,"a":2}"#)])
        #expect(try Self.run(". + {c: 3}", #" { "b" : 1 , "a" : 2 } "#) == [.json(#"{"b":1,"a":2,"c":3}"#)])
    }

    @Test("non-ASCII text round-trips unescaped")
    func nonASCIIRoundTrips() throws {
        let record = #"{"name":"Pokémon","country":"日本","emoji":"🎬"}"#
        #expect(try Self.run(".", record) == [.json(record)])
        #expect(try Self.run(".name, .country, .emoji", record) == [.raw("Pokémon"), .raw("日本"), .raw("🎬")])
        #expect(try Self.run(#""\u00e9""#, "null") == [.raw("é")])
    }

    @Test("empty strings pass both ways")
    func emptyStringsPass() throws {
        #expect(
            try Self.run(#"$e, .e, {(""): $e}"#, #"{"e":""}"#, ["e": .string("")]) == [
                .raw(""), .raw(""), .json(#"{"":""}"#),
            ])
    }

    @Test("a NUL inside a string survives")
    func embeddedNULSurvives() throws {
        #expect(try Self.run(".", #""a\u0000b""#) == [.raw("a\u{0}b")])
    }

    @Test("a real TVMaze show gives its name and a projection")
    func realShowRecord() throws {
        let show = try Self.fixture("shows/1.json")
        #expect(try Self.run(".name", show) == [.raw("Under the Dome")])
        #expect(try Self.run("{id,name}", show) == [.json(#"{"id":1,"name":"Under the Dome"}"#)])
        #expect(try Self.run(".genres | join(\", \")", show) == [.raw("Drama, Science-Fiction, Thriller")])
    }

    @Test("one filter runs over many inputs")
    func oneFilterManyInputs() throws {
        let filter = try JQFilter(program: ".id * 10")
        for id in 1...5 {
            #expect(try filter.apply(toJSON: #"{"id":\#(id)}"#) == [.json("\(id * 10)")])
        }
    }

    // MARK: Input errors

    @Test("input that is not one JSON value throws with jq's parser message")
    func invalidInputThrows() throws {
        let filter = try JQFilter(program: ".")
        #expect(
            throws: JQError.invalidInputJSON(
                message: "Unfinished JSON term at EOF at line 1, column 5",
                excerpt: #"{"a":"#
            )
        ) {
            try filter.apply(toJSON: #"{"a":"#)
        }
        #expect(throws: JQError.invalidInputJSON(message: "Expected JSON value", excerpt: "")) {
            try filter.apply(toJSON: "")
        }
        #expect(throws: JQError.invalidInputJSON(message: "Unexpected extra JSON values", excerpt: "1 2")) {
            try filter.apply(toJSON: "1 2")
        }
        let long = "[" + String(repeating: "1,", count: 100)
        let error = #expect(throws: JQError.self) { try filter.apply(toJSON: long) }
        guard case .invalidInputJSON(_, let excerpt) = try #require(error) else {
            Issue.record("expected invalidInputJSON, got \(String(describing: error))")
            return
        }
        #expect(excerpt == String(long.prefix(80)) + "…")
        #expect(try filter.apply(toJSON: "[1]") == [.json("[1]")])
    }

    // MARK: Run-time errors

    @Test("error(\"x\") throws a runtime error with its message")
    func errorThrowsRuntimeError() {
        #expect(throws: JQError.runtime(message: "x", outputs: [])) { try Self.run(#"error("x")"#, "null") }
    }

    @Test("indexing a number throws jq's message")
    func indexingNumberThrows() {
        #expect(throws: JQError.runtime(message: #"Cannot index number with string "a""#, outputs: [])) {
            try Self.run(".a.b", "5")
        }
    }

    @Test("a runtime error carries the outputs produced before it")
    func runtimeErrorCarriesEarlierOutputs() throws {
        let filter = try JQFilter(program: #"1, "two", error("boom"), 3"#)
        let error = #expect(throws: JQError.self) { try filter.apply(toJSON: "null") }
        #expect(error == .runtime(message: "boom", outputs: [.json("1"), .raw("two")]))
        #expect(error?.outputs == [.json("1"), .raw("two")])
        #expect(error?.errorDescription == "jq error: boom")
    }

    @Test("a non-string error value comes back as JSON")
    func nonStringErrorIsJSON() {
        #expect(throws: JQError.runtime(message: #"{"code":42}"#, outputs: [])) {
            try Self.run("error({code: 42})", "null")
        }
    }

    @Test("a caught error is not an error")
    func caughtErrorIsNotError() throws {
        #expect(try Self.run(#"try error("x") catch ("caught " + .)"#, "null") == [.raw("caught x")])
        #expect(try Self.run("try .a.b", "5").isEmpty)
    }

    @Test("error(null) behaves like empty, as in jq 1.6")
    func errorNullBehavesLikeEmpty() throws {
        #expect(try Self.run("1, error(null), 2", "null") == [.json("1"), .json("2")])
    }

    @Test("the filter stays usable after a runtime error")
    func usableAfterRuntimeError() throws {
        let filter = try JQFilter(program: ".a.b")
        #expect(throws: JQError.self) { try filter.apply(toJSON: "5") }
        #expect(try filter.apply(toJSON: #"{"a":{"b":"ok"}}"#) == [.raw("ok")])
    }

    // MARK: halt and halt_error

    @Test("halt stops with exit code 0, no message, and the earlier outputs")
    func haltStopsWithZero() {
        #expect(throws: JQError.halted(exitCode: 0, message: nil, outputs: [.json("1")])) {
            try Self.run("1, halt, 2", "null")
        }
    }

    @Test("halt_error with a string gives exit code 5 and the raw string")
    func haltErrorWithString() {
        #expect(throws: JQError.halted(exitCode: 5, message: "bye\n", outputs: [])) {
            try Self.run(#""bye\n" | halt_error"#, "null")
        }
        #expect(throws: JQError.halted(exitCode: 5, message: "Pokémon", outputs: [])) {
            try Self.run(".name | halt_error", #"{"name":"Pokémon"}"#)
        }
    }

    @Test("halt_error with an object gives its JSON and a newline, and a custom exit code")
    func haltErrorWithObjectAndCode() {
        let error = #expect(throws: JQError.self) {
            try Self.run(#""first", ({b: 1, a: "x"} | halt_error(3))"#, "null")
        }
        #expect(error == .halted(exitCode: 3, message: "{\"b\":1,\"a\":\"x\"}\n", outputs: [.raw("first")]))
        #expect(error?.errorDescription == #"the jq program halted with exit status 3: {"b":1,"a":"x"}"#)
    }

    @Test("halt_error with null gives no message; a fractional code is truncated")
    func haltErrorNullAndFraction() {
        #expect(throws: JQError.halted(exitCode: 5, message: nil, outputs: [])) { try Self.run("halt_error", "null") }
        #expect(throws: JQError.halted(exitCode: 1, message: "1\n", outputs: [])) {
            try Self.run("halt_error(1.5)", "1")
        }
        #expect(throws: JQError.runtime(message: #"string ("x") halt_error/1: number required"#, outputs: [])) {
            try Self.run(#"halt_error("x")"#, #""x""#)
        }
    }

    // Regression: jq 1.6 frees a halt's message again on the next jq_start/jq_teardown (the jq CLI aborts with
    // "malloc_consolidate(): unaligned fastbin chunk detected" on `'if .==2 then "bye\n"|halt_error else . end'`).
    @Test("the filter stays usable after halt_error, run after run")
    func usableAfterRepeatedHaltError() throws {
        let filter = try JQFilter(
            program: #"if . == 2 then "bye\n" | halt_error elif . == 3 then {n: .} | halt_error else . end"#)
        for _ in 0..<200 {
            #expect(try filter.apply(toJSON: "1") == [.json("1")])
            #expect(throws: JQError.halted(exitCode: 5, message: "bye\n", outputs: [])) {
                try filter.apply(toJSON: "2")
            }
            #expect(throws: JQError.halted(exitCode: 5, message: "{\"n\":3}\n", outputs: [])) {
                try filter.apply(toJSON: "3")
            }
        }
        #expect(try filter.apply(toJSON: "4") == [.json("4")])
    }

    // MARK: Confinement and memory

    @Test("calls from another thread are counted as confinement violations")
    func offThreadCallsAreCounted() throws {
        let filter = try JQFilter(program: ".")
        _ = try filter.apply(toJSON: "1")
        #expect(filter.callsOffOwnerThread == 0)
        final class Box: @unchecked Sendable {
            let filter: JQFilter
            init(_ filter: JQFilter) { self.filter = filter }
        }
        let box = Box(filter)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            _ = try? box.filter.apply(toJSON: "2")
            done.signal()
        }
        thread.start()
        done.wait()
        #expect(filter.callsOffOwnerThread == 1)
    }

    /// The resident set size of this process, in bytes.
    static func residentBytes() throws -> Int {
        let statm = try String(contentsOfFile: "/proc/self/statm", encoding: .utf8)
        let pages = try #require(Int(statm.split(separator: " ")[1]))
        return pages * sysconf(Int32(_SC_PAGESIZE))
    }

    /// Set (to a report file's path) only in the child process that measures memory.
    static let memoryReportVariable = "TVM_TEST_JQ_MEMORY_REPORT"

    // Flaky before: it measured this process's resident memory while other tests ran in parallel and grew it too
    // (once by 47 MB). Now the loop runs in a child process of its own (the test below) and only its growth counts.
    @Test("100,000 runs over a show do not grow memory")
    func repeatedRunsDoNotGrowMemory() async throws {
        let child = try await ChildTestRun.run(
            filter: "JQFilterTests/repeatedRunsMemoryChild", variable: Self.memoryReportVariable)
        #expect(child.status == 0, "the child test failed:\n\(child.output)")
        let report = try #require(child.report, "the child test wrote no report:\n\(child.output)")
        let growth = try #require(Int(report.trimmingCharacters(in: .whitespacesAndNewlines)), "report: \(report)")
        // Each of the 100,000 runs parses the 1.5 KB show, and 20,000 runs of each other path handle values of
        // over 1.2 KB (the copy, the error message, the halt message): leaking any of them would add at least
        // 24 MB. Measured growth alone in a process is about 0.2 MB; the bound leaves room for allocator noise.
        #expect(growth < 4 << 20, "resident memory grew by \(growth) bytes")
    }

    /// The measurement itself, run only in the child process that the test above starts.
    @Test(
        "the memory measurement, in a process of its own",
        .enabled(if: ProcessInfo.processInfo.environment[memoryReportVariable] != nil)
    )
    func repeatedRunsMemoryChild() throws {
        let reportPath = try #require(ProcessInfo.processInfo.environment[Self.memoryReportVariable])
        let show = try Self.fixture("shows/1.json")
        let project = try JQFilter(program: "{id,name}")
        let copy = try JQFilter(program: ".")
        let fail = try JQFilter(program: "error(tostring)")
        let halt = try JQFilter(program: "tostring | halt_error(2)")
        func runAll(_ count: Int) {
            for round in 0..<count {
                _ = try? project.apply(toJSON: show)
                if round % 5 == 0 {
                    _ = try? copy.apply(toJSON: show)
                    _ = try? fail.apply(toJSON: show)
                    _ = try? halt.apply(toJSON: show)
                }
            }
        }
        runAll(2_000)
        let before = try Self.residentBytes()
        runAll(100_000)
        let growth = try Self.residentBytes() - before
        #expect(try project.apply(toJSON: show) == [.json(#"{"id":1,"name":"Under the Dome"}"#)])
        try String(growth).write(toFile: reportPath, atomically: true, encoding: .utf8)
    }
}
