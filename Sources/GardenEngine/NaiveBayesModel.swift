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
    /// - Parameter heldOut: an example already learned to leave out (leave-one-out calibration): the
    ///   counts are read as if it had never been learned.
    public func classify(features: [String], top: Int = 3, heldOut: (features: [String], category: String)? = nil)
        -> [(category: String, probability: Double, topFeatures: [String])] {
        let removed = heldOut.map { Self.multiplicities($0.features) } ?? [:]
        let heldCategory = heldOut?.category
        var vocabularyCount = featureCounts.count
        for (feature, times) in removed where (featureCounts[feature]?.values.reduce(0, +) ?? 0) <= times { vocabularyCount -= 1 }
        let totalDocs = Double(documents.values.reduce(0, +) - (heldOut == nil ? 0 : 1))
        let vocabulary = Double(max(1, vocabularyCount))
        var scores: [(String, Double, [(String, Double)])] = []
        for (category, allDocs) in documents {
            let held = category == heldCategory
            let docs = allDocs - (held ? 1 : 0)
            guard docs > 0, totalDocs > 0 else { continue }
            var score = log(Double(docs) / totalDocs)
            let denominator = Double((tokens[category] ?? 0) - (held ? heldOut!.features.count : 0)) + vocabulary
            var weights: [(String, Double)] = []
            for feature in features {
                let count = Double((featureCounts[feature]?[category] ?? 0) - (held ? removed[feature] ?? 0 : 0))
                let weight = log((count + 1) / denominator)
                score += weight
                if count > 0 { weights.append((feature, weight)) }
            }
            scores.append((category, score, weights))
        }
        return Self.normalized(scores, top: top)
    }

    /// Softmax of the log scores, sorted, each category with its three heaviest features.
    static func normalized(_ scores: [(String, Double, [(String, Double)])], top: Int) -> [(category: String, probability: Double, topFeatures: [String])] {
        let best = scores.map(\.1).max() ?? 0
        var total = 0.0
        for entry in scores { total += exp(entry.1 - best) }
        var result: [(category: String, probability: Double, topFeatures: [String])] = []
        for entry in scores {
            let features: [String] = entry.2.sorted { $0.1 > $1.1 }.prefix(3).map { $0.0 }
            result.append((category: entry.0, probability: exp(entry.1 - best) / total, topFeatures: features))
        }
        result.sort { $0.probability != $1.probability ? $0.probability > $1.probability : $0.category < $1.category }
        return Array(result.prefix(top))
    }

    static func multiplicities(_ features: [String]) -> [String: Int] {
        var counts: [String: Int] = [:]
        for feature in features { counts[feature, default: 0] += 1 }
        return counts
    }

    /// The model's answer for a row, or nil when it must abstain: fewer than two categories, no word of the
    /// row seen under the winning category (only the prior speaking), or a category taught fewer than twice.
    public func prediction(features: [String], heldOut: (features: [String], category: String)? = nil) -> (category: String, probability: Double, topFeatures: [String])? {
        let ranked = classify(features: features, heldOut: heldOut)
        guard ranked.count >= 2, let top = ranked.first else { return nil }
        let held = heldOut?.category == top.category ? Self.multiplicities(heldOut!.features) : [:]
        let wordSeen = features.contains { $0.hasPrefix("w:") && (featureCounts[$0]?[top.category] ?? 0) - (held[$0] ?? 0) > 0 }
        let taught = (documents[top.category] ?? 0) - (heldOut?.category == top.category ? 1 : 0)
        return wordSeen && taught >= 2 ? top : nil
    }
}
