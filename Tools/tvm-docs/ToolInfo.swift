/// The part of ArgumentParser's `--experimental-dump-help` JSON (serialization version 0) that the manual uses.
///
/// The JSON is what the tool's own declarations say about themselves: names, abstracts, discussions, arguments.
struct ToolInfo: Decodable {
    /// The format version; only 0 is understood.
    var serializationVersion: Int
    /// The root command.
    var command: CommandInfo
}
