import TVMRecords

/// The toolkit's version and User-Agent.
package enum Version {
    /// The version of every tvm tool.
    package static let current = "0.2.0"

    /// The descriptive User-Agent TVMaze asks clients to send.
    ///
    /// - Parameter tool: The tool name.
    /// - Returns: e.g. `tvm-fetch/0.2.0 (tvm, a command-line toolkit for the TVMaze API)`.
    package static func userAgent(tool: String) -> String {
        "\(tool)/\(current) (tvm, a command-line toolkit for the TVMaze API; Swift AsyncHTTPClient)"
    }
}
