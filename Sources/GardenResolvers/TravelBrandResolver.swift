import GardenFoundation
import GardenCatalog
import GardenEngine

/// An airline, car rental company or hotel chain named in the line, from the card networks' travel brand codes (MCC
/// 3000–3999, one brand a code: `Rules/travel_brands_mcc.tsv`, Unlicense) and the OpenFlights list of active airlines
/// (`Rules/airlines_openflights.tsv`, ODbL, a file of its own); both written by `tools/orgs/travel_brands.py`. An
/// airline's name is also matched cut at `AIR` (`AMERICAN AIR*`: card lines cut the name at their column limit and
/// mask the ticket number glued after it, `AMERICAN AIRXXXXX692737`). The category is the brand code's range
/// (travel.air, travel.other for car rental, travel.lodging); kind chain. Evidence is ``ProposalBasis/brand``.
public struct TravelBrandResolver: KnowledgeResolver {
    /// One travel brand.
    public struct Brand: Sendable, Hashable {
        /// Its name as the list spells it.
        public let name: String
        /// travel.air, travel.other or travel.lodging.
        public let category: String
    }

    /// The two files: columns name, category, patterns (`|`-separated; a final `*` may end inside a printed word).
    public enum Knowledge: PatternKnowledge {
        public static let section = "travel_brand"
        public static let minimumColumns = 3
        public static let scope = KnowledgeScope.merchantWords
        public static func files(in data: DataDirectory) -> [String] { ["Rules/travel_brands_mcc.tsv", "Rules/airlines_openflights.tsv"] }

        /// - Throws: ``DataError`` at a category the taxonomy lacks.
        public static func read(_ record: TSVFile.Record, taxonomy: Taxonomy) throws(DataError) -> (patterns: [String], entry: Brand) {
            let columns = record.columns
            guard taxonomy.contains(columns[1]) else { throw record.error("unknown category \"\(columns[1])\"", column: 2) }
            return (columns[2].split(separator: "|").map(String.init), Brand(name: columns[0], category: columns[1]))
        }
    }

    /// Confidence (per mille): a brand the card networks or the airline list name, below a hand-written brand (0.9).
    static let named = 800

    public static let description = ResolverDescription(
        id: "travel_brand", stage: .match,
        summary: "Airlines, car rental and hotel brands (MCC 3000–3999 brand codes, OpenFlights airlines; Rules/travel_brands_mcc.tsv, Rules/airlines_openflights.tsv); chain; 0.8.",
        examples: [
            .init(#"{"description":"UNITED AIRXXXXX0162345 HOUSTON TX","amount":-320,"currency":"USD"}"#, category: "travel.air"),
            .init(#"{"description":"PEABODY HOTELS MEMPHIS TN","amount":-210,"currency":"USD"}"#, category: "travel.lodging"),
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
        guard let hit = context.matches(of: Self.self).max(by: { $0.text.count < $1.text.count }),
              !context.listedNameGivesWay(category: hit.entry.category, span: hit.span, keywords: keywords) else { return nil }
        let confidence = Confidence(perMille: Self.named)
        return Proposal(category: context.direction == .in ? nil : hit.entry.category, confidence: confidence, basis: .brand,
                        merchant: MerchantCandidate(name: hit.entry.name, kind: .chain, confidence: confidence),
                        evidence: Evidence(matched: hit.text, location: hit.location.description))
    }
}
