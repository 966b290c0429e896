import GardenFoundation

/// Why a person should look at a row: each rule is a small pure function returning the reason in
/// words (nil when it does not apply). The reasons are listed in the order the pipeline asks them.
public enum ReviewPolicy {
    /// The category's own reasons: none at all, only a proposal below the threshold (`resolver` at
    /// `confidence`), or the deciding proposal's own review request.
    public static func categoryReasons(resolver: ResolverID?, confidence: Confidence, belowThreshold: Bool,
                                       requested: String?, threshold: Confidence) -> [String] {
        guard let resolver else { return ["no evidence for a category"] }
        var reasons: [String] = []
        if belowThreshold { reasons.append("low confidence: best evidence is \(resolver) at \(confidence) (below \(threshold))") }
        if let requested { reasons.append(requested) }
        return reasons
    }

    /// Flags raised by proposals without a category (`MP*` without a document, a rule's `review`), added to
    /// `reasons` once each.
    public static func addFlags(of proposals: [Proposal?], to reasons: inout [String]) {
        for case let proposal? in proposals where proposal.category == nil {
            if let reason = proposal.reviewReason, !reasons.contains(reason) { reasons.append(reason) }
            if proposal.review == true { reasons.append("flagged by rule \(proposal.evidence.location)") }
        }
    }

    /// A merchant name read from the descriptor alone, below the threshold; not worth a click when the
    /// bank's own line type decided the category (who is named beside it does not matter).
    public static func merchantReadOnly(_ merchant: Resolution.Merchant, threshold: Confidence, bankLineDecided: Bool) -> String? {
        guard merchant.confidence < threshold, merchant.name != nil, !bankLineDecided else { return nil }
        return "merchant read from the descriptor only (\(merchant.confidence))"
    }

    /// An amount with more decimals than the currency has (rounded half to even when read).
    public static func rounded(_ amountRounded: Bool, currency: CurrencyCode) -> String? {
        amountRounded ? "amount had more digits than \(currency.code) minor units; rounded half to even" : nil
    }

    /// A wrapper prefix that is in no catalog, when no brand or confident merchant explains the row.
    public static func unknownWrapper(_ wrapper: String?, _ merchant: Resolution.Merchant, threshold: Confidence) -> String? {
        guard let wrapper, merchant.brand == nil, merchant.confidence < threshold else { return nil }
        return "unknown payment wrapper \"\(wrapper)*\""
    }
}
