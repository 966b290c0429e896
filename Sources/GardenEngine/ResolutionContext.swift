import GardenFoundation
import GardenCatalog
import GardenAnalysis
import GardenImage

/// Everything a resolver sees for one row: the transaction, the analyzed descriptor, the counterparty,
/// the engine's views (never the catalog: a resolver took its own views when the pipeline was built), the user's
/// rules and budgets, the learned state, and the row's id.
public struct ResolutionContext: Sendable {
    public let transaction: Transaction
    public let descriptor: Descriptor
    public let counterparty: Counterparty
    /// The views the engine reads (``EngineViews``): the merchant identity, the merchant key, the declared knowledge's hits.
    public let engine: EngineViews
    /// The user's rules and budgets (``UserKnowledge``), loaded beside the shipped catalog.
    public let user: UserKnowledge
    public let learned: any LearnedState
    /// The row's id, or its content hash.
    public let rowID: String
    /// The Receita Federal company registry, when one was imported (`garden registry import`).
    public let registry: (any CompanyRegistry)?
    /// The merchant identity the catalog stages resolved (``Pipeline/identified(_:)``); nil before, or when
    /// the row names no merchant of its own.
    public var identity: MerchantIdentity?
    /// The direction used for decisions: stated by the input, else shown by the wording.
    public var direction: Direction? { transaction.direction ?? descriptor.directionHint }

    public init(transaction: Transaction, descriptor: Descriptor, counterparty: Counterparty, engine: EngineViews, user: UserKnowledge,
                learned: any LearnedState, rowID: String, registry: (any CompanyRegistry)? = nil) {
        // Found before the descriptor is stored: reading the parameter after moving it in would copy it.
        matchedBrand = Self.matchedBrand(descriptor, engine)
        self.transaction = transaction
        self.descriptor = descriptor
        self.counterparty = counterparty
        self.engine = engine
        self.user = user
        self.learned = learned
        self.rowID = rowID
        self.registry = registry
    }

    /// The brand of the best catalog match in the merchant words, if any. Found once when the context is made:
    /// half the resolvers ask, and each lookup decodes a brand record under the catalog's lock.
    public let matchedBrand: (brand: Brand, match: PatternTrie.Match)?

    private static func matchedBrand(_ descriptor: Descriptor, _ engine: EngineViews) -> (brand: Brand, match: PatternTrie.Match)? {
        for match in descriptor.brandMatches {
            let entry = engine.entries[match.entry]
            if entry.role == .name { return (engine.brands[entry.record], match) }
        }
        return nil
    }
}
