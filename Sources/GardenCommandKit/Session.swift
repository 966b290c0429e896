import Foundation
import GardenFoundation
import GardenCatalog
import GardenEngine
import GardenResolvers
import GardenStore
import GardenRegistry
import GardenLedger

/// What a store-aware command works with: the store (when there is one), the shipped catalog, the user's
/// rules and budgets (rule files and the store's), and the pipeline reading the store's learned state.
package struct Session {
    package let catalog: Catalog
    /// The user's rules and budgets (``UserKnowledge``): the rule files', and the store's when there is one.
    package let user: UserKnowledge
    package let pipeline: Pipeline
    package let store: Store?
    /// The store's learned generation (``Store/learnedGeneration()``) when the session began reading it, before its
    /// rules, budgets and learned state were read: ``ResolutionState`` is taken only while it still holds.
    package var generationAtOpen: String?

    /// The store path: `--db`, else `$GARDEN_DB`, else `~/.local/share/garden/garden.db`.
    package static func databasePath(_ options: CommandLineOptions, _ env: Environment) -> String {
        options.value("--db") ?? Store.defaultPath(env.variables)
    }

    /// How a command uses the store: `read` (never writes, works on a read-only file or folder),
    /// `write` (changes an existing store; none means garden as shipped), `create` (makes the store
    /// where none exists: `--record`, `teach`, `rules add`, `me add`).
    package enum Access {
        case read, write, create
    }

    /// Opens the store for `access` (the one place commands open it): nil when there is none and
    /// `access` does not create one. `--read-only` (resolve) opens an existing store immutable.
    package static func store(_ env: Environment, _ options: CommandLineOptions, _ access: Access) throws -> Store? {
        let path = databasePath(options, env)
        if options.flag("--read-only") { return try Store(immutable: path, clock: env.clock) }
        let timeout = try busyTimeout(env)
        switch access {
        case .read: return try Store.openIfPresent(path: path, access: .read, busyTimeout: timeout, clock: env.clock)
        case .write: return try Store.openIfPresent(path: path, access: .write, busyTimeout: timeout, clock: env.clock)
        case .create:
            // Only the default store's folder is made; a path the user gave (--db, $GARDEN_DB) must be in a folder that exists.
            let given = options.value("--db") != nil || !(env.variables["GARDEN_DB"] ?? "").isEmpty
            return try Store(path: path, access: .write, busyTimeout: timeout, clock: env.clock, createFolder: !given)
        }
    }

    /// How long a writer waits for another's lock: `$GARDEN_BUSY_TIMEOUT` seconds, else 10.
    package static func busyTimeout(_ env: Environment) throws -> Int32 {
        guard let text = env.variables["GARDEN_BUSY_TIMEOUT"], !text.isEmpty else { return 10_000 }
        guard let seconds = Double(text), seconds >= 0, seconds <= 86_400 else {
            throw CommandLineOptions.UsageError(description: "GARDEN_BUSY_TIMEOUT must be seconds from 0 to 86400, got \(text)")
        }
        return Int32(seconds * 1000)
    }

    /// Opens the session with the store opened for `access`; a missing store means garden as shipped.
    /// `recordsResolutions`: the command writes what it resolves into the store (`resolve --record`, an applied
    /// `recategorize`), so a missing identity key is refused rather than worked around (``learnedState(_:recordsResolutions:_:)``).
    package static func open(_ env: Environment, _ options: CommandLineOptions, access: Access, recordsResolutions: Bool = false) throws -> Session {
        let store = try store(env, options, access)
        // A store opened to write may have its memory re-keyed below: that changes no generation, nor how rows resolve.
        let generationAtOpen = try store?.learnedGeneration()
        let catalog = try env.loadCatalog(options)
        let user = try env.userKnowledge(options, catalog, store: store)
        // `--read-only` promises the live store's output exactly (a snapshot on a cluster): no key, no run.
        let exact = recordsResolutions || options.flag("--read-only")
        var learned = try store.map { try learnedState($0, recordsResolutions: exact, env) }
        var pipeline = try env.pipeline(catalog, options, user: user, learned: learned ?? EmptyLearnedState())
        // Against a store, a row without a date is flagged: the ledger's months cannot count it (hostile10 F25).
        pipeline.flagsUndatedRows = store != nil
        // A store opened to write has its merchant memory re-keyed when another garden keyed it.
        if access != .read, !options.flag("--read-only"), let store, let state = learned,
           try MemoryRekeying.check(store, pipeline: pipeline, learned: state, env: env, options: options) {
            learned = try StoreLearnedState(store: store, allowingMissingKey: !exact)
            pipeline = try env.pipeline(catalog, options, user: user, learned: learned ?? EmptyLearnedState())
            pipeline.flagsUndatedRows = true
        }
        pipeline.registry = try openRegistry(options, env)
        return Session(catalog: catalog, user: user, pipeline: pipeline, store: store, generationAtOpen: generationAtOpen)
    }

    /// The store's learned state. Without the identity key (a store copied without its `.key`) a command
    /// still works, saying once that the holder's documents are not recognised; one that records what it
    /// resolves (`recordsResolutions`: `resolve --record`, `recategorize`, `link`) is refused (78) before
    /// it writes rows resolved without them.
    package static func learnedState(_ store: Store, recordsResolutions: Bool, _ env: Environment) throws -> StoreLearnedState {
        let learned = try StoreLearnedState(store: store, allowingMissingKey: !recordsResolutions)
        if learned.unrecognisedDocuments > 0 {
            let why = learned.keyIsForeign ? "is not this store's (another store's key, restored from the wrong folder?)"
                : "is missing (a store copied without it?)"
            env.complain("the identity key \(store.path).key \(why): your \(learned.unrecognisedDocuments) "
                + "document(s) in garden me list are not recognised, so a Pix or TED to them is not transfer.own; put the key back "
                + "beside the store (copy it from where the store came from, or from a backup)")
        }
        return learned
    }

    /// Re-resolves ledger rows from their input with the store's state as it is now (read on the
    /// store's own connection, so inside a write transaction it sees that transaction's changes):
    /// what `undo` and `resolve --record` use for rows whose input or override changed meanwhile. A row
    /// whose input cannot be read is reported (`garden: row ID: …`) and keeps its resolution.
    package static func reresolver(_ env: Environment, _ options: CommandLineOptions, _ store: Store) -> ([LedgerRow]) throws -> [LedgerRow] {
        { rows in
            // The shipped catalog the command loaded; only the user's state is read again, on the store's connection.
            let catalog = try env.loadCatalog(options)
            var pipeline = try env.pipeline(catalog, options, user: try env.userKnowledge(options, catalog, store: store),
                                            learned: try StoreLearnedState(store: store, allowingMissingKey: true))
            pipeline.registry = try openRegistry(options, env)
            pipeline.flagsUndatedRows = true
            let writer = ResolutionWriter(taxonomy: catalog.taxonomy, language: env.words.language)
            return rows.compactMap { row in
                do {
                    let (_, transaction) = try RowReader().read(stored: row.raw, rowID: row.rowID)
                    return resolved(row, pipeline.resolve(transaction), writer)
                } catch {
                    env.complain("\(error); its resolution is left as it is")
                    return nil
                }
            }
        }
    }

    /// `row` with `resolution` written in.
    package static func resolved(_ row: LedgerRow, _ resolution: Resolution, _ writer: ResolutionWriter) -> LedgerRow {
        var w = JSONWriter(capacity: 512)
        writer.write(resolution, into: &w)
        var updated = row
        updated.resolution = String(decoding: w.bytes, as: UTF8.self)
        updated.category = resolution.category
        updated.source = resolution.categorySourceName
        updated.rule = resolution.ruleID
        return updated
    }

    /// The company registry path: `--registry`, else `$GARDEN_REGISTRY`, else `registry.db` beside the store.
    package static func registryPath(_ options: CommandLineOptions, _ env: Environment) -> String {
        Registry.path(explicit: options.value("--registry"), environment: env.variables, storePath: databasePath(options, env))
    }

    /// The registry for resolving, when its file exists (a `--registry` path that does not is exit 66); the chain threshold from `--chain-threshold`,
    /// else `$GARDEN_CHAIN_THRESHOLD`, else 10 active establishments.
    package static func openRegistry(_ options: CommandLineOptions, _ env: Environment) throws -> RegistryReader? {
        var threshold = 10
        if let text = options.value("--chain-threshold") ?? env.variables["GARDEN_CHAIN_THRESHOLD"] {
            guard let value = Int(text), value >= 1 else { throw CommandLineOptions.UsageError(description: "--chain-threshold needs a whole number from 1, got \(text)") }
            threshold = value
        }
        let path = registryPath(options, env)
        if let given = options.value("--registry"), !FileManager.default.fileExists(atPath: given) {
            throw CommandSupport.Failure(code: Exit.noInput, message: "\(given): no such registry; import one with garden registry import, or leave out --registry")
        }
        return try RegistryReader.openIfPresent(path: path, chainThreshold: threshold, immutable: options.flag("--read-only"))
    }

    /// Reads a transaction from a raw JSON line (``RowReader``); `rowID`: the ledger row it was recorded
    /// as, named in the error when the stored line cannot be read.
    package static func transaction(_ line: String, rowID: String? = nil) throws -> (JSONDocument, Transaction) {
        if let rowID { return try RowReader().read(stored: line, rowID: rowID) }
        return try RowReader().read(Array(line.utf8)).get()
    }
}
