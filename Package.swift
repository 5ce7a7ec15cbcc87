// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "dtable",
    products: [
        .executable(name: "dtable", targets: ["dtable"]),
        .executable(name: "dtable-bench", targets: ["dtable-bench"]),
        .library(name: "DataTableKit", targets: ["DataTableKit"]),
        .library(name: "TerminalSurface", targets: ["TerminalSurface"]),
        .library(name: "DataTableApp", targets: ["DataTableApp"]),
        .library(name: "NcursesBackend", targets: ["NcursesBackend"]),
        .library(name: "DataTableCSV", targets: ["DataTableCSV"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        // SHA-256 of values too long to keep whole in a statistic (LongField).
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        // `make docs`: the DocC catalogs as a static site (a command plugin: no target uses it,
        // so `swift build` and `swift test` compile none of it).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // 1. ncursesw as a system library: module map plus a small shim header.
        .systemLibrary(name: "CNcursesw", path: "Sources/CNcursesw"),
        // PCRE2 (8-bit) for regex search and filter: bounded by match limits, JIT-compiled.
        .systemLibrary(name: "CPCRE2", path: "Sources/CPCRE2"),
        // zlib, libbz2, liblzma, libzstd: .gz, .bz2, .xz and .zst input opens directly.
        .systemLibrary(name: "CCompression", path: "Sources/CCompression"),
        // glibc's allocator settings (mallopt, malloc_trim): HeapRetention.
        .systemLibrary(name: "CMalloc", path: "Sources/CMalloc"),
        // The AVX2 + carry-less multiply row-start kernels (C: Swift has no movemask), picked at run time.
        .target(name: "CRowScan"),
        // 2. Geometry, styles, display width, the surface, the backend protocol. No curses, no I/O.
        .target(name: "TerminalSurface"),
        // 3. The table library: data source, viewport, cell registry, reuse pool, controller.
        .target(name: "DataTableKit", dependencies: [
            "TerminalSurface", "CPCRE2", .product(name: "Crypto", package: "swift-crypto"),
        ]),
        // The app layer over the table: run loop, screens, config file, commands of actions.
        .target(name: "DataTableApp", dependencies: [
            "DataTableKit", "TerminalSurface", "CMalloc", .product(name: "TOMLKit", package: "TOMLKit"),
        ]),
        // CSV reading: the data source for files.
        .target(name: "DataTableCSV", dependencies: ["DataTableKit", "CCompression", "CRowScan"]),
        // 4. The only module that imports the C library.
        .target(name: "NcursesBackend", dependencies: ["CNcursesw", "TerminalSurface"]),
        // 5. The command-line viewer, a client of the public API.
        .executableTarget(
            name: "dtable",
            dependencies: [
                "DataTableKit", "DataTableApp", "DataTableCSV", "NcursesBackend",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // `make bench`: generates data and prints the performance figures.
        .executableTarget(name: "dtable-bench", dependencies: ["DataTableKit", "DataTableApp", "DataTableCSV", "TerminalSurface"]),
        // Test helpers: snapshot assertions and table fixtures.
        .target(name: "TestSupport", dependencies: ["TerminalSurface", "DataTableKit", "DataTableApp"]),
        .testTarget(name: "TerminalSurfaceTests", dependencies: ["TerminalSurface", "TestSupport"]),
        .testTarget(name: "DataTableCSVTests", dependencies: ["DataTableCSV", "DataTableKit", "DataTableApp", "TerminalSurface", "TestSupport"]),
        .testTarget(name: "DataTableKitTests", dependencies: ["DataTableKit", "DataTableCSV", "TestSupport"]),
        .testTarget(name: "DataTableAppTests", dependencies: ["DataTableApp", "DataTableKit", "DataTableCSV", "TestSupport"], exclude: ["__Snapshots__"]),
        .testTarget(name: "NcursesBackendTests", dependencies: ["NcursesBackend", "TerminalSurface"]),
        .testTarget(name: "EndToEndTests", dependencies: ["TestSupport", "dtable"]),
    ]
)
