import GardenFoundation
import GardenCatalog

/// A resolver's answer to "who was paid": a name (nil when the line names nobody, such as IOF), a kind,
/// the catalog brand when one matched, and how sure it is.
public struct MerchantCandidate: Sendable, Hashable {
    public var name: String?
    public var kind: MerchantKind
    public var brandID: String?
    public var confidence: Confidence

    public init(name: String?, kind: MerchantKind, brandID: String? = nil, confidence: Confidence) {
        self.name = name
        self.kind = kind
        self.brandID = brandID
        self.confidence = confidence
    }
}
