import GardenFoundation
import GardenCatalog
import GardenAnalysis
import GardenEngine

/// A payment to a public body named in the line ("GOVERNO DO ESTADO DE MINAS"; the analysis reads the
/// name's public-body words, `Rules/organisation_words.tsv`): a tax or public fee (taxes.government, 0.7), the body the
/// merchant, unless a brand matched or a trade word says what was bought ("ORCA KING COUNTY METRO" is transit). Money
/// out only.
///
/// One job of the former `bank_line` resolver, split from it (issue 34): fourth in the `bank_line` family, printed as
/// `bank_line` while the family stands.
public struct PublicBodyResolver: Resolver {
    public static let description = ResolverDescription(
        id: "public_body", stage: .match,
        summary: "A public body named in the line (Rules/organisation_words.tsv): taxes.government, 0.7.",
        examples: [
            .init(#"{"description":"GOVERNO DO ESTADO DE MINAS","amount":-120}"#, category: "taxes.government", merchant: "Governo do Estado de Minas"),
            .init(#"{"description":"DROGARIA SAO PAULO","amount":-20}"#, category: nil),
        ],
        family: .bankLine, formerly: [.bankLine])

    /// The keyword and trade-word rules the row's keyword matches index (a trade word says what was bought), taken when
    /// the pipeline is built.
    private var keywords: [LineRule]?

    public init() {}

    public static let reads: [any KnowledgeRead] = [Shipped.keywords]

    public func taking(_ knowledge: KnowledgeViews) -> Self { var bound = self; bound.keywords = knowledge.view(Shipped.keywords); return bound }

    public func propose(_ context: ResolutionContext) -> Proposal? {
        // The public body first: the one fact most rows lack, read by the analysis.
        guard context.descriptor.namesPublicBody, context.direction == .out, context.matchedBrand == nil, let keywords,
              !context.descriptor.namesAnyTrade(keywords), let name = context.descriptor.cleanedName else { return nil }
        let confidence = Confidence(perMille: 700)
        return Proposal(category: CategoryID.government, confidence: confidence, basis: .bankLine,
                        merchant: MerchantCandidate(name: name, kind: .government, confidence: confidence), flow: .expense,
                        evidence: Evidence(matched: name, location: "Rules/organisation_words.tsv", note: "a public body"))
    }
}
