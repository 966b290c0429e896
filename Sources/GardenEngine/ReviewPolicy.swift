import GardenFoundation
import GardenCatalog

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

    /// A category decided at or above the threshold by a resolver whose calibrated floor (``ReviewCalibration``,
    /// `Rules/review_calibration.tsv`) is above `confidence`: on held-out evidence its categories there were right
    /// less than 95 % of the time.
    public static func belowCalibratedFloor(resolver: ResolverID?, confidence: Confidence, belowThreshold: Bool,
                                            calibration: ReviewCalibration) -> String? {
        guard let resolver, !belowThreshold, calibration.isBelowFloor(resolver.name, confidence),
              let floor = calibration.floor(of: resolver.name) else { return nil }
        let from = floor > 1000 ? "never" : "from \(Confidence(perMille: floor))"
        return "\(resolver) at \(confidence): held-out precision reaches 95 % \(from) (Rules/review_calibration.tsv)"
    }

    /// Flags raised by proposals without a category (`MP*` without a document, a rule's `review`), added to
    /// `reasons` once each.
    public static func addFlags(of proposals: [Proposal?], to reasons: inout [String]) {
        // Read in place through a buffer pointer (a `for case let` or an array's getter copies every ~270-byte proposal
        // to read two fields).
        proposals.withUnsafeBufferPointer { buffer in
            for index in buffer.indices where buffer[index]?.category == nil && buffer[index]?.confidence != nil {
                if let reason = buffer[index]?.reviewReason, !reasons.contains(reason) { reasons.append(reason) }
                if buffer[index]?.review == true, let location = buffer[index]?.evidence.location { reasons.append("flagged by rule \(location)") }
            }
        }
    }

    /// Whether a category resting on `basis` is one the user taught: set by hand for the row, by the user's rule, or
    /// by merchant memory of their corrections (issue 36, newuser36 item 4: a taught key's other rows stayed in the
    /// queue as "merchant read from the descriptor only" after `teach`, even under a rule at 100 %; the user who taught
    /// the key's category has answered what that doubt asks).
    public static func taught(_ basis: ProposalBasis) -> Bool {
        basis == .setByHand || basis == .userRule || basis == .memory
    }

    /// A merchant name read from the descriptor alone, below the threshold; not worth a click when the
    /// bank's own line type decided the category (who is named beside it does not matter), nor when what the user
    /// taught (``taught(_:)``) decided it: `bankLineDecided` is either.
    public static func merchantReadOnly(_ merchant: Resolution.Merchant, threshold: Confidence, bankLineDecided: Bool) -> String? {
        guard merchant.confidence < threshold, merchant.name != nil, !bankLineDecided else { return nil }
        return "merchant read from the descriptor only (\(merchant.confidence))"
    }

    /// An amount with more decimals than the currency has (rounded half to even when read).
    public static func rounded(_ amountRounded: Bool, currency: CurrencyCode) -> String? {
        amountRounded ? "amount had more digits than \(currency.code) minor units; rounded half to even" : nil
    }

    /// A row that has not posted yet (pending or scheduled): its amount and date may still change, and its
    /// posted row will take its place.
    public static func unsettled(_ status: PostingStatus) -> String? {
        switch status {
        case .posted: nil
        case .pending: "pending: not posted yet; the posted row will take its place"
        case .scheduled: "scheduled: a future entry, not posted yet; the posted row will take its place"
        }
    }

    /// A row without a date (canonical input may leave `date` out): no month's budgets or report can count it, so a
    /// person must give it one (hostile10 F25; `budgets` and `report` name such rows too).
    public static func undated(_ date: String?) -> String? {
        date == nil ? "no date: no month can count it; give it one with garden row correct ID --date YYYY-MM-DD" : nil
    }

    /// A wrapper prefix that is in no catalog, when no brand or confident merchant explains the row.
    public static func unknownWrapper(_ wrapper: String?, _ merchant: Resolution.Merchant, threshold: Confidence) -> String? {
        guard let wrapper, merchant.brand == nil, merchant.confidence < threshold else { return nil }
        return "unknown payment wrapper \"\(wrapper)*\""
    }
}
