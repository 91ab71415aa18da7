import ArgumentParser
import Foundation
import TVMRecords

/// How records are written to standard output.
public enum OutputFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    /// A table (or a detail view) when stdout is a terminal, JSON Lines otherwise.
    case auto
    /// One compact JSON record per line.
    case jsonl
    /// One JSON array holding every record.
    case json
    /// A table sized to the terminal.
    case table
    /// Comma-separated values (RFC 4180) under a header row.
    case csv
    /// Tab-separated values under a header row; tab, newline and backslash escaped as `\t`, `\n`, `\\`.
    case tsv
    /// An RFC 5545 calendar of episodes (`tvm-episodes`, `tvm-fav next`; see ``CalendarOutput``).
    case ics
}

/// The output options every tool shares: `--jq`, `--arg`, `--argjson`, `--format`, `--no-color`, `--quiet`.
public struct OutputOptions: ParsableArguments, Sendable {
    /// The jq program applied to every output record.
    @Option(
        name: .customLong("jq"),
        help: ArgumentHelp(
            "Filter each output record through this jq program (libjq). String results print raw, as with jq -r.",
            valueName: "filter"
        )
    )
    public var jq: String?

    /// A file holding the jq program, as jq's `-f`: for a program longer than a command line can carry.
    @Option(
        name: .customLong("jq-file"),
        help: ArgumentHelp("Read the --jq program from this file (as jq -f does).", valueName: "file"),
        completion: .file()
    )
    public var jqFile: String?

    /// `--arg NAME VALUE` pairs, stored as `NAME=VALUE` by ``ArgumentRewriter``.
    @Option(
        name: .customLong("arg"),
        help: ArgumentHelp(
            "Bind $name to the string value in the --jq filter, as jq --arg does.", valueName: "name value")
    )
    public var args: [String] = []

    /// `--argjson NAME JSON` pairs, stored as `NAME=JSON`.
    @Option(
        name: .customLong("argjson"),
        help: ArgumentHelp(
            "Bind $name to a JSON value in the --jq filter, as jq --argjson does.", valueName: "name json")
    )
    public var argJSON: [String] = []

    /// The output format.
    @Option(
        help: ArgumentHelp(
            "Output format: auto (a table on a terminal, JSON Lines otherwise), jsonl, json, table, csv, tsv, or ics "
                + "(an RFC 5545 calendar: tvm-episodes, tvm-fav next).")
    )
    public var format: OutputFormat = .auto

    /// The fields to keep, as dotted paths.
    @Option(
        name: .customLong("fields"),
        help: ArgumentHelp(
            "Comma-separated fields, dotted paths allowed (id,name,network.name): the columns of table, csv and tsv; "
                + "for jsonl and json, each record keeps just these, in this order (a missing one is null).",
            valueName: "list")
    )
    public var fields: String?

    /// Drops the header row of csv and tsv.
    @Flag(name: .customLong("no-header"), help: "Leave out the header row of csv and tsv output.")
    public var noHeader = false

    /// Stops after this many records.
    @Option(
        name: [.customShort("n"), .customLong("limit")],
        help: ArgumentHelp(
            "Stop after this many output records, asking the API for no more than they need.", valueName: "n")
    )
    public var limit: Int?

    /// Never starts a pager.
    @Flag(
        name: .customLong("no-pager"),
        help: ArgumentHelp(
            "Never page the output (on a terminal, output taller than the screen goes through $TVM_PAGER, "
                + "$PAGER or less -FRX)."))
    public var noPager = false

    /// Disables colour.
    @Flag(
        name: .customLong("no-color"),
        help: "Never use colour (also off when NO_COLOR is set and not empty, or TERM=dumb).")
    public var noColor = false

    /// Suppresses warnings and notes.
    @Flag(name: [.customShort("q"), .long], help: "Print errors only: no warnings, notes or progress.")
    public var quiet = false

    /// Creates the options with their defaults.
    public init() {}

    /// Checks `--arg`/`--argjson` pairs, and that `--jq-file` can be read (and comes without `--jq`).
    public func validate() throws {
        if let limit, limit < 0 {
            throw ValidationError("--limit takes a count of records, 0 or more: -n 10")
        }
        if let fields {
            do { _ = try FieldList(fields) } catch { throw ValidationError(error.description) }
        }
        for pair in args + argJSON where !pair.contains("=") {
            throw ValidationError("--arg and --argjson take two values, a name and a value: --arg NAME VALUE")
        }
        if let jqFile {
            guard jq == nil else { throw ValidationError("give the jq program with --jq or with --jq-file, not both") }
            guard FileManager.default.isReadableFile(atPath: jqFile) else {
                throw ValidationError("cannot read --jq-file \(jqFile): check the path and its permissions")
            }
        }
    }

