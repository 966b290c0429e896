import GardenFoundation
import GardenCatalog
import GardenEngine
import GardenTradeNames

/// What a local business's name says about its trade, read by the trade-name model (`Rules/trade_names.bin`,
/// ``Catalog/tradeNames``; trained offline by `tools/tradenames/train.py` on 490,000 real business names, issue 21).
///
/// The last resolver of the precedence: it speaks only when nothing before it decided the row, and never where a
/// brand, a bank's own line, a registered company (a CNPJ), a person, money coming in or a trade word that decides
/// alone explains it; beside weak trade words (a suggestion below the threshold) it speaks only to decide. Its
/// confidence is the model's calibrated probability of its top answer. It decides from its floor in the review
/// calibration (`Rules/review_calibration.tsv`: 0.842, where its held-out corpus names as this resolver reaches them,
/// misses audited by hand, stay ≥ 95 % right), else from ``TradeNameModel/decidePerMille`` (0.935, the model's own
/// calibration hold-out's 95 % point); from ``TradeNameModel/suggestPerMille`` (0.383, hold-out precision ≥ 70 %)
/// it proposes the category flagged for review; below that it says nothing.
public struct TradeNameResolver: Resolver {
    public static let description = ResolverDescription(
        id: "trade_name", stage: .fallback,
        summary: "The trade-name model over the cleaned name (Rules/trade_names.bin); decides from its calibrated floor (Rules/review_calibration.tsv), suggests (flagged) from 0.383.",
        examples: [
            .init(#"{"description":"HAPPY PAWS GROOMING","amount":-45,"currency":"USD"}"#, category: "shopping.pets"),
            .init(#"{"description":"LUCKY NAIL SALON","amount":-30,"currency":"USD"}"#, category: nil),
            .init(#"{"description":"GOLDEN DRAGON NOOD","amount":-20,"currency":"USD"}"#, category: "food.restaurants"),
            .init(#"{"description":"XPTO QWERTY","amount":-20,"currency":"USD"}"#, category: nil),
            .init(#"{"description":"HAPPY PAWS GROOMING","amount":45,"currency":"USD"}"#, category: nil),
        ])

    /// The trade-name model (`Rules/trade_names.bin`, mapped in place) and the floor from which it decides
    /// (`Rules/review_calibration.tsv`), taken when the pipeline is built.
    private var model: TradeNameModel?
    private var deciding = Int.max
    /// The keyword and trade-word rules the row's keyword matches index (a trade head noun is not read).
    private var keywords: [LineRule] = []

    public init() {}

    public static let reads: [any KnowledgeRead] = [Shipped.tradeNames, Shipped.reviewCalibration, Shipped.keywords]

    public func taking(_ knowledge: KnowledgeViews) -> Self {
        var bound = self
        let model = knowledge.view(Shipped.tradeNames)
        bound.model = model
        bound.deciding = model.map { Self.decidingPerMille($0, knowledge.view(Shipped.reviewCalibration)) } ?? Int.max
        bound.keywords = knowledge.view(Shipped.keywords)
        return bound
    }

    public func propose(_ context: ResolutionContext) -> Proposal? {
        guard let model, Self.reads(context, keywords: keywords) else { return nil }
        let name = context.descriptor.foldedName
        guard let best = model.top(name, count: 2).first, best.perMille >= model.suggestPerMille else { return nil }
        let decides = best.perMille >= deciding
        // Beside the lexicon's weak words (they only suggest, below the threshold) the model speaks only when it decides.
        guard decides || context.descriptor.keywordMatches.isEmpty else { return nil }
        let confidence = Confidence(perMille: best.perMille)
        // A name the model reads with confidence is a local business's own name ("Tasty Szechuan Nood").
        let merchant = decides && context.counterparty.name == nil
            ? context.descriptor.cleanedName.map { MerchantCandidate(name: $0, kind: .local, confidence: confidence) } : nil
        let from = deciding > 1000 ? "never" : "from \(Confidence(perMille: deciding))"
        let note = decides ? "calibrated \(confidence) ≥ the deciding \(Confidence(perMille: deciding))"
            : "calibrated \(confidence), the model decides \(from): a suggestion"
        return Proposal(category: best.category, confidence: confidence, basis: .trainedModel, merchant: merchant,
                        review: decides ? nil : true,
                        reviewReason: decides ? nil : "trade-name model suggestion only (\(confidence), decides \(from))",
                        evidence: Evidence(matched: name, location: "trade-name model (Rules/trade_names.bin)", note: note))
    }

    /// Where the model's answer decides, in per mille: its floor in the review calibration (`Rules/review_calibration.tsv`,
    /// fitted on the corpora's held-out names as garden's resolver reaches them, misses audited by hand) when it has
    /// one, else the model file's own ``TradeNameModel/decidePerMille`` (the calibration hold-out's 95 % point).
    static func decidingPerMille(_ model: TradeNameModel, _ calibration: ReviewCalibration) -> Int {
        calibration.floor(of: description.id.name) ?? model.decidePerMille
    }

    /// The grade from which a trade word of the lexicon decides alone (`Rules/trade_words.tsv`'s head nouns, the keyword
    /// resolver's decisive grade): such a word speaks for the name, and the model does not read it.
    static let headNoun = Confidence(perMille: 750)

    /// Whether the row is a business's name the model may read: some name left after cleaning, money going out
    /// (the corpora are places people pay), no brand matched, no bank line type, no registered company (the
    /// registry and CNAE speak for it), no person, and no head noun of the trade-word lexicon (a word that decides
    /// alone, ``headNoun``); a name with only weak words is read, and the model decides it when its
    /// calibrated answer reaches its floor (the weak words' suggestion stays flagged below the threshold).
    static func reads(_ context: ResolutionContext, keywords: [LineRule]) -> Bool {
        context.readsAsALocalBusinessName(keywords: keywords)
    }
}
