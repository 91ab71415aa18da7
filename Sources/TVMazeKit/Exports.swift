// TVMazeKit is the core plus the network: code that imports it gets the core's records, store and filters too.
@_exported import TVMazeCore
