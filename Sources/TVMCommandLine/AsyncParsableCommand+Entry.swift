import ArgumentParser

extension AsyncParsableCommand {
    /// The entry point of every tvm tool: rewrites jq-style `--arg NAME VALUE` pairs, then parses and runs, and
    /// reports any error in tvm's style (``UsageError``).
    ///
    /// - Parameter arguments: The tool's arguments, without the program name.
    /// - Returns: The exit status.
    package static func runAsTool(arguments: [String]) async -> Int32 {
        let rewritten = ArgumentRewriter.rewrite(arguments)
        do {
            var command = try await asyncParseAsRoot(rewritten)
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            return 0
        } catch {
            return UsageError.report(Self.self, error: error, arguments: rewritten)
        }
    }
}
