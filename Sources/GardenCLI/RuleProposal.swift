import GardenFoundation
import GardenEngine
import GardenStore

/// A rule generalised from one correction, about the merchant as garden identified it
/// (``GardenEngine/MerchantIdentity``): its catalog brand (`brand br_uber`, every printed form), its CNPJ
/// root, the bank line's wording, or the merchant's distinguishing words as printed (`description "padaria
/// do ze"`); with the direction, and the intermediary when the category taught is the channel's own
/// (`intermediary ifood` for food.delivery). Never a wrapper, a store number, a place or an operation word.
struct RuleProposal {
    var text: String
    /// Words the full-text index finds candidate rows by (empty for brand and document rules).
    var words: [String]
    var direction: Direction?
    /// The identity key of the taught row: rows recorded under it are the same merchant.
    var merchantKey: String
    /// The phrase a `description` condition matches, if any.
    var phrase: String?
    /// The intermediary's display name when the rule requires it.
    var intermediary: String?

    static func make(context: ResolutionContext, category: String, merchant: String?) -> RuleProposal? {
        guard let identity = context.identity else { return nil }
        var conditions: [String]
        let phrase = identity.printedPhrase(context)
        switch identity.basis {
        case .brand(let id, _): conditions = ["brand \(id)"]
        case .document(let root): conditions = ["document \(root)"]
        case .bankLine, .name:
            guard let phrase else { return nil }
            conditions = ["description \"\(phrase)\""]
        }
        var intermediary: String?
        if let processor = MerchantIdentity.channel(context, implying: category) {
            conditions.append("intermediary \(processor.id)")
            intermediary = processor.name
        }
        if let direction = context.direction { conditions.append("direction \(direction.rawValue)") }
        var text = "if " + conditions.joined(separator: " and ") + " => category \(category)"
        if let merchant { text += ", merchant \"\(merchant.replacingOccurrences(of: "\"", with: ""))\"" }
        return RuleProposal(text: text, words: phrase.map { $0.split(separator: " ").map(String.init) } ?? [],
                            direction: context.direction, merchantKey: identity.key, phrase: phrase, intermediary: intermediary)
    }

    /// Why no rule was proposed for a row.
    static func whyNone(_ context: ResolutionContext) -> String {
        guard let identity = context.identity else {
            return "nothing in the descriptor names a merchant (only operation words, legal suffixes, numbers or places)"
        }
        switch identity.basis {
        case .bankLine: return "the bank's line type came from a structured field, not from words a rule can match"
        default: return "the merchant's words (\(identity.key)) do not appear together in the descriptor"
        }
    }
}
