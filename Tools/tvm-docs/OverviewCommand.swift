import ArgumentParser

/// `tvm-docs overview`: tvm(7) from its template.
struct OverviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "overview",
        abstract: "Render tvm(7) from its template (stdin), filling in the shared sections."
    )

    func run() throws {
        print(try OverviewPage(template: readStandardInput(), date: DocsCommand.date).render(), terminator: "")
    }
}
