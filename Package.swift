// swift-tools-version:6.1
// Missive: MIT (Expat) license, copyright the Missive contributors; see LICENSE.
import PackageDescription

// The architecture is in the folder names: each layer below is its own module,
// so a dependency that crosses layers has to be written down here.
let package = Package(
    name: "Missive",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "missive", targets: ["missive"]),
        .executable(name: "missive-sandbox", targets: ["missive-sandbox"]),
        .executable(name: "missive-live", targets: ["missive-live"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2"),
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    ],
    targets: [
        // System libraries (Debian's -dev packages; `make deps` installs them).
        .systemLibrary(name: "CCMark", path: "Sources/System/CCMark"),
        // libxml2 linked, for the tests and forum-bench, which parse with it directly.
        .systemLibrary(name: "CLibXML2", path: "Sources/System/CLibXML2", pkgConfig: "libxml-2.0"),
        // libxml2 for `missive`: the tree its pages are held in, opened at the first page read (dlopen),
        // not at every start, with the ICU it brings. Its headers are Debian's (libxml2-dev).
        .target(
            name: "CXML", path: "Sources/System/CXML",
            cSettings: [.unsafeFlags(["-I/usr/include/libxml2"])], linkerSettings: [.linkedLibrary("dl")]
        ),
        // Gumbo, an HTML5 parser: pages are read as browsers read them.
        .systemLibrary(name: "CGumbo", path: "Sources/System/CGumbo"),
        // curl_easy_setopt/getinfo are variadic, so Swift needs typed C wrappers; they also open
        // libcurl at its first use (dlopen) rather than at every start.
        .target(name: "CCurl", path: "Sources/System/CCurl", linkerSettings: [.linkedLibrary("dl")]),
        // SQLite under its own names, opened at first use (see csqlite.c): GRDB's calls land here,
        // so Debian's libsqlite3 (bound in full at load) is not loaded at every start.
        .target(name: "CSQLite", path: "Sources/System/CSQLite", linkerSettings: [.linkedLibrary("dl")]),
        // A cmark allocator for the tree `missive convert` keeps until it exits: nodes packed in an
        // arena without malloc's 16 bytes each (see cmark_arena.c).
        .target(name: "CMarkArena", path: "Sources/System/CMarkArena"),
        // The C library's wcwidth (X/Open, which Swift's Glibc module leaves out), for terminal cell widths.
        .target(name: "CWidth", path: "Sources/System/CWidth"),
        // OpenSSL's libcrypto (libssl-dev), for SHA-256: content hashes of kept images; opened at
        // its first use (see ccrypto.c), so not linked.
        .target(name: "CCrypto", path: "Sources/System/CCrypto", linkerSettings: [.linkedLibrary("dl")]),
        // libgd (libgd-dev): decodes, scales and re-encodes PNG, JPEG, GIF and WebP for `--resize`;
        // opened at its first use (see cgd.c), so not linked.
        .target(name: "CGD", path: "Sources/System/CGD", linkerSettings: [.linkedLibrary("dl")]),

        // What every layer shares: error conventions and where files live.
        .target(name: "Common", dependencies: ["CCrypto"], path: "Sources/Common"),

        // The layers.
        .target(name: "Markup", dependencies: ["Common", "CCMark", "CMarkArena", "CWidth"], path: "Sources/Markup"),
        .target(
            name: "Store",
            dependencies: [
                "Common", "CSQLite", .product(name: "GRDB", package: "GRDB.swift"),
                // SQLite's own column accessors, for `drafts list`'s scan and the image blobs' pieces.
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ],
            path: "Sources/Store"
        ),
        .target(
            name: "Forum", dependencies: ["Common", "Markup", "CCurl", "CXML", "CGumbo"], path: "Sources/Forum",
            swiftSettings: [.unsafeFlags(["-Xcc", "-I/usr/include/libxml2"])]
        ),
        .target(
            name: "Compose",
            dependencies: ["Common", "Markup", "Store", .product(name: "Subprocess", package: "swift-subprocess")],
            path: "Sources/Compose"
        ),
        .target(
            name: "Outbox",
            dependencies: [
                "Common", "Markup", "Store", "Forum", "CGD", .product(name: "GRDB", package: "GRDB.swift"),
                // SQLite's own column accessors, for `queue list`'s scan of thousands of rows.
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ],
            path: "Sources/Outbox"
        ),
        // The socket pool under both servers (sandbox, live preview): FlyingSocks' pool over an
        // epoll queue of our own (see EpollEventQueue.swift for why), shared and without Nagle.
        .systemLibrary(name: "CEpoll", path: "Sources/System/CEpoll"),
        .target(
            name: "ServerSockets",
            dependencies: ["CEpoll", .product(name: "FlyingSocks", package: "FlyingFox")],
            path: "Sources/ServerSockets"
        ),
        .target(
            name: "Sandbox",
            dependencies: [
                "Common", "Markup", "ServerSockets",
                .product(name: "FlyingFox", package: "FlyingFox"),
                .product(name: "FlyingSocks", package: "FlyingFox"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            path: "Sources/Sandbox"
        ),

        // `preview --live`: watches a file, draws the page again on each change and hands it to
        // `missive-live`, which serves it; knows nothing of posts. No server library here: FlyingFox
        // brings libcurl (its proxy handler uses URLSession), which every start of `missive` would load.
        .target(name: "LivePreview", dependencies: ["Common"], path: "Sources/LivePreview"),
        // The live preview's HTTP side (FlyingFox), for the `missive-live` program alone.
        .target(
            name: "LiveServer",
            dependencies: [
                "LivePreview", "ServerSockets", .product(name: "FlyingFox", package: "FlyingFox"), .product(name: "FlyingSocks", package: "FlyingFox"),
            ],
            path: "Sources/LiveServer"
        ),

        // The use cases (compose a draft, read the inbox, ...) over the layers, each taking its
        // store, forum, clock, console and editor at construction; commands parse, call one, print.
        .target(
            name: "Application",
            dependencies: ["Common", "Markup", "Store", "Forum", "Compose", "Outbox"],
            path: "Sources/Application"
        ),

        // The sandbox's options and help, declared once for `missive sandbox` and `missive-sandbox`
        // (which hands on exactly the options given); no forum code, so `missive` stays without it.
        .target(
            name: "SandboxOptions",
            dependencies: ["Common", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Sources/SandboxOptions"
        ),

        // Executables: the command line is the composition root; the sandbox is its own program.
        .executableTarget(
            name: "missive",
            dependencies: [
                "Common", "Markup", "Store", "Forum", "Compose", "Outbox", "Application", "LivePreview", "SandboxOptions",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Subprocess", package: "swift-subprocess"),
            ],
            path: "Sources/missive",
            // Relative relocations packed (DT_RELR, glibc 2.36): the loader reads a few KiB instead of
            // a 2 MiB table of ~95,000 entries at every start.
            // No exported symbols: the Swift runtime's start-up dladdr scanned all 15,000 of them.
            // The release build (static Swift runtime) links libstdc++ in too: packaging/link says why.
            linkerSettings: [
                .unsafeFlags(
                    ["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs", "-Xlinker", "--no-export-dynamic"],
                    .when(platforms: [.linux])
                ),
                .unsafeFlags(["-L", "packaging/link"], .when(platforms: [.linux], configuration: .release)),
                // What a start and a conversion run, side by side at the front of the code.
                .unsafeFlags(
                    ["-Xlinker", "--symbol-ordering-file=packaging/link/missive.order", "-Xlinker", "--no-warn-symbol-ordering"],
                    .when(platforms: [.linux], configuration: .release)
                ),
                // GRDB's `-lsqlite3` finds a linker script there that links SQLite only as needed, and
                // nothing needs it: CSQLite opens it at first use (packaging/link/sqlite says more).
                .unsafeFlags(["-L", "packaging/link/sqlite"], .when(platforms: [.linux])),
            ]
        ),
        // Drives the Forum adapter for scripts/bench-forum.sh and its HTML parser (beside libxml2's) for
        // scripts/bench-html.sh; not a product, never installed.
        .executableTarget(name: "forum-bench", dependencies: ["Forum", "Common", "CLibXML2"], path: "Sources/ForumBench"),
        // The live preview's server, started by `missive ... --live` beside it (see LivePreviewServer).
        .executableTarget(name: "missive-live", dependencies: ["LivePreview", "LiveServer"], path: "Sources/missive-live"),
        .executableTarget(
            name: "missive-sandbox",
            dependencies: ["Sandbox", "SandboxOptions", "Markup", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Sources/missive-sandbox"
        ),

        // Tests: one target per layer, all Swift Testing (see platform-notes: XCTest counts as "no test").
        // TestSupport: what several test targets share (ChildProcess); nothing ships it.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "CommonTests", dependencies: ["Common", "TestSupport"], path: "Tests/CommonTests"),
        .testTarget(
            name: "MarkupTests",
            dependencies: [
                "Markup", "CCMark", "CMarkArena", "CLibXML2", "TestSupport", .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            path: "Tests/MarkupTests"
        ),
        .testTarget(
            name: "StoreTests",
            dependencies: ["Store", "Common", .product(name: "GRDB", package: "GRDB.swift")],
            path: "Tests/StoreTests"
        ),
        .testTarget(
            name: "ForumTests",
            dependencies: ["Forum", "Sandbox", "Common", "CCurl", "TestSupport", .product(name: "PropertyBased", package: "swift-property-based")],
            path: "Tests/ForumTests"
        ),
        .testTarget(name: "ComposeTests", dependencies: ["Compose", "Store", "Common"], path: "Tests/ComposeTests"),
        .testTarget(
            name: "OutboxTests",
            dependencies: ["Outbox", "Store", "Forum", "Common", "Markup", "Sandbox", "CGD", "TestSupport", .product(name: "GRDB", package: "GRDB.swift")],
            path: "Tests/OutboxTests",
            // The image tests draw and encode their fixtures with libgd's own calls.
            linkerSettings: [.linkedLibrary("gd")]
        ),
        .testTarget(
            name: "ApplicationTests",
            dependencies: ["Application", "Compose", "Store", "Forum", "Outbox", "Common", "Sandbox"],
            path: "Tests/ApplicationTests"
        ),
        .testTarget(
            name: "SandboxTests",
            dependencies: [
                "Sandbox", "SandboxOptions", "ServerSockets", "Common", "CLibXML2", "TestSupport", .product(name: "FlyingFox", package: "FlyingFox"),
                .product(name: "FlyingSocks", package: "FlyingFox"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Tests/SandboxTests"
        ),
        .testTarget(
            name: "LivePreviewTests",
            dependencies: ["LivePreview", "Common"],
            path: "Tests/LivePreviewTests"
        ),
        // Runs the built `missive` and `missive-sandbox` binaries as a user would.
        // Forum: the compose tests post their fixtures through the real adapter (missive cannot send yet).
        .testTarget(name: "CommandLineTests", dependencies: ["Common", "Forum", "CCMark", "TestSupport"], path: "Tests/CommandLineTests"),
    ]
)
