import GardenCore
import GardenResolvers
import GardenStore

/// What a store-aware command works with: the store (when there is one), the catalog with the store's
/// rules, and the pipeline reading the store's learned state.
struct Session {
    let catalog: Catalog
    let pipeline: Pipeline
    let store: Store?

    /// The store path: `--db`, else `$GARDEN_DB`, else `~/.local/share/garden/garden.db`.
    static func databasePath(_ options: CommandLineOptions, _ env: Environment) -> String {
        options.value("--db") ?? Store.defaultPath(env.variables)
    }

    /// Opens the session. `create`: make the store when missing (`--record`, `teach`...); otherwise a
    /// missing store means garden as shipped.
    static func open(_ env: Environment, _ options: CommandLineOptions, create: Bool) throws -> Session {
        let path = databasePath(options, env)
        let store = create ? try Store(path: path) : try Store.openIfPresent(path: path)
        let stored = try store?.rules().map { (id: $0.ruleID, text: $0.text) } ?? []
        let catalog = try env.loadCatalog(options, storedRules: stored)
        let learned: any LearnedState = try store.map { try StoreLearnedState(store: $0) } ?? EmptyLearnedState()
        var pipeline = try env.pipeline(catalog, options, learned: learned)
        pipeline.registry = try openRegistry(options, env)
        return Session(catalog: catalog, pipeline: pipeline, store: store)
    }

    /// The company registry path: `--registry`, else `$GARDEN_REGISTRY`, else `registry.db` beside the store.
    static func registryPath(_ options: CommandLineOptions, _ env: Environment) -> String {
        Registry.path(explicit: options.value("--registry"), environment: env.variables, storePath: databasePath(options, env))
    }

    /// The registry for resolving, when its file exists; the chain threshold from `--chain-threshold`,
    /// else `$GARDEN_CHAIN_THRESHOLD`, else 10 active establishments.
    static func openRegistry(_ options: CommandLineOptions, _ env: Environment) throws -> RegistryReader? {
        var threshold = 10
        if let text = options.value("--chain-threshold") ?? env.variables["GARDEN_CHAIN_THRESHOLD"] {
            guard let value = Int(text), value >= 1 else { throw CommandLineOptions.UsageError(description: "--chain-threshold needs a whole number from 1, got \(text)") }
            threshold = value
        }
        return try RegistryReader.openIfPresent(path: registryPath(options, env), chainThreshold: threshold)
    }

    /// Reads a transaction from a raw JSON line.
    static func transaction(_ line: String) throws -> (JSONDocument, Transaction) {
        let doc = try JSONScanner.parse(Array(line.utf8))
        return (doc, try TransactionReader().read(doc))
    }
}
