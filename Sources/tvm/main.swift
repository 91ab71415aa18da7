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
ClosedStreams.hold()
// Before the first `await`, which needs threads that too low a `ulimit -v` would leave libdispatch waiting for.
if let refusal = AddressSpaceLimit.refusal(program: MultiCall.programName(CommandLine.arguments)) {
    FileHandle.standardError.write(Data(refusal.utf8))
    exit(ExitStatus.ioError.rawValue)
}
// Blocks of 256 KiB and more are mapped and unmapped on their own: glibc would otherwise raise this threshold after
// the first large block is freed (up to 32 MiB), and keep a page of huge records' freed buffers in the heap, which
// the process keeps (issue 30 #9: a sync of eight 3.9 MB shows peaked 20 MB higher).
// mallopt is not in Swift's Glibc module (malloc.h); it is looked up in the C library, which is always there.
if let mallopt = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") {
    let mmapThreshold: Int32 = -3  // M_MMAP_THRESHOLD
    _ = unsafeBitCast(mallopt, to: (@convention(c) (Int32, Int32) -> Int32).self)(mmapThreshold, 256 * 1024)
}
PosixTimeZone.adopt(in: ToolContext.current, program: MultiCall.programName(CommandLine.arguments))
let build = BuildInfo(revision: buildRevision, date: buildDate, completionScripts: completionScripts)
exit(await MultiCall.main(CommandLine.arguments, tools: [.fetch, .search, .fav, .episodes, .img], build: build))
