import EpisodesCommands
import FavoriteCommands
import FetchCommands
import Foundation
import ImgCommands
import SearchCommands
import TVMCommandLine

// One program, five tools: started as tvm-fetch (a link to this program) it is tvm-fetch; started as `tvm` it
// takes the tool from its first argument, git-style (`tvm fetch show 1`). See MultiCall. The build's revision and
// completion scripts come from BuildInfo.swift, which the BuildInfo plugin writes at build time.
PosixTimeZone.adopt(
    in: ToolContext.current, program: String(CommandLine.arguments.first?.split(separator: "/").last ?? "tvm"))
let build = BuildInfo(revision: buildRevision, date: buildDate, completionScripts: completionScripts)
exit(await MultiCall.main(CommandLine.arguments, tools: [.fetch, .search, .fav, .episodes, .img], build: build))
