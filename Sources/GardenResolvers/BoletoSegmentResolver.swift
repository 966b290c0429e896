import GardenFoundation
import GardenCatalog
import GardenEngine

/// The segment of a collection slip (a boleto de arrecadação, `Rules/boleto_segments.tsv`): a barcode of 44 digits
/// or more whose first digit is 8 names in its second digit the payee's segment (FEBRABAN collection layout: 1
/// municipal, 2 sanitation, 3 energy and gas, 4 telecom, 5 government bodies, 7 traffic fines), and so the category
/// of what was paid, at 0.5 (reviewed). One job of the former `keyword` resolver, split from it (issue 34): it stands
/// in the `keyword` family, after the trade words, and is printed as `keyword` while the family stands.
public struct BoletoSegmentResolver: KnowledgeResolver {
    public typealias Knowledge = BoletoSegments

    public static let description = ResolverDescription(
        id: "boleto_segment", stage: .fallback,
        summary: "The segment of a collection slip's barcode (Rules/boleto_segments.tsv, FEBRABAN); 0.5.",
        examples: [
            .init(#"{"description":"CONTA","barcode":"83640000001-1 33120138000-2 81234567890-1 12345678901-2","amount":-80}"#, category: "home.utilities"),
            .init(#"{"description":"CONTA","barcode":"84670000001-4 35600162002-1 16123456789-0 12345678901-2","amount":-80}"#, category: "home.telecom"),
            // A bank's own slip (first digit the bank's code, not 8) names no segment.
            .init(#"{"description":"BOLETO","barcode":"23793381286000000000000000000000000000000000","amount":-80}"#, category: nil),
        ],
        family: "keyword", formerly: ["keyword"])

    /// The confidence of a segment's category (per mille): it names the kind of payee, not what was bought.
    static let confidence = 500

    public static let reads: [any KnowledgeRead] = [Shipped.declared]

    /// Each listed segment's category, by the segment's digit, taken from the section when the pipeline is built.
    private var categories: [Character: String]?

    public init() {}

    public func taking(_ knowledge: KnowledgeViews) -> Self {
        var bound = self
        var categories: [Character: String] = [:]
        for entry in knowledge.view(Shipped.declared).entries(of: BoletoSegments.self) { categories[entry.segment] = entry.category }
        bound.categories = categories
        return bound
    }

    public func propose(_ context: ResolutionContext) -> Proposal? {
        // The row's barcode first: most rows have none, and a row without one touches nothing else.
        guard let barcode = context.transaction.barcode, barcode.count >= 44, barcode.first == "8" else { return nil }
        let segment = barcode[barcode.index(after: barcode.startIndex)]
        guard let category = categories?[segment] else { return nil }
        // The evidence as the keyword resolver wrote it, so the split changes no output.
        return Proposal(category: category, confidence: Confidence(perMille: Self.confidence), basis: .tradeWord,
                        evidence: Evidence(matched: "boleto segment \(segment)", location: "FEBRABAN collection layout"))
    }
}

/// The segments of a collection slip's barcode and their categories (`Rules/boleto_segments.tsv`): a keyed table,
/// not searched in the line (no patterns); the ``BoletoSegmentResolver``'s knowledge.
public enum BoletoSegments: PatternKnowledge {
    /// One record: the segment's digit and the category of what a payee of that segment is paid for.
    public struct Entry: Sendable, Hashable {
        public var segment: Character
        public var category: String
    }

    public static let section = "boleto_segment"
    public static let minimumColumns = 2
    public static let scope = KnowledgeScope.line
    public static func files(in data: DataDirectory) -> [String] { ["Rules/boleto_segments.tsv"] }

    /// - Throws: ``DataError`` at a segment that is not one digit, or a category the taxonomy lacks.
    public static func read(_ record: TSVFile.Record, taxonomy: Taxonomy) throws(DataError) -> (patterns: [String], entry: Entry) {
        let digit = record.columns[0]
        guard digit.count == 1, let segment = digit.first, segment.isASCII, segment.isNumber else {
            throw record.error("a segment is one digit (FEBRABAN collection layout), not \"\(digit)\"", column: 1)
        }
        guard taxonomy.contains(record.columns[1]) else { throw record.error("unknown category \"\(record.columns[1])\"", column: 2) }
        return ([], Entry(segment: segment, category: record.columns[1]))
    }
}
