import EpisodesCommands
import FavoriteCommands
import FetchCommands
import Foundation
import ImgCommands
import SearchCommands
import TVMCommandLine

// One program, five tools: started as tvm-fetch (a link to this program) it is tvm-fetch; started as `tvm` it
// takes the tool from its first argument, git-style (`tvm fetch show 1`). See MultiCall.
let tools: [Tool] = [.fetch, .search, .fav, .episodes, .img]
let arguments = CommandLine.arguments
switch MultiCall.resolve(arguments, tools: tools) {
case .run(let tool, let toolArguments):
    exit(await tool.run(toolArguments))
case .print(let text):
    FileHandle.standardOutput.write(Data(text.utf8))
case .fail(let message):
    FileHandle.standardError.write(Data(message.utf8))
    exit(ExitStatus.usage.rawValue)
}
