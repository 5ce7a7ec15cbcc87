// swift-tools-version: 6.0
// The seeds' examples ported to dtable's library, as a separate package that depends on dtable by
// path, exactly as a user's package would, and uses only its public products.
import PackageDescription

/// dtable's public products, as a user's package names them.
func dtable(_ products: String...) -> [Target.Dependency] {
    products.map { .product(name: $0, package: "dtable") }
}

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
            dependencies: dtable("DataTableKit", "DataTableApp", "TerminalSurface", "NcursesBackend", "DataTableCSV")
        ),
        .executableTarget(name: "dtable-examples", dependencies: ["SeedExamples"]),
        // README.md's library example, verbatim (a test checks README still shows this file).
        .executableTarget(name: "readme-example", dependencies: dtable("DataTableKit", "DataTableApp", "NcursesBackend")),
        // The code blocks of the DocC articles, compiled.
        .target(name: "DocArticles", dependencies: dtable("DataTableKit", "DataTableApp", "TerminalSurface", "NcursesBackend")),
        .testTarget(name: "SeedExamplesTests", dependencies: ["SeedExamples"], exclude: ["__Snapshots__"]),
    ]
)
