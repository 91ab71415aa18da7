// swift-tools-version:6.0
import PackageDescription

// The program links as a hardened executable on Linux, as Debian's hardening expects of a program that parses
// data from the network: position-independent (the toolchain's default), with full RELRO and BIND_NOW. Release
// builds link with lld and pack PIE's relative relocations (RELR, glibc 2.36): unpacked they are 3 MB of the
// installed program, and issue 14 holds bin/ to 80 MB (COMMENTS.md, "A hardened build").
let hardening: [LinkerSetting] = [
    .unsafeFlags(
        ["-Xlinker", "-z", "-Xlinker", "relro", "-Xlinker", "-z", "-Xlinker", "now"], .when(platforms: [.linux])),
    // Linking/read-only-data.ld keeps .rodata out of the writable segment: Swift flags some of it writable.
    .unsafeFlags(
        [
            "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
            "-Xlinker", "\(Context.packageDirectory)/Linking/read-only-data.ld",
        ],
        .when(platforms: [.linux], configuration: .release)),
]

let argumentParser = Target.Dependency.product(name: "ArgumentParser", package: "swift-argument-parser")
let grdb = Target.Dependency.product(name: "GRDB", package: "GRDB.swift")
// What each tool's module builds on.
let toolDependencies: [Target.Dependency] = [
    "TVMRecords", "TVMText", "TVMTerminal", "TVMStore", "TVMazeAPI", "TVMCommandLine", argumentParser,
]

