import TVMCLI

// Replaced by the tvm-fav issue before it lands.
print("tvm-fav: not built yet")
