import GardenFoundation
import GardenCatalog
import GardenEngine

/// A university or college of Brazil, the US or Canada named in the line, by its full name, its domain's acronym
/// (`UALBERTA`, `UFMG`), or its distinctive word printed short beside a university word as card processors cut long
/// names (`LRNTN UNIV`, `UNV ALB`): education, kind local. From the Hipo university-domains-list
/// (`Rules/universities.tsv`, MIT; the short forms are written by `tools/orgs/universities.py`).
///
/// A short form counts only right beside a university word (`UNIV`, `UNV`, `UNIVERSITY`, `UNIVERSIDADE`, with `OF`,
/// `AT` or `DE` between). The row's currency says its country (BRL, USD, CAD); a form of several universities of
/// that country names none of them (the row is still education). Evidence is ``ProposalBasis/brand``: a named party
/// of a maintained list.
public struct UniversityResolver: KnowledgeResolver {
    /// One record of `Rules/universities.tsv`.
    public enum Entry: Sendable, Hashable {
        /// A university word (`univ`): what a short form needs beside it.
        case word
        /// A university's form: its name, its country (ISO 3166 alpha-2) and whether the form names it alone.
        case university(name: String, country: String, alone: Bool)
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
            case "name", "domain": return ([columns[3]], .university(name: columns[2], country: columns[1], alone: true))
            case "short": return ([columns[3]], .university(name: columns[2], country: columns[1], alone: false))
            default: throw record.error("unknown kind \"\(columns[0])\" (name, short, domain or word)")
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

    public init() {}

    public func propose(_ context: ResolutionContext) -> Proposal? {
        let hits = context.matches(of: Self.self)
        guard !hits.isEmpty, context.matchedBrand == nil else { return nil }
        let words = hits.filter { $0.entry == .word }.map(\.span)
        let folded = context.descriptor.merchantText.folded
        /// Whether `span` sits right beside a university word.
        func besideWord(_ span: Range<Int>) -> Bool {
            words.contains { word in
                func gap(from start: Int, to end: Int) -> Bool {
                    start < end && end <= folded.count && end - start <= 4
                        && Self.particles.contains(String(decoding: folded[start..<end], as: UTF8.self))
                }
                return gap(from: word.upperBound, to: span.lowerBound) || gap(from: span.upperBound, to: word.lowerBound)
            }
        }
        let country = Self.country(context.transaction.currency.code)
        var found: [(name: String, text: String, location: SourceLocation)] = []
        for hit in hits {
            guard case .university(let name, let home, let alone) = hit.entry, alone || besideWord(hit.span) else { continue }
            if let country, home != country { continue }
            found.append((name, hit.text, hit.location))
        }
        guard let best = found.max(by: { $0.text.count < $1.text.count }) else { return nil }
        let named = Set(found.filter { $0.text == best.text }.map(\.name))
        let confidence = Confidence(perMille: Self.named)
        return Proposal(category: context.direction == .in ? nil : "education", confidence: confidence, basis: .brand,
                        merchant: named.count == 1 ? MerchantCandidate(name: best.name, kind: .local, confidence: confidence) : nil,
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
