import TVMCommandLine
import TVMRecords

extension Tool {
    /// `tvm-img`.
    package static let img = Tool(name: "tvm-img", abstract: ImgCommand.configuration.abstract) { arguments in
        await ImgCommand.runAsTool(arguments: arguments)
    }
}
