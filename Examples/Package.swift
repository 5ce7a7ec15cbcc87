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
        .executable(name: "process-table", targets: ["process-table"]),
    ],
    dependencies: [
        .package(name: "dtable", path: ".."),
    ],
    targets: [
        // README.md's library example, verbatim (a test checks README still shows this file).
        .executableTarget(name: "readme-example", dependencies: [
            .product(name: "DataTableKit", package: "dtable"),
            .product(name: "DataTableApp", package: "dtable"),
            .product(name: "NcursesBackend", package: "dtable"),
        ]),
        // The examples and the runner (terminal or --print), a library so tests can run them.
        .target(
            name: "SeedExamples",
            dependencies: dtable("DataTableKit", "DataTableApp", "TerminalSurface", "NcursesBackend", "DataTableCSV")
        ),
        .executableTarget(name: "dtable-examples", dependencies: ["SeedExamples"]),
        // A live process table like `top` (/proc every second), its logic a library for the tests.
        .target(name: "ProcessTable", dependencies: dtable("DataTableKit", "DataTableApp", "TerminalSurface")),
        .executableTarget(name: "process-table", dependencies: ["ProcessTable"] + dtable("NcursesBackend")),
        // The code of every ```swift block of the DocC articles (ArticleCodeTests checks they match).
        .target(name: "DocArticles", dependencies: dtable("DataTableKit", "DataTableApp", "TerminalSurface", "NcursesBackend")),
        .testTarget(name: "SeedExamplesTests", dependencies: ["SeedExamples", "ProcessTable", "DocArticles"],
                    exclude: ["__Snapshots__"]),
    ]
)
