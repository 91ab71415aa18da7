import TVMTerminal

/// The short `--help` (issue 29): the usage first, the abstract, the command's own arguments, options and
/// subcommands one line each, the options every tool shares named on one line, three examples, and the man
/// page for the rest. The whole discussion, every example and the exit codes stay in the man page, which is
/// made from the same declarations.
enum ShortHelp {
    /// The options every tool shares (network, output, database, batch): named, not described, in the short help.
    static let sharedOptions: Set<String> = [
        "--api-url", "--timeout", "--retries", "--offline", "--verbose", "--refresh", "--cache-max", "--jq",
        "--jq-file", "--arg", "--argjson", "--format", "--fields", "--no-header", "--csv-formulas", "--limit",
        "--no-pager", "--no-color", "--quiet", "--version", "--help", "--db", "--lock-timeout", "--failed",
        "--max-failures", "--catalog",
    ]

    /// How many examples the short help keeps.
    static let examples = 3

    /// The short help made from ArgumentParser's unwrapped help text.
    ///
    /// - Parameters:
    ///   - full: Help as ArgumentParser renders it without wrapping (a very large width).
    ///   - width: The terminal's width: an entry's description is cut to it, ending with `…`.
    /// - Returns: The short help, or `full` unchanged when it has no `USAGE:` line.
    static func make(from full: String, width: Int) -> String {
        let lines = full.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let usageIndex = lines.firstIndex(where: { $0.hasPrefix("USAGE: ") }) else { return full }
        let usage = HelpText.usageFixed(lines[usageIndex])
        let command = usage.dropFirst("USAGE: ".count).split(separator: " ").prefix {
            !$0.hasPrefix("<") && !$0.hasPrefix("[")
        }
        let tool = command.first.map(String.init) ?? "tvm"
        var out = [usage, ""]
        if let overview = lines.first(where: { $0.hasPrefix("OVERVIEW: ") }) {
            out += [String(overview.dropFirst("OVERVIEW: ".count)), ""]
        }
        var shared: [String] = []
        var section: [String] = []
        var heading: String?
        func closeSection() {
            if let heading, !section.isEmpty { out += [heading] + section + [""] }
            section = []
        }
        var index = usageIndex + 1
        while index < lines.count {
            let line = lines[index]
            index += 1
            if line.isEmpty { continue }
            if !line.hasPrefix(" ") {
                closeSection()
                heading = line
                continue
            }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("See '") {
                section.append(line)
                continue
            }
            // An entry: `  --name <value>   Help…`, or the name alone with the help on the next line.
            var entry = line
            if index < lines.count, lines[index].hasPrefix(String(repeating: " ", count: 10)),
                !entry.trimmingCharacters(in: .whitespaces).contains("  ")
            {
                entry += "  " + lines[index].trimmingCharacters(in: .whitespaces)
                index += 1
            }
            let name = trimmed.split(separator: " ").first.map(String.init) ?? ""
            let long = trimmed.split(separator: " ").map { $0.trimmingCharacters(in: [","]) }.first {
                $0.hasPrefix("--")
            }
            if heading == "OPTIONS:", let long, sharedOptions.contains(long) {
                shared.append(name.hasSuffix(",") ? long : name)
                continue
            }
            section.append(oneLine(entry, width: width))
        }
        closeSection()
        if !shared.isEmpty {
            out += ["Also: " + shared.joined(separator: ", ") + " (the options every tool shares).", ""]
        }
        let examples = Self.examples(in: lines[..<usageIndex])
        if !examples.isEmpty {
            out += ["EXAMPLES:"] + examples.prefix(Self.examples).joined() + [""]
        }
        out.append("See 'man \(tool)' for more: every option and example, and the exit codes.")
        return HelpText.fitted(out.joined(separator: "\n"), width: width)
    }

    /// The examples under "Examples:" in the discussion, each a command with the lines a trailing `\` continues
    /// it on, so that none is cut in two.
    static func examples(in lines: ArraySlice<String>) -> [[String]] {
        guard let start = lines.firstIndex(where: { $0.hasSuffix("Examples:") && !$0.hasPrefix(" ") }) else {
            return []
        }
        var commands: [[String]] = []
        for line in lines[(start + 1)...].prefix(while: { $0.hasPrefix("  ") && !$0.allSatisfy(\.isWhitespace) }) {
            if let last = commands.last?.last, last.hasSuffix("\\") {
                commands[commands.count - 1].append(line)
            } else {
                commands.append([line])
            }
        }
        return commands
    }

    /// Where the first sentence ends: the first ". " that does not close an abbreviation such as "e.g.".
    private static func firstSentenceEnd(_ text: String) -> String.Index? {
        var from = text.startIndex
        while let stop = text.range(of: ". ", range: from..<text.endIndex) {
            let word = text[..<stop.lowerBound].split(separator: " ").last ?? ""
            if !["e.g", "i.e", "etc", "vs"].contains(word) { return stop.lowerBound }
            from = stop.upperBound
        }
        return nil
    }

    /// An entry on one line: the name column kept, the description cut at its first sentence and to `width`.
    private static func oneLine(_ entry: String, width: Int) -> String {
        guard let gap = entry.dropFirst(2).range(of: "  ") else { return entry }
        let name = String(entry[..<gap.lowerBound])
        var help = entry[gap.upperBound...].trimmingCharacters(in: .whitespaces)
        if let stop = firstSentenceEnd(help) { help = String(help[..<stop]) + "." }
        let column = max(name.count + 2, 26)
        var line = name.padding(toLength: column, withPad: " ", startingAt: 0) + help
        if DisplayWidth.width(of: line) > width, width > column + 1 {
            line = String(line.prefix(width - 1)) + "…"
        }
        return line
    }
}
