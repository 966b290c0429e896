import GardenFoundation
import GardenCatalog
import GardenEngine

/// A trade word mined from 490,000 real business names (`Rules/corpus_trade_words.tsv`, written by
/// `tools/orgs/corpus_trade_words.py` from `../shared/data/names` through the trade-name model's reviewed mappings):
/// a word 15 or more names of one country hold, 90 % or more of them of one trade (ARCHITECTS, ALIGNMENT, CONSULATE,
/// COMB). Its confidence is its precision on names it was not counted on, capped at 0.7, below the curated head nouns;
/// under the threshold it only suggests (flagged).
///
/// The last fallback, after the curated lexicon (`keyword`) and the calibrated trade-name model: it decides where the
/// model did not, and reads a name only where the model may (money out, no brand, bank line, registered company,
/// person or head noun of the lexicon). The row's
/// currency says its country (BRL: Brazil; USD, CAD: the US names). Evidence is ``ProposalBasis/tradeWord``.
public struct CorpusTradeWordResolver: KnowledgeResolver {
    /// One mined word.
    public struct Word: Sendable, Hashable {
        /// Its trade.
        public let category: String
        /// Its held-out precision, capped (per mille).
        public let perMille: Int
        /// The country whose names it was counted on (BR or US).
        public let country: String
    }

    /// The file: columns word, category, confidence, country.
    public enum Knowledge: PatternKnowledge {
        public static let section = "corpus_trade_word"
        public static let minimumColumns = 4
        public static let scope = KnowledgeScope.merchantWords
        public static func files(in data: DataDirectory) -> [String] { ["Rules/corpus_trade_words.tsv"] }

        /// - Throws: ``DataError`` at a category the taxonomy lacks or a confidence that is not one.
        public static func read(_ record: TSVFile.Record, taxonomy: Taxonomy) throws(DataError) -> (patterns: [String], entry: Word) {
            let columns = record.columns
            guard taxonomy.contains(columns[1]) else { throw record.error("unknown category \"\(columns[1])\"", column: 2) }
            guard let confidence = Confidence(columns[2]) else { throw record.error("not a confidence: \"\(columns[2])\"", column: 3) }
            return ([columns[0]], Word(category: columns[1], perMille: confidence.perMille, country: columns[3]))
        }
    }

    /// From this confidence (per mille) a mined word decides: garden's default acceptance threshold (0.60).
    static let deciding = 600

    public static let description = ResolverDescription(
        id: "corpus_trade_word", stage: .fallback,
        summary: "Trade words mined from 490k real business names (Rules/corpus_trade_words.tsv): held-out precision as confidence, ≤ 0.7.",
        examples: [
            .init(#"{"description":"SUNSET ARCHITECTS PLLC","amount":-400,"currency":"USD"}"#, category: "services.professional"),
            .init(#"{"description":"SUNSET ARCHITECTS PLLC","amount":400,"currency":"USD"}"#, category: nil),
            .init(#"{"description":"PADARIA DO ZE","amount":-12,"currency":"BRL"}"#, category: nil),
        ])

    /// The keyword and trade-word rules the row's keyword matches index (a trade head noun gives way), taken when the
    /// pipeline is built; none before (the resolver proposes nothing).
    private var keywords: [LineRule] = []

    public init() {}

    public static let reads: [any KnowledgeRead] = [Shipped.keywords]

    public func taking(_ knowledge: KnowledgeViews) -> Self { var bound = self; bound.keywords = knowledge.view(Shipped.keywords); return bound }

    public func propose(_ context: ResolutionContext) -> Proposal? {
        guard !keywords.isEmpty else { return nil }
        let country = context.transaction.currency.code == "BRL" ? "BR" : "US"
        let hits = context.matches(of: Self.self).filter { $0.entry.country == country }
        guard let best = hits.max(by: { $0.entry.perMille < $1.entry.perMille }), context.readsAsALocalBusinessName(keywords: keywords) else { return nil }
        let confidence = Confidence(perMille: best.entry.perMille)
        let decides = best.entry.perMille >= Self.deciding
        let merchant = decides && context.counterparty.name == nil
            ? context.descriptor.cleanedName.map { MerchantCandidate(name: $0, kind: .local, confidence: confidence) } : nil
        return Proposal(category: best.entry.category, confidence: confidence, basis: .tradeWord, merchant: merchant,
                        review: decides ? nil : true, reviewReason: decides ? nil : "a mined trade word suggests it (\(confidence))",
                        evidence: Evidence(matched: best.text, location: best.location.description, note: "held-out precision \(confidence)"))
    }
}
