// swift-tools-version: 6.0
// The seeds' examples ported to dtable's library, as a separate package that depends on dtable by
// path, exactly as a user's package would, and uses only its public products.
import PackageDescription

let package = Package(
    name: "dtable-examples",
    products: [
        .executable(name: "dtable-examples", targets: ["dtable-examples"]),
    ],
    dependencies: [
        .package(name: "dtable", path: ".."),
    ],
    targets: [
        // The examples and the runner (terminal or --print), a library so tests can run them.
        .target(
            name: "SeedExamples",
            dependencies: [
                .product(name: "DataTableKit", package: "dtable"),
                .product(name: "DataTableApp", package: "dtable"),
                .product(name: "TerminalSurface", package: "dtable"),
                .product(name: "NcursesBackend", package: "dtable"),
                .product(name: "DataTableCSV", package: "dtable"),
            ]
        ),
        .executableTarget(name: "dtable-examples", dependencies: ["SeedExamples"]),
        // README.md's library example, verbatim (a test checks README still shows this file).
        .executableTarget(
            name: "readme-example",
            dependencies: [
                .product(name: "DataTableKit", package: "dtable"),
                .product(name: "DataTableApp", package: "dtable"),
                .product(name: "NcursesBackend", package: "dtable"),
            ]
        ),
        .testTarget(name: "SeedExamplesTests", dependencies: ["SeedExamples"], exclude: ["__Snapshots__"]),
    ]
)
