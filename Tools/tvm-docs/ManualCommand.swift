import ArgumentParser
import Foundation

/// `tvm-docs manual`: a section-1 page from `--experimental-dump-help` JSON.
struct ManualCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "manual",
        abstract: "Render a tool's man page (mdoc) from its --experimental-dump-help JSON on stdin."
    )

    func run() throws {
        let info = try JSONDecoder().decode(ToolInfo.self, from: Data(readStandardInput().utf8))
        guard info.serializationVersion == 0 else {
            throw ValidationError("unsupported dump-help serialization version \(info.serializationVersion)")
        }
        print(ManualPage(root: info.command, date: DocsCommand.date).render(), terminator: "")
    }
}
