// TVMCLI is the command layer plus the network: a tool that imports it gets the core command layer and the
// whole library, as before the split.
@_exported import TVMCLICore
@_exported import TVMazeKit
