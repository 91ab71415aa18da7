import CJQ
import Foundation

/// A jq program, compiled once, that runs over one JSON value at a time (Debian's libjq 1.6).
///
/// This is the only type that talks to libjq. It owns one `jq_state`, turns jq's error callback and error values
/// into ``JQError``, and tears the state down in `deinit`. Outputs are rendered as ``JQOutput``: strings raw
/// (like `jq -r`), everything else as compact JSON with the keys in input order (like `jq -c`).
///
/// ```swift
/// let filter = try JQFilter(program: "{id, name}")
/// let outputs = try filter.apply(toJSON: #"{"id":1,"name":"Under the Dome","type":"Scripted"}"#)
/// // outputs == [.json(#"{"id":1,"name":"Under the Dome"}"#)]
/// ```
///
/// The program sees the same environment as on the jq 1.6 command line: `$ARGS`, `$ENV`, modules found through
/// the default search path `~/.jq`, `$ORIGIN/../lib/jq`, `$ORIGIN/../lib` (`$ORIGIN` being the directory of the
/// running executable), and `~/.jq` included automatically when it is a file. It does not see other inputs
/// (`inputs` gives nothing, `input` raises an error). `debug` writes `["DEBUG:",value]` to the process's standard
/// error as the jq command line does, and jq's `stderr` builtin writes there itself.
///
/// Thread confinement: libjq 1.6 is not thread-safe. A `JQFilter` is not `Sendable`; create it, use it and drop
/// it on one thread. From async code use ``JQEngine``, which keeps a filter on a dedicated thread.
public final class JQFilter {
    /// The directories jq searches for `import` and `include`, as the jq 1.6 command line sets them.
    ///
    /// jq 1.6 asserts (and aborts the process) on `import` when this attribute is missing.
    private static let libraryPath = ["~/.jq", "$ORIGIN/../lib/jq", "$ORIGIN/../lib"]

    /// The directory of the running executable: what the jq command line calls `$ORIGIN`.
    private static let origin = Bundle.main.executableURL?.deletingLastPathComponent().path ?? "."

    /// The program text, as given to the initialiser.
    public let program: String

    /// The compiled program (`jq_state *`), owned by this object and torn down in `deinit`.
    private let state: OpaquePointer

    /// Collects what jq reports through its error callback; `state` holds an unretained pointer to it.
    private let messages: JQMessageCollector

    /// The thread that compiled the program, where every other call is expected to happen.
    let ownerThread: pthread_t

    /// Whether the caller runs on ``ownerThread``.
    var isOnOwnerThread: Bool {
        pthread_equal(pthread_self(), ownerThread) != 0
    }

    /// How many calls to ``apply(toJSON:)`` ran on a thread other than ``ownerThread`` (a confinement check
    /// for tests; it must stay 0).
    private(set) var callsOffOwnerThread = 0

    /// Compiles a jq program once, binding its named arguments.
    ///
    /// - Parameters:
    ///   - program: The jq program text, jq 1.6 syntax, for example `{id, name}` or `.[] | .name`.
    ///   - arguments: Values bound to `$name` in the program, like jq's `--arg` (``JQArgument/string(_:)``) and
    ///     `--argjson` (``JQArgument/json(_:)``). They are also available as `$ARGS.named`, keys sorted by name.
    /// - Throws: ``JQError/invalidArgumentJSON(name:text:message:)`` when a `.json` argument is not one JSON value
    ///   (checked in name order, the first one reported), ``JQError/compile(program:message:)`` with jq's
    ///   messages when the program does not compile (including a missing module), and
    ///   ``JQError/unavailable(reason:)`` when libjq cannot be loaded.
    public init(program: String, arguments: [String: JQArgument] = [:]) throws(JQError) {
        // libjq is opened on first use (Sources/CJQ/include/CJQ.h), so that tools run without --jq never load it.
        if let failure = tvm_jq_load() {
            throw .unavailable(reason: String(cString: failure))
        }
        let messages = JQMessageCollector()
        let argumentObject = try Self.makeArgumentObject(arguments)
        self.state = try Self.compile(program, arguments: argumentObject, reportingTo: messages)
        self.program = program
        self.messages = messages
        self.ownerThread = pthread_self()
    }

    deinit {
        var doomed: OpaquePointer? = state
        tvm_jq_teardown(&doomed)
    }

