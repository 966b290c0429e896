import GardenFoundation

/// A relation between ledger rows: its kind, the rows it joins (the primary first: the purchase, the
/// plan's first parcel, the series' first payment, a transfer's money-out side), how sure it is and why.
///
/// `effect` is what the link adds to the primary row's net amount, in signed minor units: a refund's
/// or an accepted reimbursement's credit (positive), an IOF line's charge (negative), 0 otherwise.
public struct Link: Sendable, Equatable {
    public var kind: LinkKind
    public var status: LinkStatus
    /// Row ids, primary first.
    public var rows: [String]
    public var confidence: Confidence
    /// The evidence, one sentence each.
    public var evidence: [String]
    /// Signed minor units added to the primary row's net amount when the link counts.
    public var effect: Int64
    /// Set on installment plans.
    public var plan: InstallmentPlan?
    /// Set on recurring series.
    public var series: RecurringSeries?
    /// The link's identity across runs: the kind and its rows (or the plan or series key), so that linking
    /// again finds the same link instead of a new one.
    public var key: String

    public init(kind: LinkKind, status: LinkStatus, rows: [String], confidence: Confidence, evidence: [String], effect: Int64 = 0,
                plan: InstallmentPlan? = nil, series: RecurringSeries? = nil, key: String? = nil) {
        self.kind = kind
        self.status = status
        self.rows = rows
        self.confidence = confidence
        self.evidence = evidence
        self.effect = effect
        self.plan = plan
        self.series = series
        self.key = key ?? kind.rawValue + ":" + rows.joined(separator: ",")
    }

    /// The primary row (the purchase a refund, fee or reimbursement belongs to).
    public var primary: String { rows[0] }
    /// The rows after the primary.
    public var secondaries: ArraySlice<String> { rows.dropFirst() }
}
