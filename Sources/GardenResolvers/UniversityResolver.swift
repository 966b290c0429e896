import GardenFoundation
import GardenCatalog
import GardenEngine

/// A university or college of Brazil, the US or Canada named in the line, by its full name, its domain's acronym
/// (`UALBERTA`, `UFMG`), or its distinctive word printed short beside a university word as card processors cut long
/// names (`LRNTN UNIV`, `UNV ALB`): education, kind local. From the Hipo university-domains-list
/// (`Rules/universities.tsv`, MIT; the short forms are written by `tools/orgs/universities.py`).
///
/// A short form counts only right beside a university word (`UNIV`, `UNV`, `UNIVERSITY`, `UNIVERSIDADE`, with `OF`,
/// `AT` or `DE` between), on the side the word stands on in the name (`LRNTN UNIV`, `UNIV OF TORONTO`). The row's currency says its country (BRL, USD, CAD); a form of several universities of
/// that country names none of them (the row is still education), a university's campuses name the university. Evidence is ``ProposalBasis/brand``: a named party
/// of a maintained list.
public struct UniversityResolver: KnowledgeResolver {
    /// One record of `Rules/universities.tsv`.
    public enum Entry: Sendable, Hashable {
        /// A university word (`univ`): what a short form needs beside it.
        case word
        /// A university's form: its name, its country (ISO 3166 alpha-2) and where the form names it.
        case university(name: String, country: String, placement: Placement)
    }

    /// Where a university's form names it.
    public enum Placement: Sendable, Hashable {
        /// Anywhere in the merchant words (a full name, a domain's acronym).
        case anywhere
        /// Right before a university word ("LRNTN UNIV": Laurentian University).
        case beforeWord
        /// Right after a university word ("UNV ALB": University of Alberta).
        case afterWord
    }

    /// The universities' file: columns kind (name, short, domain, word), country, name, pattern.
    public enum Knowledge: PatternKnowledge {
        public static let section = "university"
        public static let minimumColumns = 4
        public static let scope = KnowledgeScope.merchantWords
        public static func files(in data: DataDirectory) -> [String] { ["Rules/universities.tsv"] }

        /// - Throws: ``DataError`` at an unknown kind.
        public static func read(_ record: TSVFile.Record, taxonomy: Taxonomy) throws(DataError) -> (patterns: [String], entry: Entry) {
            let columns = record.columns
            switch columns[0] {
            case "word": return ([columns[3]], .word)
            case "name", "domain": return ([columns[3]], .university(name: columns[2], country: columns[1], placement: .anywhere))
            case "before": return ([columns[3]], .university(name: columns[2], country: columns[1], placement: .beforeWord))
            case "after": return ([columns[3]], .university(name: columns[2], country: columns[1], placement: .afterWord))
            default: throw record.error("unknown kind \"\(columns[0])\" (name, before, after, domain or word)")
            }
        }
    }

    /// Confidence (per mille): a university the list names.
    static let named = 800
    /// What may stand between a university word and a short form ("UNIVERSITY OF ALB").
    static let particles: Set<String> = [" ", " of ", " at ", " de ", " do ", " da "]

    public static let description = ResolverDescription(
        id: "university", stage: .match,
        summary: "Universities and colleges (Rules/universities.tsv, Hipo list): full name, domain acronym, a short form beside UNIV; education, local; 0.8.",
        examples: [
            .init(#"{"description":"UNIV OF ALBERTA EDMONTON AB","amount":-450,"currency":"CAD"}"#, category: "education"),
            .init(#"{"description":"LRNTN UNIV SUDBURY","amount":-120,"currency":"CAD"}"#, category: "education"),
            .init(#"{"description":"LRNTN PIZZA","amount":-12,"currency":"CAD"}"#, category: nil),
        ])

    /// The keyword and trade-word rules the row's keyword matches index (a trade head noun gives way), taken when the
    /// pipeline is built; none before (the resolver proposes nothing).
    private var keywords: [LineRule] = []

    public init() {}

    public static let reads: [any KnowledgeRead] = [Shipped.keywords]

    public func taking(_ knowledge: KnowledgeViews) -> Self { var bound = self; bound.keywords = knowledge.view(Shipped.keywords); return bound }

    public func propose(_ context: ResolutionContext) -> Proposal? {
        guard !keywords.isEmpty else { return nil }
        let hits = context.matches(of: Self.self)
        guard !hits.isEmpty else { return nil }
        let words = hits.filter { $0.entry == .word }.map(\.span)
        let folded = context.descriptor.merchantText.folded
        /// Whether the folded bytes from `start` to `end` are a particle between two words (" ", " of ").
        func gap(from start: Int, to end: Int) -> Bool {
            start < end && end <= folded.count && end - start <= 4
                && Self.particles.contains(String(decoding: folded[start..<end], as: UTF8.self))
        }
        /// Whether a form at `span` stands where `placement` asks, beside a university word.
        func placed(_ span: Range<Int>, _ placement: Placement) -> Bool {
            switch placement {
            case .anywhere: true
            case .beforeWord: words.contains { gap(from: span.upperBound, to: $0.lowerBound) }
            case .afterWord: words.contains { gap(from: $0.upperBound, to: span.lowerBound) }
            }
        }
        let country = Self.country(context.transaction.currency.code)
        var found: [(name: String, text: String, span: Range<Int>, location: SourceLocation)] = []
        for hit in hits {
            guard case .university(let name, let home, let placement) = hit.entry, placed(hit.span, placement) else { continue }
            if let country, home != country { continue }
            found.append((name, hit.text, hit.span, hit.location))
        }
        guard let best = found.max(by: { $0.text.count < $1.text.count }),
              !context.listedNameGivesWay(category: "education", span: best.span, keywords: keywords) else { return nil }
        var named = Set(found.filter { $0.text == best.text }.map(\.name))
        // A university's campuses ("University of Toronto Mississauga") are the university.
        if named.count > 1, let root = named.min(by: { $0.count < $1.count }) {
            func words(_ name: String) -> String { String(decoding: TokenizedText(name).folded, as: UTF8.self) }
            let stem = words(root) + " "
            if named.allSatisfy({ $0 == root || words($0).hasPrefix(stem) }) { named = [root] }
        }
        let confidence = Confidence(perMille: Self.named)
        return Proposal(category: context.direction == .in ? nil : "education", confidence: confidence, basis: .brand,
                        merchant: named.count == 1 ? MerchantCandidate(name: named.first ?? best.name, kind: .local, confidence: confidence) : nil,
                        evidence: Evidence(matched: best.text, location: best.location.description,
                                           note: named.count == 1 ? nil : "a form of \(named.count) universities: none named"))
    }

    /// The country a currency's rows come from, among the three the list is kept for.
    static func country(_ currency: String?) -> String? {
        switch currency {
        case "BRL": "BR"
        case "USD": "US"
        case "CAD": "CA"
        default: nil
        }
    }
}
