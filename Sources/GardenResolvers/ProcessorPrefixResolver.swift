import GardenFoundation
import GardenCatalog
import GardenEngine

/// Payment wrappers printed before the merchant (`Rules/processors.tsv`): acquirers and facilitators
/// (`PAG*`, `SQ *`), wallets (`PAYPAL *`), ordering channels (`IFD*`) and marketplaces (`SHOPEE *`).
///
/// The descriptor analyzer finds the wrapper (brands are matched in the words after it); this resolver
/// says what it means for the row: the wrapper is the **intermediary** (a marketplace is not: it is
/// the merchant, and what follows it the **seller**), and the name after it is merchant evidence
/// (0.7, kind local, or online after a wrapper that takes only online payments, government after one that takes
/// payments only for public bodies; a marketplace itself at 0.85, kind
/// online). It never proposes a category: the
/// categories channels, marketplaces and one-trade processors imply are the brand catalog's
/// (``BrandCatalogResolver``). Its merchant is the row's own reading, used when no resolver's merchant
/// evidence is better (``MerchantChoice``).
public struct ProcessorPrefixResolver: Resolver {
    public static let description = ResolverDescription(
        id: .processorPrefix, stage: .unwrap,
        summary: "Payment wrappers before the merchant (Rules/processors.tsv): the intermediary, a marketplace's seller, the name after it (0.7); no category.",
        examples: [
            .init(#"{"description":"PAG*Padaria Aurora","amount":-12}"#, category: nil, merchant: "Padaria Aurora"),
            .init(#"{"description":"SHOPEE *PARISFASHION","amount":-89.9}"#, category: nil, merchant: "Shopee"),
            .init(#"{"description":"Ifd*Restaurante Sabor","amount":-40}"#, category: nil, merchant: "Restaurante Sabor"),
        ])

    /// The processors and wrappers (`Rules/processors.tsv`), taken when the pipeline is built.
    private var processors: [Processor] = []

    public init() {}

    public static let reads: [any KnowledgeRead] = [Shipped.processors]

    public func taking(_ knowledge: KnowledgeViews) -> Self { var bound = self; bound.processors = knowledge.view(Shipped.processors); return bound }

    public func propose(_ context: ResolutionContext) -> Proposal? {
        let d = context.descriptor
        guard let index = d.processor, processors.indices.contains(index) else { return nil }
        let processor = processors[index]
        let marketplace = processor.role == .marketplace
        let merchant: MerchantCandidate? = d.cleanedName.map { name in
            marketplace ? MerchantCandidate(name: processor.name, kind: .online, confidence: Confidence(perMille: 850))
                        : MerchantCandidate(name: name, kind: processor.government ? .government : processor.online ? .online : .local,
                                            confidence: Confidence(perMille: 700))
        }
        let role = marketplace ? "marketplace \(processor.name)" : "\(processor.role.rawValue) \(processor.name)"
        return Proposal(category: nil, confidence: merchant?.confidence ?? Confidence(perMille: 700), basis: .paymentWrapper, merchant: merchant,
                        evidence: Evidence(matched: processor.prefixes.first ?? processor.name, location: processor.source.description,
                                           note: d.seller.map { "\(role), seller \($0)" } ?? role),
                        wrapper: PaymentWrapper(intermediary: marketplace ? nil : processor.name, seller: d.seller))
    }
}
