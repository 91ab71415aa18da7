import ArgumentParser
import TVMRecords

extension ByteSize: ExpressibleByArgument {
    /// Reads `256MB`, `1G`, `500k` or a plain number of bytes from the command line.
    public init?(argument: String) {
        self.init(parsing: argument)
    }

    /// The default value as the help shows it.
    public var defaultValueDescription: String { String(description.filter { $0 != " " }) }
}
