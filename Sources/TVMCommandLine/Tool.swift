import TVMRecords

/// One of the five tools the `tvm` program runs: its name, its one-line summary, and its entry point.
///
/// `tvm` runs the tool named by the basename it was started under (`tvm-fetch`), or the one its first argument
/// names (`tvm fetch`). Each tool's module declares its `Tool`.
package struct Tool: Sendable {
    /// The tool's name, as installed: `tvm-fetch`.
    package let name: String

    /// The name without `tvm-`, as `tvm` takes it: `fetch`.
    package var shortName: String { String(name.dropFirst("tvm-".count)) }

    /// What the tool does, in one line (its command's abstract).
    package let abstract: String

    /// Parses the arguments (without the program name), runs the tool in the current ``ToolContext``, and returns
    /// its exit status.
    package let run: @Sendable ([String]) async -> Int32

    /// Declares a tool.
    package init(name: String, abstract: String, run: @escaping @Sendable ([String]) async -> Int32) {
        self.name = name
        self.abstract = abstract
        self.run = run
    }
}
