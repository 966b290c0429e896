import Foundation

/// A multinomial naive-Bayes classifier over ``FeatureExtractor`` features, with Laplace (add-one)
/// smoothing. Counts only grow by ``learn(features:category:)``: no full retrain. The SQLite store
/// keeps the same counts and loads them into this type.
///
/// P(c | f₁…fₙ) ∝ P(c) · Π P(fᵢ | c), P(c) = docs(c) / docs, P(f | c) = (count(f, c) + 1) / (tokens(c) + V)
/// where V is the number of distinct features seen. Probabilities are normalized over the categories
/// seen (softmax of the log scores).
public struct NaiveBayesModel: Sendable {
    public private(set) var featureCounts: [String: [String: Int]] = [:]   // feature → category → count
    public private(set) var documents: [String: Int] = [:]                 // category → examples
    public private(set) var tokens: [String: Int] = [:]                    // category → feature occurrences

    public init() {}

    /// Restores counts read from the store.
    public mutating func load(feature: String, category: String, count: Int) {
        featureCounts[feature, default: [:]][category] = count
    }

    public mutating func load(category: String, documents docs: Int, tokens count: Int) {
        documents[category] = docs
        tokens[category] = count
    }

    /// Adds one labelled example.
    public mutating func learn(features: [String], category: String) {
        documents[category, default: 0] += 1
        tokens[category, default: 0] += features.count
        for feature in features { featureCounts[feature, default: [:]][category, default: 0] += 1 }
    }

    public var isEmpty: Bool { documents.isEmpty }

    /// Labelled examples learned.
    public var exampleCount: Int { documents.values.reduce(0, +) }

    /// Categories by posterior probability, highest first, each with the features that weighed most for it.
    public func classify(features: [String], top: Int = 3) -> [(category: String, probability: Double, topFeatures: [String])] {
        guard !documents.isEmpty else { return [] }
        let totalDocs = Double(documents.values.reduce(0, +))
        let vocabulary = Double(max(1, featureCounts.count))
        var scores: [(String, Double, [(String, Double)])] = []
        for (category, docs) in documents {
            var score = log(Double(docs) / totalDocs)
            let denominator = Double(tokens[category] ?? 0) + vocabulary
            var weights: [(String, Double)] = []
            for feature in features {
                let count = Double(featureCounts[feature]?[category] ?? 0)
                let weight = log((count + 1) / denominator)
                score += weight
                if count > 0 { weights.append((feature, weight)) }
            }
            scores.append((category, score, weights))
        }
        let best = scores.map(\.1).max() ?? 0
        var total = 0.0
        for entry in scores { total += exp(entry.1 - best) }
        var result: [(category: String, probability: Double, topFeatures: [String])] = []
        for entry in scores {
            let ranked = entry.2.sorted { $0.1 > $1.1 }
            let features: [String] = ranked.prefix(3).map { $0.0 }
            result.append((category: entry.0, probability: exp(entry.1 - best) / total, topFeatures: features))
        }
        result.sort { $0.probability != $1.probability ? $0.probability > $1.probability : $0.category < $1.category }
        return Array(result.prefix(top))
    }
}
