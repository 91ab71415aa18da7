// swift-tools-version:6.0
import PackageDescription

// Release builds of the executables link without position independence and without exporting every symbol:
// the loader then has no 120,000 relative relocations to apply and no 30,000-symbol table to search (dladdr),
// about 1 ms of every start. They link with the toolchain's lld, which, unlike gold, does not warn about the
// `mktemp` inside the toolchain's own static Foundation. They link SQLite and the C++ runtime statically, through
// the linker scripts in Linking/static (Linking/README.md): Debian builds libsqlite3 with immediate binding, so
// loading the shared libraries cost the loader 3,300 symbol lookups at every start. Debug and test builds keep
// the defaults.
let lean: [LinkerSetting] = [
    .unsafeFlags(
        [
            "-use-ld=lld", "-Xclang-linker", "-no-pie", "-Xlinker", "--no-export-dynamic",
            "-L\(Context.packageDirectory)/Linking/static",
        ],
        .when(configuration: .release))
]

let package = Package(
    name: "tvm",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "tvm-fetch", targets: ["tvm-fetch"]),
        .executable(name: "tvm-search", targets: ["tvm-search"]),
        .executable(name: "tvm-fav", targets: ["tvm-fav"]),
        .executable(name: "tvm-episodes", targets: ["tvm-episodes"]),
        .executable(name: "tvm-img", targets: ["tvm-img"]),
        .library(name: "TVMazeKit", targets: ["TVMazeKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        // libjq, opened with dlopen when a --jq filter is first compiled (Sources/CJQ/include/CJQ.h).
        .target(name: "CJQ"),
        // The offline core: records, JSON Lines, jq, the favorites store, paths. No network stack, so that a tool
        // built on it alone (tvm-fav) starts several times faster: see COMMENTS.md, "tvm-fav without the network".
        .target(
            name: "TVMazeCore",
            dependencies: [
                "CJQ",
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        // The API client, HTTP cache, posters, search and episodes, on top of the core (which it re-exports).
        .target(
            name: "TVMazeKit",
            dependencies: [
                "TVMazeCore",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        // The command layer without the network: options, output, terminal views, messages, exit codes.
        .target(
            name: "TVMCLICore",
            dependencies: [
                "TVMazeCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ]
        ),
        // The command layer with the network (the API client of a run), re-exporting TVMCLICore and TVMazeKit.
        .target(
            name: "TVMCLI",
            dependencies: [
                "TVMCLICore",
                "TVMazeKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ]
        ),
        // tvm-fav's commands. The tvm-fav binary links them without the network; `add` and `refresh` run in
        // tvm-fetch, which links the network stack and acts as tvm-fav when started under that name.
        .target(name: "FavoriteCommands", dependencies: ["TVMCLICore"]),
        .executableTarget(name: "tvm-fetch", dependencies: ["TVMCLI", "FavoriteCommands"], linkerSettings: lean),
        .executableTarget(name: "tvm-search", dependencies: ["TVMCLI"], linkerSettings: lean),
        .executableTarget(name: "tvm-fav", dependencies: ["FavoriteCommands"], linkerSettings: lean),
        .executableTarget(name: "tvm-episodes", dependencies: ["TVMCLI"], linkerSettings: lean),
        .executableTarget(name: "tvm-img", dependencies: ["TVMCLI", "ImagePreview"], linkerSettings: lean),
        // Poster previews: JPEG, PNG and WebP decoding through Debian's libjpeg-turbo, libpng and libwebp
        // (scripts/deps.sh installs libjpeg-dev, libpng-dev, libwebp-dev). Only tvm-img links them.
        .target(
            name: "CImageDecode",
            linkerSettings: [.linkedLibrary("jpeg"), .linkedLibrary("png"), .linkedLibrary("webp")]
        ),
        .target(name: "ImagePreview", dependencies: ["CImageDecode", "TVMazeKit"]),
        // Documentation: renders the man pages from the tools' ArgumentParser declarations and post-processes
        // the generated completion scripts (scripts/generate-docs.sh, `make docs`). Not installed.
        .executableTarget(
            name: "tvm-docs",
            dependencies: ["TVMCLI", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            linkerSettings: lean
        ),
        // Test support: a tool whose shell completions come from a file, to test the completion machinery.
        .executableTarget(
            name: "tvm-completion-probe",
            dependencies: ["TVMCLI", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            linkerSettings: lean
        ),
        // Test support: a local HTTP server that replays recorded TVMaze responses.
        .target(
            name: "ReplayServer",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        .executableTarget(
            name: "tvm-replay",
            dependencies: [
                "ReplayServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            linkerSettings: lean
        ),
        .testTarget(
            name: "TVMazeKitTests",
            dependencies: ["TVMazeKit", "TVMazeCore", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .testTarget(name: "FavoriteCommandsTests", dependencies: ["FavoriteCommands"]),
        .testTarget(
            name: "ImagePreviewTests",
            dependencies: ["ImagePreview"],
            resources: [.copy("Images")]
        ),
        .testTarget(
            name: "ReplayServerTests",
            dependencies: ["ReplayServer"]
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "ReplayServer", "tvm-fetch", "tvm-search", "tvm-fav", "tvm-episodes", "tvm-img", "tvm-docs",
                "tvm-completion-probe",
            ]
        ),
    ]
)
