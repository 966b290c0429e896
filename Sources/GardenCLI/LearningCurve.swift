import GardenCatalog
import GardenEngine
import GardenCommandKit

/// The naive-Bayes learning curve (`garden eval FILE --learning-curve`): train on k labelled rows,
/// measure category accuracy of the model alone on the rest, for k = 5, 10, 20, 40, averaged over
/// 5 seeded shuffles. Rows labelled "other" or with several categories are left out.
enum LearningCurve {
    struct Example {
        var features: [String]
        var category: String
    }

    /// A deterministic shuffle (64-bit LCG, Knuth's MMIX constants) so runs are reproducible.
    static func shuffled<T>(_ items: [T], seed: UInt64) -> [T] {
        var state = seed &* 0x9E37_79B9_7F4A_7C15 &+ 1
        var out = items
        for i in stride(from: out.count - 1, to: 0, by: -1) {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let j = Int((state >> 33) % UInt64(i + 1))
            out.swapAt(i, j)
        }
        return out
    }

    static func report(_ examples: [Example], sizes: [Int] = [5, 10, 20, 40], seeds: [UInt64] = [1, 2, 3, 4, 5], _ w: Phrasebook = Phrasebook(.english)) -> String {
        var out = w("naive-Bayes learning curve (\(examples.count) rows with one category; model alone, test = the other rows):\n",
                    "curva de aprendizado do naive Bayes (\(examples.count) linhas com uma categoria; só o modelo, teste = as outras linhas):\n")
        out += w("  k    accuracy (mean of \(seeds.count) seeds)   per seed\n", "  k    acurácia (média de \(seeds.count) sementes)  por semente\n")
        for k in sizes where k < examples.count {
            var accuracies: [Double] = []
            for seed in seeds {
                let order = shuffled(examples, seed: seed)
                var model = NaiveBayesModel()
                for example in order.prefix(k) { model.learn(features: example.features, category: example.category) }
                let test = order.dropFirst(k)
                let hits = test.filter { example in
                    let top = model.classify(features: example.features, top: 1).first?.category ?? ""
                    return Taxonomy.id(top, isWithin: example.category)
                }.count
                accuracies.append(Double(hits) / Double(test.count))
            }
            let mean = accuracies.reduce(0, +) / Double(accuracies.count)
            let cells = accuracies.map { percent($0) }.joined(separator: " ")
            out += "  \(String(k).padding(toLength: 4, withPad: " ", startingAt: 0)) \(percent(mean).padding(toLength: 29, withPad: " ", startingAt: 0)) \(cells)\n"
        }
        return out
    }

    static func percent(_ value: Double) -> String {
        let tenths = Int((value * 1000).rounded())
        return "\(tenths / 10).\(tenths % 10)%"
    }
}
