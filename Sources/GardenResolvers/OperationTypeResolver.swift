import GardenFoundation
import GardenCatalog
import GardenEngine

/// A statement line's type stated by a structured field (`Rules/operation_types.tsv`: Open Finance `type` /
/// `transactionType`, Pluggy `operationType`): the line rule of that type when it fits the row's direction, its
/// category, flow and merchant, and the line's identity (a bank's own fee is the bank's line).
///
/// One job of the former `bank_line` resolver, split from it (issue 34): first in the `bank_line` family, printed as
/// `bank_line` while the family stands.
public struct OperationTypeResolver: Resolver {
    public static let description = ResolverDescription(
        id: "operation_type", stage: .match,
        summary: "A structured operation type (Rules/operation_types.tsv) → the bank's line type.",
        examples: [
            .init(#"{"transactionId":"t1","transactionName":"TARIFA AVULSA","creditDebitType":"DEBITO","type":"TARIFA_SERVICOS_AVULSOS","transactionAmount":{"amount":"5.00","currency":"BRL"},"transactionDateTime":"2026-03-01T10:00:00.000Z"}"#, category: "fees.bank"),
            .init(#"{"description":"IOF COMPRA INTERNACIONAL","amount":-1.23,"account":"Nubank"}"#, category: nil),
        ],
        family: .bankLine, formerly: [.bankLine])

    /// What this resolver reads of the shipped knowledge, taken when the pipeline is built (a class: read through one
    /// reference for a row's call).
    final class Views: Sendable {
        /// Line types by structured operation type (`Rules/operation_types.tsv`).
        let operationTypes: [String: LineRule]
        /// The brands: the bank an account names, a line's fixed payee.
        let brands: BrandNames
        /// The bank-line rules the row's bank-line matches index (an own-account move whose words are all wording).
        let bankLines: [LineRule]

        init(operationTypes: [String: LineRule], brands: BrandNames, bankLines: [LineRule]) {
            (self.operationTypes, self.brands, self.bankLines) = (operationTypes, brands, bankLines)
        }
    }
    private var views: Views?

    public init() {}

    public static let reads: [any KnowledgeRead] = [Shipped.operationTypes, Shipped.brandNames, Shipped.bankLines]

    public func taking(_ knowledge: KnowledgeViews) -> Self {
        var bound = self
        bound.views = Views(operationTypes: knowledge.view(Shipped.operationTypes), brands: knowledge.view(Shipped.brandNames),
                            bankLines: knowledge.view(Shipped.bankLines))
        return bound
    }

    public func propose(_ context: ResolutionContext) -> Proposal? {
        guard let type = context.transaction.operationType, let views = views.map(Unmanaged.passUnretained) else { return nil }
        // The views lent to the row's call without a retain: this resolver holds them for the call.
        return views._withUnsafeGuaranteedRef { views in
            guard let rule = views.operationTypes[type], LineRules.fits(rule, context.direction) else { return nil }
            var found = LineRules.proposal(rule, matched: "operation type \(type)", context, views.brands, views.bankLines)
            found.identity = LineRules.identity(of: rule, wording: nil, context, views.brands)
            return found
        }
    }
}
