import ArgumentParser

extension AsyncParsableCommand {
    /// The entry point of every tvm tool: rewrites jq-style `--arg NAME VALUE` pairs, then parses and runs.
    public static func runAsTool() async {
        let arguments: [String]? = ArgumentRewriter.rewrite(Array(CommandLine.arguments.dropFirst()))
        let entry: ([String]?) async -> Void = Self.main
        await entry(arguments)
    }
}
