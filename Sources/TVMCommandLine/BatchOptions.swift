import ArgumentParser
import TVMRecords

/// The option of tools that fetch a batch of records: `--failed FILE`.
public struct BatchOptions: ParsableArguments, Sendable {
    /// Where the input lines of the records that failed go.
    @Option(
        name: .customLong("failed"),
        help: ArgumentHelp(
            "Write the input lines of records that failed after their retries to this file, to pipe back in later.",
            valueName: "file"),
        completion: .file()
    )
    public var failedFile: String?

    /// Creates the option with its default.
    public init() {}

    /// Checks the value.
    public func validate() throws {
        if let failedFile, failedFile.isEmpty || FilePath.namesFolder(failedFile) {
            throw ValidationError("--failed needs a file path")
        }
    }
}
