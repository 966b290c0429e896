import GardenFoundation

/// The learned state a resolver example's scene sets (``ResolverDescription/Example/Given``): a manual
/// override of the example's row, memory of its merchant, the model's answer. It answers for whatever
/// row and merchant key is asked, since an example resolves one row. Origins read `example`.
public struct ExampleLearnedState: LearnedState {
    public var overridden: ManualOverride?
    public var remembered: MerchantMemory?
    public var predicted: (category: String, probability: Double, threshold: Double)?

    public init(_ given: [ResolverDescription.Example.Given]) {
        for fact in given {
            switch fact {
            case .rule: continue
            case .memory(let category, let corrections):
                remembered = MerchantMemory(category: category, merchant: nil, consistentCorrections: corrections, origin: "example")
            case .override(let category):
                overridden = ManualOverride(category: category, merchant: nil, budget: nil, origin: "example")
            case .model(let category, let posterior, let threshold):
                predicted = (category, posterior, threshold)
            }
        }
    }

    public func override(rowID: String) -> ManualOverride? { overridden }
    public func memory(merchantKey: String, direction: Direction?) -> MerchantMemory? { remembered }
    public func classify(features: [String]) -> [(category: String, probability: Double, topFeatures: [String])] {
        predicted.map { [($0.category, $0.probability, ["example"])] } ?? []
    }
    public func isAccountHolder(name: String?, document: String?) -> Bool { false }
    public var hasModel: Bool { predicted != nil }
    public func prediction(features: [String]) -> (category: String, probability: Double, topFeatures: [String])? {
        predicted.map { ($0.category, $0.probability, ["example"]) }
    }
    public var naiveBayesThreshold: Double? { predicted?.threshold }
    public var hasMemory: Bool { remembered != nil }
    /// The example's memory answers for every key, so no key needs completing.
    public func memoryKey(completing prefix: String) -> String? { nil }
}
