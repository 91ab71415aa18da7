import ArgumentParser
import TVMRecords

/// The option of tools that fetch a batch of records: `--failed FILE`.
package struct BatchOptions: ParsableArguments, Sendable {
    @Option(
        name: .customLong("failed"),
        help: ArgumentHelp(
            "Write the input lines of records that failed after their retries to this file, to pipe back in later.",
            valueName: "file"),
        completion: .file()
    )
    package var failedFile: String?

    /// Creates the option with its default.
    package init() {}

    /// Checks the value.
    package func validate() throws {
        if let failedFile, failedFile.isEmpty || FilePath.namesFolder(failedFile) {
            throw ValidationError("--failed needs a file path")
        }
    }
}
