import ArgumentParser
import TVMRecords

extension AsyncParsableCommand {
    /// The entry point of every tvm tool: rewrites jq-style `--arg NAME VALUE` pairs, then parses and runs.
    ///
    /// - Parameter arguments: The tool's arguments, without the program name.
    public static func runAsTool(arguments: [String]) async {
        let rewritten: [String]? = ArgumentRewriter.rewrite(arguments)
        let entry: ([String]?) async -> Void = Self.main
        await entry(rewritten)
    }
}
