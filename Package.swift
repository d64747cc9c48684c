// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Storefront",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "storefront", targets: ["storefront"]),
        .executable(name: "storefront-serve", targets: ["storefront-serve"]),
        .library(name: "StoreCatalog", targets: ["StoreCatalog"]),
        .library(name: "StorefrontModel", targets: ["StorefrontModel"]),
        .library(name: "LocalStore", targets: ["LocalStore"]),
        .library(name: "TerminalCore", targets: ["TerminalCore"]),
        .library(name: "TerminalUI", targets: ["TerminalUI"]),
        .library(name: "TerminalScripting", targets: ["TerminalScripting"]),
        .library(name: "CatalogLayouts", targets: ["CatalogLayouts"]),
        .library(name: "CursesBackend", targets: ["CursesBackend"]),
        .library(name: "StorefrontTesting", targets: ["StorefrontTesting"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-asn1", from: "1.7.4"),
        .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-nio-ssh", from: "0.15.1"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    ],
    targets: [
        // Pure parsing of Xcode .storekit configuration files.
        .target(name: "StoreCatalog"),
        // The one wrapper of posix_spawn, openpty and owner-only key files, shared by the SSH
        // server, the store, the terminal back end, the benchmarks and the tests. Depends on nothing.
        .target(name: "SystemCalls"),
        // StoreKit-shaped values, task states and the purchase flow.
        .target(name: "StorefrontModel", dependencies: [.product(name: "Logging", package: "swift-log")]),
        // The embedded StoreBackend: catalog + signed SQLite ledger + test controls.
        .target(
            name: "LocalStore",
            dependencies: [
                "StoreCatalog",
                "StorefrontModel",
                "SystemCalls",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // The ledger's PostgreSQL engine: postgres-nio stays here, out of the embedded build.
        .target(
            name: "PostgresStore",
            dependencies: [
                "LocalStore",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                // TLS to the server: the URL's sslmode, sslrootcert, sslcert and sslkey.
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                // verify-full's host-name check reads the certificate's names (linked already by postgres-nio's crypto).
                .product(name: "SwiftASN1", package: "swift-asn1"),
                // The lone connections open their own TLS and wait for its handshake (`TLSUserEvent`);
                // their sockets are swift-nio's, which PostgresNIO links and exports.
                .product(name: "NIOTLS", package: "swift-nio"),
            ]
        ),
        // A terminal core that knows no store and depends on nothing of ours: cells, buffers
        // and their diffs, rectangles and layout, display width, wrapping, `Widget`, SVG
        // pictures of a buffer, and durations as people write them.
        .target(name: "TerminalCore"),
        // The store's terminal UI over the core: its widgets, words in every language, and
        // the app (state, screens, the run loop). No ncurses.
        .target(
            name: "TerminalUI", dependencies: ["TerminalCore", "StorefrontModel"],
            // The interface's words in every language, an Xcode String Catalog (JSON).
            resources: [.copy("Resources/Localizable.xcstrings")]
        ),
        // Key scripts, demo tapes and their players, and the asciinema cast encoder: the app
        // driven by text, for `snapshot --keys`, `demo` and the articles.
        .target(name: "TerminalScripting", dependencies: ["TerminalCore", "TerminalUI", "StorefrontModel"]),
        // Layouts from catalogs and layout files: where the terminal UI meets the catalog.
        .target(name: "CatalogLayouts", dependencies: ["TerminalUI", "StorefrontModel", "StoreCatalog"]),
        .systemLibrary(
            name: "CNcursesw",
            pkgConfig: "ncursesw",
            // Debian and Ubuntu; on a Mac, Homebrew's ncurses (keg-only: put its lib/pkgconfig
            // on PKG_CONFIG_PATH).
            providers: [.apt(["libncurses-dev"]), .brew(["ncurses"])]
        ),
        // The only importer of ncurses.
        .target(name: "CursesBackend", dependencies: ["StorefrontModel", "TerminalUI", "CNcursesw", "SystemCalls"]),
        // swift-snapshot-testing strategies for the headless app: text, styled text, SVG.
        .target(
            name: "StorefrontTesting",
            dependencies: ["TerminalUI", .product(name: "SnapshotTesting", package: "swift-snapshot-testing")]
        ),
        // `storefront serve --ssh`: the SSH server (sockets, keys, limits, one child per session
        // on its own pseudo-terminal). It never draws, and keeps swift-nio to itself.
        .target(
            name: "StorefrontSSH",
            dependencies: [
                "SystemCalls",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSH", package: "swift-nio-ssh"),
                .product(name: "Crypto", package: "swift-crypto"),
                // The server is a Service: `serve` stops it on the one ServiceGroup's signal.
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        // The App Store Server API's shapes over the ledger: signed payloads, API keys and
        // tokens, the endpoints as request -> response values. No sockets.
        .target(
            name: "StoreServerAPI",
            dependencies: [
                "LocalStore", "StoreCatalog", "StorefrontModel",
                // `DurationText` for rate limits' windows: the one reader of durations.
                "TerminalCore",
                .product(name: "Crypto", package: "swift-crypto"),
                // `serve certs`: the root, intermediate and leaf that sign payloads as Apple's chain does.
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
            ]
        ),
        // `storefront serve --http`: the HTTP edge (Hummingbird) in front of StoreServerAPI.
        .target(
            name: "StoreServerHTTP",
            dependencies: [
                "StoreServerAPI",
                .product(name: "Hummingbird", package: "hummingbird"),
                // Timeouts and a connection cap on Hummingbird's HTTP/1.1 channel, a drain on its service group.
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                // The webhooks' POSTs, each on a connection of its own with hard deadlines.
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // What both programs' command lines share: the store's options, typed arguments,
        // failures with their exit codes, and finding each other.
        .target(
            name: "StorefrontCommandLine",
            dependencies: [
                "StoreCatalog", "StorefrontModel", "LocalStore", "PostgresStore", "TerminalCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            plugins: ["BuildCommit"]
        ),
        // The commit being built, for `--version`.
        .plugin(name: "BuildCommit", capability: .buildTool()),
        // Every customer's process: no server library is linked here (each would be mapped
        // in every SSH session); `serve` execs `storefront-serve`.
        .executableTarget(
            name: "storefront",
            dependencies: [
                "StoreCatalog", "StorefrontModel", "LocalStore", "PostgresStore", "TerminalUI", "TerminalScripting", "CatalogLayouts",
                "CursesBackend", "StorefrontCommandLine",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            // Every customer is one of these processes. Linked at a fixed address, its own
            // metadata needs no relocating as it loads, so those pages stay clean and shared
            // instead of private to each process (BENCHMARKS.md, issue 17). The servers,
            // which face the network, keep a randomized address.
            linkerSettings: [.unsafeFlags(["-Xlinker", "-no-pie"], .when(platforms: [.linux], configuration: .release))]
        ),
        // `storefront serve`: the SSH and HTTP servers, in a program of their own.
        .executableTarget(
            name: "storefront-serve",
            dependencies: [
                "LocalStore", "PostgresStore", "TerminalCore", "StorefrontCommandLine", "StorefrontSSH", "StoreServerAPI", "StoreServerHTTP",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                // One ServiceGroup for both servers: one handling of SIGTERM and SIGINT.
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Sources/StorefrontServe"
        ),
        // `make bench`: start-up, frames, keystrokes, the ledger and memory, on the release build.
        .executableTarget(
            name: "storefront-bench",
            dependencies: [
                "StoreCatalog", "StorefrontModel", "LocalStore", "PostgresStore", "TerminalUI", "CatalogLayouts", "CursesBackend",
                "SystemCalls",
                // The bare ES256 verify rate, the ceiling for ledger verifications.
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            path: "Sources/StorefrontBench"
        ),
        // What the test targets share, and nothing else depends on: the package's folders,
        // one child-process runner, and the built `storefront` binary found beside the test
        // bundle (any configuration, any --scratch-path).
        .target(name: "StorefrontTestSupport", dependencies: ["SystemCalls"], path: "Tests/Support"),
        .testTarget(name: "StoreCatalogTests", dependencies: ["StoreCatalog", "StorefrontTestSupport"]),
        .testTarget(
            name: "StorefrontModelTests",
            dependencies: ["StorefrontModel"]
        ),
        .testTarget(
            name: "LocalStoreTests",
            dependencies: [
                "LocalStore", "PostgresStore", "StorefrontModel", "StoreCatalog", "StorefrontTestSupport",
                // Tests edit the ledger file directly, as a user with sqlite3 would.
                .product(name: "GRDB", package: "GRDB.swift"),
                // An app server's key, signing promotional offers.
                .product(name: "Crypto", package: "swift-crypto"),
                // The PostgreSQL pool's tests give it a silent logger.
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "TerminalUITests",
            dependencies: [
                "TerminalCore", "TerminalUI", "TerminalScripting", "CatalogLayouts", "LocalStore", "StorefrontModel", "StoreCatalog",
                "StorefrontTestSupport",
                "StorefrontTesting", .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ],
            exclude: ["__Snapshots__", "App/__Snapshots__", "Articles/__Snapshots__"]
        ),
        .testTarget(name: "CursesBackendTests", dependencies: ["CursesBackend", "TerminalUI"]),
        // Key fingerprints against ssh-keygen, authorized_keys errors, the host key file, limits,
        // and a session's life on an EmbeddedChannel (NIOEmbedded: virtual time for its timers).
        .testTarget(
            name: "StorefrontSSHTests",
            dependencies: [
                "StorefrontSSH", "StorefrontTestSupport", "SystemCalls",
                .product(name: "NIOSSH", package: "swift-nio-ssh"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // The App Store Server API without sockets: tokens, rate limits, every endpoint's
        // answers and error codes, over an in-memory ledger.
        .testTarget(
            name: "StoreServerAPITests",
            dependencies: [
                "StoreServerAPI", "LocalStore", "StoreCatalog", "StorefrontModel", "StorefrontTestSupport",
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // The command line as a user runs it, the built binary as a child process: catalog,
        // snapshot, demo, the store commands, exit codes, purchases killed mid-way.
        .testTarget(
            name: "CommandLineTests",
            dependencies: [
                "StorefrontTestSupport",
                // A test edits the ledger file behind the commands' back, as a user with sqlite3 would.
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        // The real binary under tmux: what a terminal shows, and the terminal left as it was.
        .testTarget(name: "EndToEndTests", dependencies: ["StorefrontTestSupport"]),
        // The README's example test, compiled and run against this build (its own package,
        // Examples/ShopSnapshots, builds everything again: make check runs that, ExamplePackageTests).
        .testTarget(
            name: "ShopSnapshotsTests",
            dependencies: [
                "CatalogLayouts", "LocalStore", "StoreCatalog", "StorefrontModel", "StorefrontTesting", "TerminalUI",
            ],
            path: "Examples/ShopSnapshots/Tests/ShopSnapshotsTests",
            exclude: ["MyApp.storekit", "__Snapshots__"]
        ),
        .testTarget(
            name: "ReliabilityTests",
            dependencies: [
                "StoreCatalog", "StorefrontModel", "LocalStore", "TerminalUI", "CatalogLayouts", "StorefrontTestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
