import TVMCLI

// Replaced by the tvm-search issue before it lands.
print("tvm-search: not built yet")
