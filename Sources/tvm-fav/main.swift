import FavoriteCommands
import Foundation
import TVMCLICore

// `tvm-fav list` is run without ArgumentParser when its command line is plain (see ListFastPath).
if let request = ListFastPath.request(from: Array(CommandLine.arguments.dropFirst())),
    let status = ListFastPath.run(request)
{
    exit(status)
}
await FavCommand.runAsTool()
