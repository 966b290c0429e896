// swift-tools-version: 6.0
// garden: merchant resolution and categorization of bank transaction descriptors.
// No outside packages: SQLite and ICU are bound through the two small C targets below.
import PackageDescription

let package = Package(
    name: "garden",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "garden", targets: ["garden"]),
    ],
    targets: [
        // SQLite 3 from the system (libsqlite3-dev).
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite"),
        // zlib from the system (zlib1g-dev): inflates the Receita Federal registry zips.
        .systemLibrary(name: "CZlib", path: "Sources/CZlib"),
        // ICU (libicu-dev) behind a plain C API whose header uses only stdint types.
        .target(
            name: "CTextFold",
            path: "Sources/CTextFold",
            linkerSettings: [.linkedLibrary("icuuc"), .linkedLibrary("icui18n"), .linkedLibrary("icudata")]
        ),
        .target(
            name: "GardenCore",
            dependencies: ["CTextFold"],
            path: "Sources/GardenCore",
            resources: [.copy("../../Brands"), .copy("../../CNAE"), .copy("../../Rules")]
        ),
        .target(name: "GardenResolvers", dependencies: ["GardenCore"], path: "Sources/GardenResolvers"),
        // The trade-name model's scorer (issue 21): reads Rules/trade_names.bin in place; zlib only for its CRC-32.
        .target(name: "GardenTradeNames", dependencies: ["CZlib"], path: "Sources/GardenTradeNames"),
        // Linking recorded rows (issue 14): pure matchers over row facts; the store persists their links.
        .target(name: "GardenLinking", dependencies: ["GardenCore"], path: "Sources/GardenLinking"),
        .target(name: "GardenStore", dependencies: ["CSQLite", "CZlib", "GardenCore", "GardenLinking"], path: "Sources/GardenStore"),
        .target(name: "GardenImport", dependencies: ["GardenCore"], path: "Sources/GardenImport"),
        // The month at a glance as one HTML page (issue 24): reads budget reports, links and the review queue.
        .target(name: "GardenReport", dependencies: ["GardenCore", "GardenLinking", "GardenStore"], path: "Sources/GardenReport"),
        .target(name: "GardenCLI", dependencies: ["GardenCore", "GardenResolvers", "GardenStore", "GardenImport", "GardenLinking", "GardenReport"], path: "Sources/GardenCLI"),
        .executableTarget(name: "garden", dependencies: ["GardenCLI"], path: "Sources/garden"),
        .testTarget(name: "GardenCoreTests", dependencies: ["GardenCore"], path: "Tests/GardenCoreTests", exclude: ["Fixtures"]),
        .testTarget(
            name: "GardenResolversTests",
            dependencies: ["GardenCore", "GardenResolvers"],
            path: "Tests/GardenResolversTests",
            exclude: ["Fixtures"]
        ),
        .testTarget(name: "GardenTradeNamesTests", dependencies: ["GardenTradeNames", "CZlib"], path: "Tests/GardenTradeNamesTests",
                    exclude: ["Fixtures"]),
        .testTarget(name: "GardenLinkingTests", dependencies: ["GardenLinking", "GardenCore"], path: "Tests/GardenLinkingTests"),
        .testTarget(
            name: "GardenImportTests",
            dependencies: ["GardenImport", "GardenCore"],
            path: "Tests/GardenImportTests",
            exclude: ["Fixtures"]
        ),
        .testTarget(name: "GardenReportTests", dependencies: ["GardenReport", "GardenCore"], path: "Tests/GardenReportTests"),
        .testTarget(name: "GardenStoreTests", dependencies: ["GardenStore", "GardenCore", "GardenLinking"], path: "Tests/GardenStoreTests", exclude: ["Fixtures"]),
        .testTarget(
            name: "GardenCLITests",
            dependencies: ["GardenCLI", "GardenCore", "GardenStore", "GardenLinking"],
            path: "Tests/GardenCLITests",
            exclude: ["Fixtures", "Golden"]
        ),
    ]
)
