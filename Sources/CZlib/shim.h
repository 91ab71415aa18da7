// zlib, for inflating the members of an export ZIP (Sources/TVMImport/ZipArchive.swift).
#include <zlib.h>
