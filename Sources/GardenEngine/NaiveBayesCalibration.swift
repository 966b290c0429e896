/// Calibrates the naive-Bayes model on the user's own corrections by leave-one-out: each correction is
/// classified by the model without it, and the threshold is the lowest posterior above which those answers
/// were right at least ``precision`` of the time (over at least ``minimumAnswers`` answers). The model
/// proposes only above that threshold (and never below the acceptance threshold); with none it abstains.
public enum NaiveBayesCalibration {
    /// Target precision of the model's answers (issue 11: 95 %).
    public static let precision = 0.95
    /// Fewest held-out answers a threshold must rest on.
    public static let minimumAnswers = 5
    /// Most recent corrections used (calibration cost grows with them).
    public static let maximumExamples = 2_000

    /// The posterior the model must exceed, or nil when no threshold reaches ``precision``. Held-out answers
    /// are ranked by posterior; the threshold keeps the longest run of top answers (at least
    /// ``minimumAnswers``) that is right ``precision`` of the time, and sits at the posterior of the next
    /// answer down (0 when the run takes them all: any posterior the model showed was precise enough).
    public static func threshold(model: NaiveBayesModel, examples: [(features: [String], category: String)]) -> Double? {
        var answers: [(probability: Double, right: Bool)] = []
        for example in examples.suffix(maximumExamples) {
            guard let top = model.prediction(features: example.features, heldOut: example) else { continue }
            answers.append((top.probability, top.category == example.category))
        }
        answers.sort { $0.probability > $1.probability }
        var right = 0
        var kept: Int?
        for (index, answer) in answers.enumerated() {
            if answer.right { right += 1 }
            // Only between distinct posteriors: answers tied with this one count together.
            if index + 1 < answers.count, answers[index + 1].probability == answer.probability { continue }
            if index + 1 >= minimumAnswers, Double(right) >= precision * Double(index + 1) { kept = index + 1 }
        }
        guard let kept else { return nil }
        return kept < answers.count ? answers[kept].probability : 0
    }
}
