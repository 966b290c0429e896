/// An installment plan as seen in the ledger (§9): the parcels recorded, the ones still to come and the
/// ones missing between them. Amounts are positive minor units.
public struct InstallmentPlan: Sendable, Equatable, Codable {
    /// The purchase date (`YYYY-MM-DD`).
    public var purchaseDate: String
    /// The number of parcels.
    public var count: Int
    /// The parcel numbers recorded, ascending.
    public var recorded: [Int]
    /// The amount of one parcel (the last recorded one).
    public var parcelAmount: Int64
    /// The plan's total: as given by the input, else the recorded parcels as charged plus the last one's
    /// amount for each parcel not recorded.
    public var totalAmount: Int64
    /// Parcels after the last recorded one.
    public var remaining: Int
    /// What the remaining parcels add up to.
    public var remainingAmount: Int64
    /// Parcel numbers missing between the first and the last recorded, each with the month (`YYYY-MM`) it
    /// was expected in.
    public var missing: [Missing]
    public var currency: String

    /// A parcel not recorded though later ones were.
    public struct Missing: Sendable, Equatable, Codable {
        public var number: Int
        public var month: String
    }

    /// The latest parcel seen: the last recorded parcel number (the bank bills parcels in order, so the ones before it
    /// were charged, recorded or not). Not how many are recorded: that is `recorded.count`.
    public var paid: Int { recorded.last ?? 0 }
}
