import TVMCLI

// Replaced by the tvm-img issue before it lands.
print("tvm-img: not built yet")