    /// Runs the program over one JSON value and returns every output it produced.
    ///
    /// The outputs are collected until the program ends, so a program that never ends (`repeat(.)`) never
    /// returns, as with jq. `empty` gives no outputs, `.[]` one per element. jq 1.6 treats `error(null)` like
    /// `empty`, not as an error. After any error the filter stays usable for the next value.
    ///
    /// - Parameter text: The text of exactly one JSON value, for example one line of a JSON Lines stream
    ///   (surrounding whitespace is allowed).
    /// - Returns: The outputs in order.
    /// - Throws: ``JQError/invalidInputJSON(message:excerpt:)`` when `text` is not one JSON value;
    ///   ``JQError/runtime(message:outputs:)`` when the program raises an uncaught error;
    ///   ``JQError/halted(exitCode:message:outputs:)`` when it calls `halt` or `halt_error`. The last two carry
    ///   the outputs produced before the error.
    public func apply(toJSON text: String) throws(JQError) -> [JQOutput] {
        var outputs: [JQOutput] = []
        do {
            try apply(toJSON: text) { outputs.append($0) }
        } catch let error as JQError {
            throw error.adding(outputs: outputs)
        } catch {
            preconditionFailure("only the body throws other errors, and it does not throw")
        }
        return outputs
    }

    /// Runs the program over one JSON value and hands each output to `body` as jq produces it.
    ///
    /// A program that produces without end (`repeat(.)`) runs until `body` throws, so a writer whose reader went
    /// away (`| head -1`) ends it; nothing is held between outputs.
    ///
    /// - Parameters:
    ///   - text: The text of exactly one JSON value.
    ///   - body: Called with each output, in order.
    /// - Throws: ``JQError`` as ``apply(toJSON:)`` throws it, with no ``JQError/outputs`` (they went to `body`);
    ///   whatever `body` throws, which ends the run.
    public func apply(toJSON text: String, forEach body: (JQOutput) throws -> Void) throws {
        if !isOnOwnerThread {
            callsOffOwnerThread += 1
        }
        let input: jv
        do {
            input = try Self.parseJSON(text)
        } catch {
            throw JQError.invalidInputJSON(message: error.message, excerpt: Self.excerpt(of: text))
        }
        try run(consuming: input, body)
    }

    // MARK: - Compiling

    /// Builds jq's argument object: each argument by name, plus `ARGS` = `{positional: [], named: {...}}` as
    /// the jq 1.6 command line does. The caller owns the result.
    private static func makeArgumentObject(_ arguments: [String: JQArgument]) throws(JQError) -> jv {
        var named = tvm_jv_object()
        for (name, argument) in arguments.sorted(by: { $0.key < $1.key }) {
            let value: jv
            switch argument {
            case .string(let text):
                value = makeString(text)
            case .json(let text):
                do {
                    value = try parseJSON(text)
                } catch {
                    tvm_jv_free(named)
                    throw .invalidArgumentJSON(name: name, text: text, message: error.message)
                }
            }
            named = tvm_jv_object_set(named, makeString(name), value)
        }
        var all = tvm_jv_object_set(tvm_jv_object(), makeString("positional"), tvm_jv_array())
        all = tvm_jv_object_set(all, makeString("named"), tvm_jv_copy(named))
        return tvm_jv_object_set(named, makeString("ARGS"), all)
    }

    /// Creates a `jq_state` and compiles `program` in it. Consumes `arguments`; the caller owns the result.
    private static func compile(
        _ program: String,
        arguments: jv,
        reportingTo messages: JQMessageCollector
    ) throws(JQError) -> OpaquePointer {
        guard let state = tvm_jq_init() else {
            tvm_jv_free(arguments)
            throw .compile(program: program, message: "jq: error: cannot allocate a jq_state (out of memory)")
        }
        // jq 1.6's jq_init leaves the input callback uninitialised: `input` would call whatever the heap held.
        tvm_jq_set_input_cb(state, nil, nil)
        tvm_jq_set_error_cb(state, collectJQMessage, Unmanaged.passUnretained(messages).toOpaque())
        tvm_jq_set_debug_cb(state, writeJQDebug, nil)
        var searchPath = tvm_jv_array()
        for directory in libraryPath {
            searchPath = tvm_jv_array_append(searchPath, makeString(directory))
        }
        tvm_jq_set_attr(state, makeString("JQ_LIBRARY_PATH"), searchPath)
        tvm_jq_set_attr(state, makeString("JQ_ORIGIN"), makeString(origin))
        // jq 1.6's jq_compile_args takes an object {name: value}; an array is double-freed (GHSA-gf4g-95wj-4q4r).
        let compiled = program.withCString { tvm_jq_compile_args(state, $0, arguments) }
        let reported = messages.drain()
        guard compiled != 0 else {
            var doomed: OpaquePointer? = state
            tvm_jq_teardown(&doomed)
            throw .compile(program: program, message: reported)
        }
        return state
    }