let package = Package(
    name: "tvm",
    platforms: [.macOS(.v14)],
    products: [
        // One program; make install links tvm-fetch, tvm-search, tvm-fav, tvm-episodes and tvm-img to it.
        .executable(name: "tvm", targets: ["tvm"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        // MARK: The library, by concern

        // libjq, opened with dlopen when a --jq filter is first compiled (Sources/CJQ/include/CJQ.h).
        .target(name: "CJQ"),
        // Records: raw JSON bytes, JSON Lines in and out, the TVMaze models, jq filters, XDG paths.
        .target(
            name: "TVMRecords",
            dependencies: ["CJQ", .product(name: "NIOConcurrencyHelpers", package: "swift-nio")]
        ),
        // Text from the network made safe: HTML to plain text, and the terminal sanitiser (`terminalSafe`).
        .target(name: "TVMText"),
        // Terminal rendering: tables, display width, detail and episode views, the live search.
        .target(name: "TVMTerminal", dependencies: ["TVMRecords", "TVMText"]),
        // Local stores: the favorites database, the search history, and the show catalogue.
        .target(name: "TVMStore", dependencies: ["TVMRecords", "TVMText", grdb]),
        // The TVMaze client: endpoints, the HTTP transport, rate window, retries, the HTTP cache, search, episodes.
        .target(
            name: "TVMazeAPI",
            dependencies: [
                "TVMRecords", grdb,
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ]
        ),
        // The show catalogue's sync: the whole index first, then only what /updates/shows says changed.
        .target(name: "TVMCatalog", dependencies: ["TVMRecords", "TVMStore", "TVMazeAPI"]),
        // zlib, for reading export ZIPs (Sources/CZlib/shim.h).
        .systemLibrary(name: "CZlib", path: "Sources/CZlib"),
        // Imports of other trackers' exports (TV Time, Trakt, Simkl, Sonarr, CSV): readers, placement, the plan.
        .target(name: "TVMImport", dependencies: ["TVMRecords", "TVMStore", "TVMazeAPI", "CZlib"]),
        // The TVMaze account: credentials, the account API, and push and pull of watched marks and follows.
        .target(name: "TVMAccount", dependencies: ["TVMRecords", "TVMText", "TVMStore", "TVMazeAPI"]),
        // Poster images: JPEG, PNG and WebP decoding through Debian's libjpeg-turbo, libpng and libwebp.
        .target(
            name: "CImageDecode",
            linkerSettings: [.linkedLibrary("jpeg"), .linkedLibrary("png"), .linkedLibrary("webp")]
        ),
        // Posters: the content-addressed image cache, downloads, and terminal previews.
        .target(name: "TVMImages", dependencies: ["TVMRecords", "TVMazeAPI", "CImageDecode"]),
        // The command layer every tool shares: options, output formats, exit codes, prompts, the run's runtime.
        .target(
            name: "TVMCommandLine",
            dependencies: [
                "TVMRecords", "TVMText", "TVMTerminal", "TVMStore", "TVMazeAPI", argumentParser,
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ]
        ),

        // MARK: The five tools, one folder each

        .target(name: "FetchCommands", dependencies: toolDependencies + ["TVMCatalog"]),
        .target(name: "SearchCommands", dependencies: toolDependencies),
        .target(
            name: "FavoriteCommands",
            dependencies: toolDependencies + [
                "TVMImport", "TVMAccount",
                // tvm-fav serve: NIO is already linked through AsyncHTTPClient.
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ]),
        .target(name: "EpisodesCommands", dependencies: toolDependencies),
        .target(name: "ImgCommands", dependencies: toolDependencies + ["TVMImages"]),
        // The program: runs the tool named by argv[0] (tvm-fetch …), or `tvm TOOL ARGS…`.
        .executableTarget(
            name: "tvm",
            dependencies: [
                "FetchCommands", "SearchCommands", "FavoriteCommands", "EpisodesCommands", "ImgCommands",
                "TVMCommandLine", "TVMText",
            ],
            linkerSettings: hardening,
            plugins: ["BuildInfo"]
        ),
        // Writes the program's revision and its completion scripts into it at build time (scripts/build-info.sh).
        .plugin(name: "BuildInfo", capability: .buildTool(), path: "Plugins/BuildInfo"),

        // MARK: Development tools, never installed (Tools/)

        // Renders the man pages from the tools' ArgumentParser declarations and post-processes the completion
        // scripts (scripts/generate-docs.sh, `make docs`).
        .executableTarget(
            name: "tvm-docs",
            dependencies: ["TVMCommandLine", argumentParser],
            path: "Tools/tvm-docs"
        ),
        // A tool whose shell completions come from a file, to test the completion machinery.
        .executableTarget(
            name: "tvm-completion-probe",
            dependencies: ["TVMRecords", "TVMCommandLine", argumentParser],
            path: "Tools/tvm-completion-probe"
        ),
        // Times a catalogue query and a live-search keystroke in process (Benchmarks/catalog.sh).
        .executableTarget(
            name: "tvm-bench-catalog",
            dependencies: ["TVMRecords", "TVMStore", "TVMTerminal"],
            path: "Tools/tvm-bench-catalog"
        ),
        // A local HTTP server that replays recorded TVMaze responses and injects faults, for the tests and the
        // benchmarks.
        .target(
            name: "ReplayServer",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            path: "Tools/ReplayServer"
        ),
        .executableTarget(
            name: "tvm-replay",
            dependencies: ["ReplayServer", argumentParser],
            path: "Tools/tvm-replay"
        ),

        // MARK: Tests

        .testTarget(
            name: "LibraryTests",
            dependencies: [
                "TVMRecords", "TVMText", "TVMTerminal", "TVMStore", "TVMazeAPI", "TVMImages", "TVMCommandLine",
                "TVMCatalog", "TVMImport", "TVMAccount", "SearchCommands", grdb,
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                // The transport's reading of AsyncHTTPClient's and NIO's errors.
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            resources: [.copy("Images")]
        ),
        .testTarget(name: "FavoriteCommandsTests", dependencies: ["FavoriteCommands"]),
        .testTarget(name: "ReplayServerTests", dependencies: ["ReplayServer"]),
        // The tools against the replay server: in the test's process, in a ToolContext of buffers
        // (Support/InProcess.swift), or as the built program where a real process matters.
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "ReplayServer", "tvm", "tvm-docs", "tvm-completion-probe", "tvm-replay",
                "FetchCommands", "SearchCommands", "FavoriteCommands", "EpisodesCommands", "ImgCommands",
                "TVMCommandLine", "TVMRecords", "TVMazeAPI",
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                // RequestDeadlineTests runs tvm-fav serve's FeedServer in-process with a timeout of its own.
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
    ]
)
