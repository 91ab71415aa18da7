import TVMCLI

// Replaced by the tvm-episodes issue before it lands.
print("tvm-episodes: not built yet")