    // MARK: - Running

    /// Runs the program over `input` (consumed), handing each output to `body`, until the end, an error or a halt.
    private func run(consuming input: jv, _ body: (JQOutput) throws -> Void) throws {
        messages.discard()  // jq reports nothing through the callback at run time; keep memory bounded anyway
        tvm_jq_start(state, input, 0)
        while true {
            let result = tvm_jq_next(state)
            if tvm_jv_get_kind(result) != JV_KIND_INVALID {
                try body(Self.output(consuming: result))
                continue
            }
            if tvm_jq_halted(state) != 0 {
                tvm_jv_free(result)
                throw takeHalt(outputs: [])
            }
            if tvm_jv_invalid_has_msg(tvm_jv_copy(result)) != 0 {
                throw JQError.runtime(message: Self.messageText(consuming: tvm_jv_invalid_get_msg(result)), outputs: [])
            }
            tvm_jv_free(result)
            return
        }
    }

    /// Reads the halt's exit code and message the way the jq 1.6 command line does, then makes the state safe
    /// to start again.
    private func takeHalt(outputs: [JQOutput]) -> JQError {
        let code = tvm_jq_get_exit_code(state)
        let message = tvm_jq_get_error_message(state)
        repairAfterHalt()

        let exitCode: Int32
        switch tvm_jv_get_kind(code) {
        case JV_KIND_INVALID:
            exitCode = 0  // `halt`
        case JV_KIND_NUMBER:
            exitCode = Self.truncatedExitCode(tvm_jv_number_value(code))
        default:
            exitCode = 5
        }
        tvm_jv_free(code)

        let text: String?
        switch tvm_jv_get_kind(message) {
        case JV_KIND_STRING:
            text = Self.takeString(message)
        case JV_KIND_NULL, JV_KIND_INVALID:
            tvm_jv_free(message)
            text = nil
        default:
            text = Self.takeString(tvm_jv_dump_string(message, 0)) + "\n"
        }
        return .halted(exitCode: exitCode, message: text, outputs: outputs)
    }

    /// Works around a jq 1.6 double free after `halt_error`.
    ///
    /// jq 1.6's `jq_reset` (run by `jq_start` and `jq_teardown`) frees the halt's exit code and message but keeps
    /// pointing at them, so the second reset after a halt frees them again (the jq 1.6 command line crashes the
    /// same way when `halt_error` runs on an input that is not the last). Starting once more lets jq free them
    /// exactly once; halting that run with two invalid values, which own no memory, leaves nothing to free twice.
    private func repairAfterHalt() {
        tvm_jq_start(state, tvm_jv_null(), 0)
        tvm_jq_halt(state, tvm_jv_invalid(), tvm_jv_invalid())
    }

    /// Converts jq's exit code like C's `int` conversion in jq's `main` (toward zero), clamped to `Int32`.
    private static func truncatedExitCode(_ value: Double) -> Int32 {
        guard !value.isNaN else {
            return 5
        }
        return Int32(max(Double(Int32.min), min(Double(Int32.max), value.rounded(.towardZero))))
    }

    // MARK: - Values

    /// Parses the text of exactly one JSON value; the caller owns the result.
    private static func parseJSON(_ text: String) throws(JQParseFailure) -> jv {
        let length = text.utf8.count
        guard length <= Int(Int32.max) else {
            throw JQParseFailure(message: "the text is \(length) bytes long, more than jq's limit of 2 GiB")
        }
        // jv_parse_sized quotes the text with "%s" in its messages: the buffer must end with a NUL.
        let value = text.withCString { tvm_jv_parse_sized($0, Int32(length)) }
        guard tvm_jv_get_kind(value) == JV_KIND_INVALID else {
            return value
        }
        var message = messageText(consuming: tvm_jv_invalid_get_msg(value))
        // Drop jq's " (while parsing '<the whole text>')": the caller quotes an excerpt instead.
        let quoted = " (while parsing '\(String(decoding: text.utf8.prefix { $0 != 0 }, as: UTF8.self))')"
        if message.hasSuffix(quoted) {
            message.removeLast(quoted.count)
        }
        throw JQParseFailure(message: message)
    }