    /// The jq program: `--jq`, or the text of `--jq-file` (empty if the file went away since ``validate()``).
    public var program: String? {
        if let jq { return jq }
        guard let jqFile else { return nil }
        return String(decoding: FileManager.default.contents(atPath: jqFile) ?? Data(), as: UTF8.self)
    }

    /// The `--arg` and `--argjson` bindings as name → (value, isJSON).
    public var bindings: [OutputSettings.Binding] {
        func split(_ pair: String, json: Bool) -> OutputSettings.Binding {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return OutputSettings.Binding(
                name: String(parts[0]), value: parts.count > 1 ? String(parts[1]) : "", isJSON: json)
        }
        return args.map { split($0, json: false) } + argJSON.map { split($0, json: true) }
    }

    /// The parsed values, as plain data.
    public var settings: OutputSettings {
        OutputSettings(
            jq: program, bindings: bindings, format: format, noColor: noColor, quiet: quiet,
            fields: fields.flatMap { try? FieldList($0) }, noHeader: noHeader, limit: limit, noPager: noPager)
    }
}

/// What the output options asked for, as plain values: what a run's ``ToolRuntime`` reads.
///
/// ``OutputOptions`` holds ArgumentParser's property wrappers, which cost the Swift runtime a reflection pass to
/// build; a tool that reads its arguments without ArgumentParser (`tvm-fav list`, see `ListFastPath`) fills
/// this in directly.
public struct OutputSettings: Sendable, Equatable {
    /// One `--arg NAME VALUE` (a string) or `--argjson NAME JSON` binding.
    public struct Binding: Sendable, Equatable {
        /// The variable's name, without `$`.
        public var name: String
        /// The value as given on the command line.
        public var value: String
        /// Whether `value` is JSON text (`--argjson`) rather than a string (`--arg`).
        public var isJSON: Bool

        /// Creates a binding.
        ///
        /// - Parameters:
        ///   - name: The variable's name, without `$`.
        ///   - value: The value as given.
        ///   - isJSON: Whether the value is JSON text.
        public init(name: String, value: String, isJSON: Bool) {
            self.name = name
            self.value = value
            self.isJSON = isJSON
        }
    }

    /// The `--jq` program, if any.
    public var jq: String?
    /// The `--arg` and `--argjson` bindings, in order.
    public var bindings: [Binding]
    /// The output format.
    public var format: OutputFormat
    /// Whether `--no-color` was given.
    public var noColor: Bool
    /// Whether `--quiet` was given.
    public var quiet: Bool
    /// `--fields`, if given.
    public var fields: FieldList?
    /// Whether `--no-header` was given.
    public var noHeader: Bool
    /// `--limit`: at most this many output records (`nil` or 0: no limit).
    public var limit: Int?
    /// Whether `--no-pager` was given.
    public var noPager: Bool

    /// Creates settings; the defaults are those of a command line without output options.
    ///
    /// - Parameters:
    ///   - jq: The `--jq` program.
    ///   - bindings: The `--arg`/`--argjson` bindings.
    ///   - format: The output format.
    ///   - noColor: Whether `--no-color` was given.
    ///   - quiet: Whether `--quiet` was given.
    ///   - fields: `--fields`.
    ///   - noHeader: Whether `--no-header` was given.
    ///   - limit: `--limit`.
    ///   - noPager: Whether `--no-pager` was given.
    public init(
        jq: String? = nil, bindings: [Binding] = [], format: OutputFormat = .auto, noColor: Bool = false,
        quiet: Bool = false, fields: FieldList? = nil, noHeader: Bool = false, limit: Int? = nil,
        noPager: Bool = false
    ) {
        self.fields = fields
        self.noHeader = noHeader
        self.limit = limit
        self.noPager = noPager
        self.jq = jq
        self.bindings = bindings
        self.format = format
        self.noColor = noColor
        self.quiet = quiet
    }
}

/// Rewrites jq-style two-value options into a form ArgumentParser reads.
///
/// `--arg NAME VALUE` becomes `--arg NAME=VALUE` (likewise `--argjson`), so the tools accept jq's own
/// spelling. Nothing after a `--` terminator is touched.
public enum ArgumentRewriter {
    /// Rewrites the arguments (without the program name).
    ///
    /// - Parameter arguments: The command-line arguments after `argv[0]`.
    /// - Returns: The arguments with each `--arg NAME VALUE` joined.
    public static func rewrite(_ arguments: [String]) -> [String] {
        var out: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" {
                out += arguments[index...]
                break
            }
            if argument == "--arg" || argument == "--argjson", index + 2 < arguments.count {
                out.append(argument)
                out.append(arguments[index + 1] + "=" + arguments[index + 2])
                index += 3
                continue
            }
            out.append(argument)
            index += 1
        }
        return out
    }
}
