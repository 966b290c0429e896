import GardenFoundation
import GardenEngine
import GardenCommandKit

/// The store's learned state with one more override, for the resolution of a row just taught.
struct OverlayLearnedState: LearnedState {
    let base: any LearnedState
    let rowID: String
    let override: ManualOverride

    func override(rowID: String) -> ManualOverride? { rowID == self.rowID ? override : base.override(rowID: rowID) }
    func memory(merchantKey: String, direction: Direction?) -> MerchantMemory? { base.memory(merchantKey: merchantKey, direction: direction) }
    func classify(features: [String]) -> [(category: String, probability: Double, topFeatures: [String])] { base.classify(features: features) }
    func isAccountHolder(name: String?, document: String?) -> Bool { base.isAccountHolder(name: name, document: document) }
    var hasModel: Bool { base.hasModel }
    func prediction(features: [String]) -> (category: String, probability: Double, topFeatures: [String])? { base.prediction(features: features) }
    var naiveBayesThreshold: Double? { base.naiveBayesThreshold }
    var hasMemory: Bool { base.hasMemory }
    func memoryKey(completing prefix: String) -> String? { base.memoryKey(completing: prefix) }
    func merchantKey(following key: String, words: [String]?) -> String? { base.merchantKey(following: key, words: words) }
    func holder(account: String?) -> String? { base.holder(account: account) }
    func refundedPurchase(rowID: String) -> (rowID: String, category: String)? { base.refundedPurchase(rowID: rowID) }
}