    /// Renders a valid value (consumed): a string raw, anything else as compact JSON in jq's key order.
    private static func output(consuming value: jv) -> JQOutput {
        if tvm_jv_get_kind(value) == JV_KIND_STRING {
            return .raw(takeString(value))
        }
        return .json(takeString(tvm_jv_dump_string(value, 0)))
    }

    /// Turns an error value (consumed) into text: a string as is, an invalid value's message, else compact JSON.
    fileprivate static func messageText(consuming value: jv) -> String {
        switch tvm_jv_get_kind(value) {
        case JV_KIND_STRING:
            return takeString(value)
        case JV_KIND_INVALID:
            guard tvm_jv_invalid_has_msg(tvm_jv_copy(value)) != 0 else {
                tvm_jv_free(value)
                return "jq: error: unknown error"
            }
            return messageText(consuming: tvm_jv_invalid_get_msg(value))
        default:
            return takeString(tvm_jv_dump_string(value, 0))
        }
    }

    /// Returns the contents of a string value (consumed), embedded NULs included.
    private static func takeString(_ value: jv) -> String {
        defer { tvm_jv_free(value) }
        let count = Int(tvm_jv_string_length_bytes(tvm_jv_copy(value)))
        guard let bytes = tvm_jv_string_value(value) else {
            return ""
        }
        return String(decoding: UnsafeRawBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// Makes a jq string from a Swift string; the caller owns the result.
    private static func makeString(_ text: String) -> jv {
        var text = text
        return text.withUTF8 { bytes in
            guard let start = bytes.baseAddress, !bytes.isEmpty else {
                return tvm_jv_string("")
            }
            return start.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                tvm_jv_string_sized($0, Int32(bytes.count))
            }
        }
    }

    /// The start of an input for error messages: at most 80 characters, `…` marking a cut.
    private static func excerpt(of text: String) -> String { Excerpt.of(text, limit: 80) }
}

@available(*, unavailable)
extension JQFilter: Sendable {}

/// Why a JSON text did not parse: jq's parser message.
private struct JQParseFailure: Error {
    /// jq's message, for example `Unfinished JSON term at EOF at line 1, column 5`.
    let message: String
}

/// The messages jq reports through its error callback while compiling.
private final class JQMessageCollector {
    private var lines: [String] = []

    /// Records one message, without its trailing newlines.
    func append(_ message: String) {
        var message = message
        while message.hasSuffix("\n") {
            message.removeLast()
        }
        lines.append(message)
    }

    /// Returns the messages recorded so far, one per line, and forgets them.
    func drain() -> String {
        defer { lines.removeAll() }
        return lines.joined(separator: "\n")
    }

    /// Forgets the messages recorded so far.
    func discard() {
        lines.removeAll()
    }
}

/// jq's `debug` callback, as the jq command line's: `["DEBUG:",value]` on a line of standard error; the callback
/// owns `value`.
private func writeJQDebug(_ context: UnsafeMutableRawPointer?, _ value: jv) {
    let array = tvm_jv_array_append(tvm_jv_array_append(tvm_jv_array(), tvm_jv_string("DEBUG:")), value)
    let text = tvm_jv_dump_string(array, 0)
    // A dump has no NUL byte: jq writes one in a string as \u0000.
    let line = String(cString: tvm_jv_string_value(text)) + "\n"
    tvm_jv_free(text)
    FileDescriptorSink.writeAll(line, to: STDERR_FILENO)
}

/// jq's error callback: `context` is the filter's ``JQMessageCollector``; the callback owns `message`.
private func collectJQMessage(_ context: UnsafeMutableRawPointer?, _ message: jv) {
    guard let context else {
        tvm_jv_free(message)
        return
    }
    let collector = Unmanaged<JQMessageCollector>.fromOpaque(context).takeUnretainedValue()
    collector.append(JQFilter.messageText(consuming: message))
}
