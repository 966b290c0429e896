// swift-tools-version: 6.0
// garden: merchant resolution and categorization of bank transaction descriptors.
// No outside packages: SQLite, zlib and ICU are bound through the three small C targets below.
import PackageDescription

/// Release builds optimise across garden's modules (generics specialised, small functions inlined across
/// module boundaries), so splitting a module into the parts it is costs the row path nothing; and they leave out the
/// dynamic exclusivity checks (`swift_beginAccess` on class properties and globals: ~1 k instructions a row on the
/// resolve path, issue 38), which debug builds and the tests keep.
let crossModule: [SwiftSetting] = [.unsafeFlags(["-cross-module-optimization", "-enforce-exclusivity=unchecked"], .when(configuration: .release))]

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
        // Plain values and formats: money, documents, dates, folded text, JSON, TSV.
        .target(name: "GardenFoundation", dependencies: ["CTextFold"], path: "Sources/GardenFoundation", swiftSettings: crossModule),
        // The compiled image's building blocks: mapped bytes, binary reader and writer, string tables, the automaton.
        .target(name: "GardenImage", dependencies: ["GardenFoundation"], path: "Sources/GardenImage", swiftSettings: crossModule),
        // Names as people write them: glued names split, abbreviations written out, place names.
        .target(name: "GardenNames", dependencies: ["GardenFoundation", "GardenImage"], path: "Sources/GardenNames", swiftSettings: crossModule),
        // The category taxonomy and the budgets categories roll up to (garden's and the user's).
        .target(name: "GardenTaxonomy", dependencies: ["GardenFoundation"], path: "Sources/GardenTaxonomy", swiftSettings: crossModule),
        // The knowledge garden ships, read from its data files into one compiled image.
        .target(
            name: "GardenCatalog",
            dependencies: ["GardenFoundation", "GardenImage", "GardenNames", "GardenTaxonomy", "GardenTradeNames", "CTextFold"],
            path: "Sources/GardenCatalog",
            resources: [.copy("../../Brands"), .copy("../../CNAE"), .copy("../../Rules")],
            swiftSettings: crossModule
        ),
        // Reading one descriptor into the facts resolvers work from.
        .target(name: "GardenAnalysis", dependencies: ["GardenFoundation", "GardenImage", "GardenNames", "GardenCatalog"], path: "Sources/GardenAnalysis", swiftSettings: crossModule),
        // The Resolver protocol, the pipeline that runs the precedence, and the decision over proposals.
        .target(name: "GardenEngine", dependencies: ["GardenFoundation", "GardenImage", "GardenNames", "GardenCatalog", "GardenAnalysis"], path: "Sources/GardenEngine", swiftSettings: crossModule),
        .target(name: "GardenResolvers", dependencies: ["GardenFoundation", "GardenImage", "GardenNames", "GardenCatalog", "GardenAnalysis", "GardenEngine", "GardenTradeNames"],
                path: "Sources/GardenResolvers", swiftSettings: crossModule),
        // Linking recorded rows (issue 14): pure matchers over row facts; the store persists their links.
        .target(name: "GardenLinking", dependencies: ["GardenFoundation", "GardenCatalog"], path: "Sources/GardenLinking", swiftSettings: crossModule),
        // SHA-256 and HMAC, and a zip reader inflating with zlib.
        .target(name: "GardenCodecs", dependencies: ["CZlib"], path: "Sources/GardenCodecs", swiftSettings: crossModule),
        // The one rule for every file a command writes (create, or replace only a file the command wrote; never a store's files).
        .target(name: "GardenFiles", dependencies: ["GardenFoundation"], path: "Sources/GardenFiles", swiftSettings: crossModule),
        // garden's thin layer over SQLite: connection, statements, their cache and errors.
        .target(name: "GardenSQLite", dependencies: ["CSQLite", "GardenFoundation"], path: "Sources/GardenSQLite", swiftSettings: crossModule),
        // The ledger's row format as values: columns and back, entries, selections, the review queue.
        .target(name: "GardenLedger", dependencies: ["CZlib", "GardenFoundation", "GardenCatalog", "GardenEngine"], path: "Sources/GardenLedger",
                swiftSettings: crossModule),
        .target(name: "GardenStore", dependencies: ["CSQLite", "GardenFoundation", "GardenEngine", "GardenLinking", "GardenCodecs", "GardenSQLite", "GardenLedger", "GardenCatalog", "GardenFiles"],
                path: "Sources/GardenStore", swiftSettings: crossModule),
        // A compact, consistent copy of the store's learned state, and where it may be written.
        .target(name: "GardenSnapshot", dependencies: ["GardenSQLite", "GardenStore", "GardenFiles"], path: "Sources/GardenSnapshot", swiftSettings: crossModule),
        // Linking a store's recorded rows: one garden link run and the link_facts table it reads.
        .target(name: "GardenLinkStore", dependencies: ["GardenFoundation", "GardenEngine", "GardenLinking", "GardenSQLite", "GardenLedger", "GardenStore"],
                path: "Sources/GardenLinkStore", swiftSettings: crossModule),
        // The Receita Federal company registry: imported into a database of its own, looked up by CNPJ.
        .target(name: "GardenRegistry", dependencies: ["GardenFoundation", "GardenEngine", "GardenCodecs", "GardenStore", "GardenSQLite", "GardenFiles"],
                path: "Sources/GardenRegistry", swiftSettings: crossModule),
        // The trade-name model's scorer (issue 21): reads Rules/trade_names.bin in place; zlib only for its CRC-32.
        .target(name: "GardenTradeNames", dependencies: ["CZlib", "GardenFoundation"], path: "Sources/GardenTradeNames", swiftSettings: crossModule),
        // The month at a glance as one HTML page (issue 24): reads budget reports, links and the review queue.
        .target(name: "GardenReport", dependencies: ["GardenFoundation", "GardenCatalog", "GardenLinking", "GardenStore", "GardenLedger", "GardenFiles"], path: "Sources/GardenReport",
                swiftSettings: crossModule),
        // What every importer shares: text in chunks, amounts and dates as printed, the canonical row.
        .target(name: "GardenImportKit", dependencies: ["GardenFoundation", "GardenCatalog"], path: "Sources/GardenImportKit", swiftSettings: crossModule),
        // Bank CSV statements: records, the bank's layout recognised, rows read by it.
        .target(name: "GardenCSVImport", dependencies: ["GardenFoundation", "GardenCatalog", "GardenImportKit"], path: "Sources/GardenCSVImport",
                swiftSettings: crossModule),
        // Bank and aggregator files to canonical rows: format detection, OFX/QFX, Pluggy and Open Finance JSON, CSV through GardenCSVImport.
        .target(name: "GardenImport", dependencies: ["GardenFoundation", "GardenCatalog", "GardenImportKit", "GardenCSVImport"], path: "Sources/GardenImport",
                swiftSettings: crossModule),
        // What every command is built from: its declaration and options, the environment, the session, rows read.
        .target(
            name: "GardenCommandKit",
            dependencies: ["GardenFoundation", "GardenCatalog", "GardenEngine", "GardenResolvers", "GardenStore", "GardenSQLite", "GardenLedger", "GardenRegistry", "GardenImport", "GardenLinking"],
            path: "Sources/GardenCommandKit",
            swiftSettings: crossModule
        ),
        // The commands over the store: teach, recategorize, rules, review, merchants, me, undo, snapshot, export, links, budgets, registry.
        .target(
            name: "GardenStoreCommands",
            dependencies: ["GardenCommandKit", "GardenFoundation", "GardenCatalog", "GardenAnalysis", "GardenEngine", "GardenResolvers", "GardenStore", "GardenLedger", "GardenLinkStore", "GardenSnapshot", "GardenRegistry", "GardenImportKit", "GardenImport", "GardenLinking"],
            path: "Sources/GardenStoreCommands",
            swiftSettings: crossModule
        ),
        .target(
            name: "GardenCLI",
            dependencies: ["GardenCommandKit", "GardenStoreCommands", "GardenFoundation", "GardenCatalog", "GardenImage", "GardenAnalysis", "GardenEngine", "GardenResolvers", "GardenStore", "GardenSQLite", "GardenLedger", "GardenImportKit", "GardenCSVImport", "GardenImport", "GardenLinking", "GardenReport", "GardenFiles", "GardenCodecs"],
            path: "Sources/GardenCLI",
            swiftSettings: crossModule
        ),
        .executableTarget(name: "garden", dependencies: ["GardenCLI", "GardenCommandKit"], path: "Sources/garden", swiftSettings: crossModule),
        .testTarget(name: "GardenFoundationTests", dependencies: ["GardenFoundation"], path: "Tests/GardenFoundationTests", exclude: ["Fixtures"]),
        // The catalog, its compiled image, and the analysis of descriptors over it.
        .testTarget(name: "GardenCatalogTests", dependencies: ["GardenFoundation", "GardenImage", "GardenNames", "GardenCatalog", "GardenAnalysis"], path: "Tests/GardenCatalogTests"),
        .testTarget(name: "GardenEngineTests", dependencies: ["GardenFoundation", "GardenCatalog", "GardenEngine"], path: "Tests/GardenEngineTests"),
        .testTarget(
            name: "GardenResolversTests",
            dependencies: ["GardenFoundation", "GardenImage", "GardenNames", "GardenCatalog", "GardenAnalysis", "GardenEngine", "GardenResolvers"],
            path: "Tests/GardenResolversTests",
            exclude: ["Fixtures"]
        ),
        .testTarget(name: "GardenTradeNamesTests", dependencies: ["GardenTradeNames", "CZlib"], path: "Tests/GardenTradeNamesTests",
                    exclude: ["Fixtures"]),
        .testTarget(name: "GardenLinkingTests", dependencies: ["GardenLinking", "GardenFoundation", "GardenCatalog"], path: "Tests/GardenLinkingTests"),
        .testTarget(
            name: "GardenImportTests",
            dependencies: ["GardenImport", "GardenImportKit", "GardenCSVImport", "GardenFoundation", "GardenCatalog"],
            path: "Tests/GardenImportTests",
            exclude: ["Fixtures"]
        ),
        .testTarget(name: "GardenReportTests", dependencies: ["GardenReport", "GardenFoundation", "GardenCatalog"], path: "Tests/GardenReportTests"),
        .testTarget(name: "GardenCodecsTests", dependencies: ["GardenCodecs"], path: "Tests/GardenCodecsTests"),
        .testTarget(name: "GardenStoreTests", dependencies: ["GardenStore", "GardenSQLite", "GardenLedger", "GardenLinkStore", "GardenSnapshot", "GardenFoundation", "GardenEngine"], path: "Tests/GardenStoreTests"),
        .testTarget(name: "GardenRegistryTests", dependencies: ["GardenRegistry", "GardenStore", "GardenSQLite", "GardenLedger", "GardenLinkStore", "GardenSnapshot", "GardenFoundation"],
                    path: "Tests/GardenRegistryTests", exclude: ["Fixtures"]),
        .testTarget(
            name: "GardenCLITests",
            dependencies: ["GardenCLI", "GardenCommandKit", "GardenStoreCommands", "GardenFoundation", "GardenCatalog", "GardenEngine", "GardenResolvers", "GardenStore", "GardenSQLite", "GardenLedger", "GardenLinkStore", "GardenSnapshot", "GardenLinking", "GardenReport"],
            path: "Tests/GardenCLITests",
            exclude: ["Fixtures", "Golden"]
        ),
    ]
)
