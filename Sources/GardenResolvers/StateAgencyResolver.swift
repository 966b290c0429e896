import GardenFoundation
import GardenCatalog
import GardenEngine

/// A US state's tax agency named in the line: the state (its name or USPS code) at the head of the merchant name and
/// a tax body's name after it, as card and ACH lines print it cut (`IL DEPT OF REVEN`, `TEXAS COMPTROLLER`): taxes,
/// kind government, the state's agency as the merchant (Illinois Department of Revenue). From `Rules/state_agencies.tsv`
/// (state names and codes from GeoNames, CC BY 4.0; the agency phrases those two or more states' tax bodies are named
/// by in the CISA .gov registry, CC0; written by `tools/orgs/us_state_agencies.py`). US dollar rows only. Money in
/// (a refund) names the agency and leaves the category to the flow policy. Evidence is ``ProposalBasis/brand``.
public struct StateAgencyResolver: KnowledgeResolver {
    /// One record of `Rules/state_agencies.tsv`.
    public enum Entry: Sendable, Hashable {
        /// A state, by name or code: its name.
        case state(name: String)
        /// A tax body's name or word: how it is shown ("Department of Revenue").
        case agency(name: String)
    }

    /// The file: columns kind (state, code, agency), state code, name, pattern.
    public enum Knowledge: PatternKnowledge {
        public static let section = "state_agency"
        public static let minimumColumns = 4
        public static let scope = KnowledgeScope.merchantWords
        public static func files(in data: DataDirectory) -> [String] { ["Rules/state_agencies.tsv"] }

        /// - Throws: ``DataError`` at an unknown kind.
        public static func read(_ record: TSVFile.Record, taxonomy: Taxonomy) throws(DataError) -> (patterns: [String], entry: Entry) {
            let columns = record.columns
            switch columns[0] {
            case "state", "code": return ([columns[3]], .state(name: columns[2]))
            case "agency": return ([columns[3]], .agency(name: columns[2]))
            default: throw record.error("unknown kind \"\(columns[0])\" (state, code or agency)")
            }
        }
    }

    /// Confidence (per mille): a state and its tax body's name.
    static let named = 800

    public static let description = ResolverDescription(
        id: "state_agency", stage: .match,
        summary: "A US state's tax agency: the state at the head and a tax body's name after it, cut as printed (Rules/state_agencies.tsv, from the .gov registry); taxes, government; 0.8.",
        examples: [
            .init(#"{"description":"KS DEPT OF REVENU WEB PMT","amount":-310,"currency":"USD"}"#, category: "taxes.government"),
            .init(#"{"description":"TEXAS COMPTROLLER 512 TX","amount":-95,"currency":"USD"}"#, category: "taxes.government"),
            .init(#"{"description":"KANSAS CITY STEAKHOUSE","amount":-95,"currency":"USD"}"#, category: nil),
        ])

    public init() {}

    public func propose(_ context: ResolutionContext) -> Proposal? {
        guard context.transaction.currency.code == "USD" else { return nil }
        let hits = context.matches(of: Self.self)
        guard hits.count >= 2, context.matchedBrand == nil else { return nil }
        // The state at the head of the name, then the agency after it.
        guard let state = hits.first(where: { if case .state = $0.entry { $0.span.lowerBound == 0 } else { false } }),
              case .state(let stateName) = state.entry,
              let agency = hits.filter({ if case .agency = $0.entry { $0.span.lowerBound > state.span.upperBound } else { false } })
                  .max(by: { $0.text.count < $1.text.count }),
              case .agency(let agencyName) = agency.entry else { return nil }
        let confidence = Confidence(perMille: Self.named)
        return Proposal(category: context.direction == .in ? nil : "taxes.government", confidence: confidence, basis: .brand,
                        merchant: MerchantCandidate(name: "\(stateName) \(agencyName)", kind: .government, confidence: confidence),
                        evidence: Evidence(matched: "\(state.text) … \(agency.text)", location: agency.location.description))
    }
}
