import GardenFoundation

/// One row of a code → category map (MCC, CNAE prefix, Pluggy or Plaid category).
public struct CodeMapping: Sendable, Hashable {
    public var code: String
    public var category: String
    /// Typical merchant kind for the code, when the map gives one.
    public var kind: MerchantKind?
    /// The code's description or name.
    public var label: String
    public var source: SourceLocation
}
