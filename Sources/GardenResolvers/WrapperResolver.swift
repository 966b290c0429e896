import GardenFoundation
import GardenCatalog
import GardenAnalysis
import GardenEngine

/// A payment wrapper with no brand after it (`Rules/processors.tsv`): a wallet's own product (`GOOGLE *CLOUD`, the
/// brand "Google Cloud", 0.85), a wallet billing for itself (`APPLE.COM/BILL`: the wallet is the merchant, 0.8), a
/// processor serving one trade (Toast: restaurants, 0.65), or an ambiguous wrapper without a document (`MP*`: a
/// purchase or a transfer, flagged, no category).
///
/// One job of the former `brand_catalog` resolver, split from it (issue 34): last in the `brand_catalog` family, asked
/// only when no brand was found, printed as `brand_catalog` while the family stands.
public struct WrapperResolver: Resolver {
    public static let description = ResolverDescription(
        id: "wrapper", stage: .match,
        summary: "A wrapper alone (Rules/processors.tsv): a wallet's product or its own bill, a one-trade processor 0.65, MP* flagged.",
        examples: [
            .init(#"{"description":"APPLE.COM/BILL","amount":-9.90}"#, category: "subscriptions.software", merchant: "Apple"),
            .init(#"{"description":"TST* JOES DINER","amount":-31.20,"currency":"USD"}"#, category: "food.restaurants"),
            .init(#"{"description":"Dl*Uberrides","amount":-58.72}"#, category: nil),
        ],
        family: .brandCatalog, formerly: [.brandCatalog])

    private var views: BrandFindings.Views?

    public init() {}

    public static let reads: [any KnowledgeRead] = [Shipped.brandNames, Shipped.processors, Shipped.keywords]

    public func taking(_ knowledge: KnowledgeViews) -> Self {
        var bound = self
        bound.views = .taking(knowledge, keywords: true)
        return bound
    }

    public func propose(_ context: ResolutionContext) -> Proposal? {
        // A wrapper alone: no brand by the counterparty's CNPJ root nor in the merchant words (``BrandCatalogResolver``'s).
        guard let index = context.descriptor.processor, context.counterparty.brand == nil, context.matchedBrand == nil,
              let views = views.map(Unmanaged.passUnretained) else { return nil }
        // The views lent to the row's call without a retain: this resolver holds them for the call.
        return views._withUnsafeGuaranteedRef { Self.wrapperAlone($0.processors[index], context, $0) }
    }

    /// A wrapper without a brand after it: a wallet billing for itself ("APPLE.COM/BILL") is the merchant; a
    /// processor serving one trade (Toast: restaurants) hints the category; an ambiguous one without a
    /// document (`MP*`) is flagged.
    static func wrapperAlone(_ processor: Processor, _ context: ResolutionContext, _ views: BrandFindings.Views) -> Proposal? {
        if let own = ownProduct(processor, context, views) { return own }
        if processor.billsForItself, let category = processor.category, context.descriptor.cleanedName == nil {
            return Proposal(category: category, confidence: Confidence(perMille: 800), basis: .brand,
                            merchant: MerchantCandidate(name: processor.name, kind: .online, confidence: Confidence(perMille: 800)),
                            evidence: BrandFindings.evidence(processor))
        }
        if processor.role == .processor || processor.role == .wallet, let category = processor.category {
            return Proposal(category: category, confidence: Confidence(perMille: 650), basis: .brand,
                            evidence: BrandFindings.evidence(processor, note: "\(processor.name) serves one trade"))
        }
        if processor.ambiguous, context.counterparty.cnpj == nil {
            return Proposal(category: nil, confidence: .zero, basis: .brand, reviewReason: BrandFindings.ambiguousWrapper(processor),
                            evidence: BrandFindings.evidence(processor))
        }
        return nil
    }

    /// A wallet's own product after its prefix (`GOOGLE *CLOUD_02BB66`, `GOOGLE*ADS123`): the brand named by the
    /// wallet's name and the first word after the prefix together ("Google Cloud"), at 0.85 as a prefix match.
    static func ownProduct(_ processor: Processor, _ context: ResolutionContext, _ views: BrandFindings.Views) -> Proposal? {
        guard processor.role == .wallet, let word = context.descriptor.cleanedName?.split(separator: " ").first,
              let brand = views.brands.brand(named: "\(processor.name) \(word)"),
              TextFold.fold(brand.name).hasPrefix(TextFold.fold(processor.name)) else { return nil }
        let found = BrandFindings.Found(brand: brand, confidence: Confidence(perMille: 850), matched: "\(processor.name) \(word)",
                                               location: brand.source.description)
        return BrandFindings.purchase(found, processor, context, views.keywords)
    }
}
