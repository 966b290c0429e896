import GardenFoundation
import GardenEngine
import GardenCatalog

/// What the user's corrections taught about this merchant, keyed on its identity (every
/// printed form of it: ``GardenEngine/MerchantIdentity``) and the direction. One consistent correction makes
/// it decide alone (0.95) for every row of that merchant; for a brand that sells everything (Amazon, a
/// marketplace) it takes two, and before that it is evidence below the acceptance threshold (0.55). Corrections
/// that cancel out (0 consistent, or fewer agreeing than disagreeing) propose nothing. Money in from a merchant whose
/// purchases (money out, a spending category) were taught and whose money in was not is a refund of that category,
/// unless the line is a transfer received (a Pix, a TED: the merchant paying, not money back) or a bank's own line
/// without reversal wording (a cashback credit naming the merchant): the proposal states
/// the flow `refund` (issue 37: a reversal follows its purchase). A credit `garden link` paired with a purchase (a refund
/// link: the same merchant's money back, or a reversal of exactly the purchase's amount on its account within the month,
/// ``LearnedState/refundedPurchase(rowID:)``) is a refund of that purchase's category, its merchant taught or not.
public struct MerchantMemoryResolver: Resolver {
    public static let description = ResolverDescription(
        id: "merchant_memory", stage: .memory,
        summary: "Corrections remembered per merchant identity and direction; 0.95 once consistent, else 0.55.",
        examples: [
            .init(#"{"description":"PADARIA DO ZE","amount":-5}"#, category: nil),
            .init(#"{"description":"PADARIA DO ZE","amount":-5}"#, given: [.memory(category: "food.groceries")], category: "food.groceries"),
            .init(#"{"description":"AMAZON MARKETPLACE","amount":-5}"#, given: [.memory(category: "shopping.electronics")],
                  category: "shopping.electronics"),
        ])

    /// Consistent corrections needed before memory decides alone.
    public var required: Int
    /// Consistent corrections needed for a brand that sells everything.
    public var requiredWhenItSellsEverything: Int

    /// The brands (whether a remembered brand sells everything), taken when the pipeline is built.
    private var brands: BrandNames?

    public init(required: Int = 1, requiredWhenItSellsEverything: Int = 2) {
        self.required = required
        self.requiredWhenItSellsEverything = requiredWhenItSellsEverything
    }

    public static let reads: [any KnowledgeRead] = [Shipped.brandNames]

    public func taking(_ knowledge: KnowledgeViews) -> Self { var bound = self; bound.brands = knowledge.view(Shipped.brandNames); return bound }

    /// Consistent corrections needed for a merchant.
    public func required(sellsEverything: Bool) -> Int { sellsEverything ? requiredWhenItSellsEverything : required }

    /// Memory is kept per merchant identity.
    public static var readsIdentity: Bool { true }

    /// Whether money back of a purchase taught `category` is its refund: a spending category, and not a fee or a tax (a
    /// card processor's or a bank's money in is its payout, `BKCD PROCESSING DEPOSIT` beside `BKCD PROCESSING FEES`;
    /// the fee group is the financial institution's own, ``GardenTaxonomy/CategoryID/financialInstitutionOwn``).
    static func isPurchase(_ category: String) -> Bool {
        FlowPolicy.flow(of: category) == .expense && !Taxonomy.id(category, isWithin: "fees") && !Taxonomy.id(category, isWithin: "taxes")
    }

    public func propose(_ context: ResolutionContext) -> Proposal? {
        // A credit `garden link` paired with a purchase (its merchant's money back, or a reversal of exactly its amount).
        guard context.learned.hasMemory else { return nil }
        let linked = context.direction == .in ? context.learned.refundedPurchase(rowID: context.rowID) : nil
        var found: (String, MerchantMemory)?
        let keys = MerchantKey.candidates(context)
        for key in keys {
            if let memory = context.learned.memory(merchantKey: key, direction: context.direction) { found = (key, memory); break }
        }
        // What was taught of the merchant's money in comes first; else a linked refund is one of its purchase's category,
        // taught or not (issue 37).
        if found == nil, let linked, linked.category != CategoryID.uncategorized, Self.isPurchase(linked.category) {
            return Proposal(category: linked.category, confidence: Confidence(perMille: 900), basis: .memory, flow: .refund,
                            evidence: Evidence(matched: "row \(linked.rowID)", location: "garden link (refund)",
                                               note: "money back of that purchase: a refund of its category"))
        }
        // Money back from a merchant whose purchases were taught, with nothing taught about its money in: a refund of
        // what was bought (issue 37: `UBER * REV`, `INSTACAR REV` after the purchase was taught).
        var reverses = false
        // A transfer received (`PIX RECEBIDO ACME`) is a payment from the merchant, not a card's money back.
        // A bank's own line that names the merchant (`Cashback: "Vivo-SP …"`) is the bank's, unless it says reversal.
        let banksOwnLine = !context.descriptor.bankLineMatches.isEmpty && context.descriptor.refundWording == nil
        if found == nil, context.direction == .in, !context.descriptor.isTransferWording, !banksOwnLine {
            for key in keys {
                if let memory = context.learned.memory(merchantKey: key, direction: .out), Self.isPurchase(memory.category) {
                    found = (key, memory)
                    reverses = true
                    break
                }
            }
        }
        // Corrections that cancel out (as many disagreeing as agreeing) say nothing about the merchant.
        guard let (key, memory) = found, memory.consistentCorrections > 0 else { return nil }
        let strong = memory.consistentCorrections >= required(sellsEverything: brands.flatMap { context.identity?.sellsEverything($0) } ?? false)
        // Before enough consistent corrections memory is evidence below the acceptance threshold.
        let confidence = Confidence(perMille: strong ? 950 : 550)
        let merchant = memory.merchant.map { MerchantCandidate(name: $0, kind: .local, confidence: confidence) }
        return Proposal(category: memory.category, confidence: confidence, basis: .memory, merchant: merchant, flow: reverses ? .refund : nil,
                        evidence: Evidence(matched: key, location: memory.origin,
                                           note: "\(memory.consistentCorrections) consistent correction(s)" + (reverses ? " of its purchases: money back is a refund" : "")))
    }
}
