import GardenFoundation
import GardenCatalog
import GardenCommandKit

/// The rows `recategorize --rule` re-examines: a cheap test that holds for every row the rule can match.
/// A text condition matches whole words, glued words ("PAG*PADARIAJOSE"), prefixes, the memo and the
/// counterparty's name, all ignoring case, accents, punctuation and spacing; so a row it matches always
/// holds the condition's letters and digits in a row, in its description, memo or counterparty name
/// (folded, separators removed); a condition of alternatives, one of them. A rule without description or
/// memo text (amount, MCC, merchant or document only) reaches every row.
struct RuleReach {
    /// Per text condition, the folded letters and digits without separators of each of its alternatives.
    let needles: [[[UInt8]]]

    init(_ rule: UserRule) {
        needles = rule.textConditions.map { condition in
            UserRule.alternatives(condition.text, prefix: condition.prefix).map { Self.squeezed($0.text) }.filter { !$0.isEmpty }
        }.filter { !$0.isEmpty }
    }

    /// Whether the rule may match `transaction` (false only when it cannot).
    func mayMatch(_ transaction: Transaction) -> Bool {
        guard !needles.isEmpty else { return true }
        let fields = [transaction.descriptorText, transaction.memo ?? "", transaction.counterpartyName ?? ""].map(Self.squeezed)
        return needles.allSatisfy { alternatives in alternatives.contains { needle in fields.contains { RuleImpact.contains($0, needle) } } }
    }

    /// `text` folded as matching folds it, without the spaces between words.
    static func squeezed(_ text: String) -> [UInt8] {
        TokenizedText(CPFScrubber.scrub(text, plainDigits: false)).folded.filter { $0 != 0x20 }
    }
}
