import Foundation
import Testing
@testable import GardenEngine

/// Issue 11: naive Bayes is calibrated by leave-one-out over the user's own corrections.
struct NaiveBayesCalibrationTests {
    static func features(_ text: String) -> [String] {
        FeatureExtractor.features(foldedName: text, direction: .out, amount: nil, mcc: nil)
    }

    static func model(_ examples: [(features: [String], category: String)]) -> NaiveBayesModel {
        var model = NaiveBayesModel()
        for example in examples { model.learn(features: example.features, category: example.category) }
        return model
    }

    static let consistent: [(features: [String], category: String)] = (0..<6).flatMap { i in
        [(features("feira livre bairro \(i)"), "food.groceries"), (features("curso ingles turma \(i)"), "education")]
    }

    @Test func holdingOutAnExampleIsRetrainingWithoutIt() {
        let examples = Self.consistent + [(Self.features("feira escola"), "education")]
        let whole = Self.model(examples)
        for index in examples.indices {
            var rest = examples
            let held = rest.remove(at: index)
            let expected = Self.model(rest).classify(features: Self.features("feira nova turma"))
            let got = whole.classify(features: Self.features("feira nova turma"), heldOut: held)
            #expect(expected.map(\.category) == got.map(\.category))
            for (a, b) in zip(expected, got) { #expect(abs(a.probability - b.probability) < 1e-9) }
        }
    }

    @Test func consistentCorrectionsLetTheModelSpeakAtAnyPosteriorItShowed() throws {
        let threshold = try #require(NaiveBayesCalibration.threshold(model: Self.model(Self.consistent), examples: Self.consistent))
        #expect(threshold == 0)
    }

    @Test func wrongHeldOutAnswersRaiseTheThresholdAboveThem() throws {
        let mixed = Self.consistent + [(Self.features("feira turma"), "food.groceries"), (Self.features("feira turma"), "education"),
                                       (Self.features("turma feira"), "food.groceries")]
        let model = Self.model(mixed)
        let threshold = try #require(NaiveBayesCalibration.threshold(model: model, examples: mixed))
        let wrong = mixed.compactMap { example -> Double? in
            guard let top = model.prediction(features: example.features, heldOut: example), top.category != example.category else { return nil }
            return top.probability
        }
        #expect(!wrong.isEmpty)
        #expect(threshold >= wrong.max()!)
    }

    @Test func contradictoryCorrectionsEarnNone() {
        let examples: [(features: [String], category: String)] = (0..<12).map { i in
            (Self.features("loja numero centro \(i)"), i % 2 == 0 ? "food.groceries" : "education")
        }
        #expect(NaiveBayesCalibration.threshold(model: Self.model(examples), examples: examples) == nil)
    }

    @Test func tooFewHeldOutAnswersEarnNone() {
        let examples = Array(Self.consistent.prefix(4))
        #expect(NaiveBayesCalibration.threshold(model: Self.model(examples), examples: examples) == nil)
    }

    @Test func aPredictionNeedsACategoryTaughtTwiceAndOneOfItsWords() {
        var examples = Self.consistent
        examples.append((Self.features("boliche strike zone"), "entertainment"))
        let model = Self.model(examples)
        #expect(model.prediction(features: Self.features("boliche novo")) == nil)
        #expect(model.prediction(features: Self.features("zzz qqq")) == nil)
        #expect(model.prediction(features: Self.features("feira livre centro"))?.category == "food.groceries")
    }
}
