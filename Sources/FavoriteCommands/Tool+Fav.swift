import Foundation
import TVMCommandLine
import TVMRecords

extension Tool {
    /// `tvm-fav`. A plain `list` command line runs without ArgumentParser (see ``ListFastPath``).
    package static let fav = Tool(name: "tvm-fav", abstract: FavCommand.configuration.abstract) { arguments in
        if let request = ListFastPath.request(from: arguments), let status = ListFastPath.run(request) {
            exit(status)
        }
        await FavCommand.runAsTool(arguments: arguments)
    }
}
