import ArgumentParser
import Foundation
import TVMRecords

/// How records are written to standard output.
package enum OutputFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
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
package struct OutputOptions: ParsableArguments, Sendable {
    @Option(
        name: .customLong("jq"),
        help: ArgumentHelp(
            "Filter each output record through this jq program (libjq). String results print raw, as with jq -r.",
            valueName: "filter"
        )
    )
    package var jq: String?

    @Option(
        name: .customLong("jq-file"),
        help: ArgumentHelp("Read the --jq program from this file (as jq -f does).", valueName: "file"),
        completion: .file()
    )
    package var jqFile: String?

    @Option(
        name: .customLong("arg"),
        help: ArgumentHelp(
            "Bind $name to the string value in the --jq filter, as jq --arg does.", valueName: "name value")
    )
    package var args: [String] = []

    @Option(
        name: .customLong("argjson"),
        help: ArgumentHelp(
            "Bind $name to a JSON value in the --jq filter, as jq --argjson does.", valueName: "name json")
    )
    package var argJSON: [String] = []

    @Option(
        help: ArgumentHelp(
            "Output format: auto (a table on a terminal, JSON Lines otherwise), jsonl, json, table, csv, tsv, or ics "
                + "(an RFC 5545 calendar: tvm-episodes, tvm-fav next).")
    )
    package var format: OutputFormat = .auto

    @Option(
        name: .customLong("fields"),
        help: ArgumentHelp(
            "Comma-separated fields, dotted paths allowed (id,name,network.name): the columns of table, csv and tsv; "
                + "for jsonl and json, each record keeps just these, in this order. A field the records do not have is a "
                + "usage error that lists theirs; a value missing from one record is null. --jq reads the reduced "
                + "records, as gh's --jq reads --json's.",
            valueName: "list")
    )
    package var fields: String?

    @Flag(name: .customLong("no-header"), help: "Leave out the header row of csv and tsv output.")
    package var noHeader = false

    @Flag(
        name: .customLong("csv-formulas"),
        help: ArgumentHelp(
            "Write csv cells that start with =, +, -, @, a tab or a CR as they are. By default such a cell gets a "
                + "leading ' so that a spreadsheet shows it as text instead of running it (OWASP's CSV injection advice)."
        ))
    package var csvFormulas = false

    @Option(
        name: [.customShort("n"), .customLong("limit")],
        help: ArgumentHelp(
            "Stop after this many output records, asking the API for no more than they need; 0 for no limit "
                + "(every record, also where a command has a default limit, as tvm-search --local has 10). A "
                + "command that changes things still does all of it: -n shortens only the list it prints.",
            valueName: "n")
    )
    package var limit: Int?

    @Flag(
        name: .customLong("no-pager"),
        help: ArgumentHelp(
            "Never page the output (on a terminal, output taller than the screen goes through $TVM_PAGER, "
                + "$PAGER or less -FRX)."))
    package var noPager = false

    @Flag(name: .customLong("no-color"), help: ArgumentHelp(MessageOptions.noColorHelp))
    package var noColor = false

    @Flag(name: [.customShort("q"), .long], help: ArgumentHelp(MessageOptions.quietHelp))
    package var quiet = false

    /// Creates the options with their defaults.
    package init() {}

    /// Checks `--arg`/`--argjson` pairs, and that `--jq-file` can be read (and comes without `--jq`).
    package func validate() throws {
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
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: jqFile, isDirectory: &isFolder), isFolder.boolValue {
                throw ValidationError("--jq-file \(jqFile) is a folder: give the file that holds the jq program")
            }
            guard FileManager.default.isReadableFile(atPath: jqFile) else {
                throw ValidationError("cannot read --jq-file \(jqFile): check the path and its permissions")
            }
        }
    }

    /// The jq program: `--jq`, or the text of `--jq-file` (empty if the file went away since ``validate()``).
    package var program: String? {
        if let jq { return jq }
        guard let jqFile else { return nil }
        return String(decoding: FileManager.default.contents(atPath: jqFile) ?? Data(), as: UTF8.self)
    }

    /// The `--arg` (strings) and `--argjson` (JSON texts) bindings, by name.
    package var bindings: [String: JQArgument] {
        var bindings: [String: JQArgument] = [:]
        func split(_ pair: String) -> (String, String) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
        }
        // A name given twice keeps its first value, as jq does.
        for (name, value) in args.map(split) where bindings[name] == nil { bindings[name] = .string(value) }
        for (name, value) in argJSON.map(split) where bindings[name] == nil { bindings[name] = .json(value) }
        return bindings
    }

    /// `--fields`, parsed (``validate()`` has checked it).
    package var fieldList: FieldList? { fields.flatMap { try? FieldList($0) } }
}

/// Rewrites jq-style two-value options into a form ArgumentParser reads.
///
/// `--arg NAME VALUE` becomes `--arg NAME=VALUE` (likewise `--argjson`), so the tools accept jq's own
/// spelling, and `-n5` becomes `-n 5`, as head reads it. Nothing after a `--` terminator is touched.
package enum ArgumentRewriter {
    /// Rewrites the arguments (without the program name).
    ///
    /// - Parameter arguments: The command-line arguments after `argv[0]`.
    /// - Returns: The arguments with each `--arg NAME VALUE` joined, and each `-nN` split.
    package static func rewrite(_ arguments: [String]) -> [String] {
        var out: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" {
                out += arguments[index...]
                break
            }
            // `-n5`, as head takes it: ArgumentParser reads a short option's value only as the next argument.
            let count = argument.dropFirst(2)
            if argument.hasPrefix("-n"), !count.isEmpty, count.allSatisfy({ $0.isASCII && $0.isNumber }) {
                out += ["-n", String(count)]
                index += 1
                continue
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

/// The options of a command that prints no records (`tvm-fav serve`, `login`, `logout`, `tvm-img cache clear`
/// and `prune`): only how its messages look, so that `--jq` or `--format` is refused there, not ignored.
package struct MessageOptions: ParsableArguments {
    static let noColorHelp = "Never use colour (also off when NO_COLOR is set and not empty, or TERM=dumb)."
    static let quietHelp = "Print errors only: no warnings, notes or progress."

    @Flag(name: .customLong("no-color"), help: ArgumentHelp(noColorHelp))
    package var noColor = false

    @Flag(name: [.customShort("q"), .long], help: ArgumentHelp(quietHelp))
    package var quiet = false

    /// Creates the options with their defaults.
    package init() {}

    /// The same as output options, the rest at their defaults, for a ``ToolRuntime``.
    package var output: OutputOptions {
        // Parsed from no arguments: every option then has its default, and reading it is safe.
        guard var options = try? OutputOptions.parse([]) else { preconditionFailure("OutputOptions need arguments") }
        options.noColor = noColor
        options.quiet = quiet
        return options
    }
}
