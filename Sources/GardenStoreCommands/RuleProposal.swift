import GardenFoundation
import GardenEngine
import GardenStore
import GardenCommandKit

/// A rule generalised from one correction, about the merchant as garden identified it
/// (``GardenEngine/MerchantIdentity``): its catalog brand (`brand br_uber`, every printed form), its CNPJ
/// root, the bank line's wording, or the identity of its distinguishing words (`identity name:padariadoze`: every
/// printed form of it, and not its IOF, fee or refund lines, which are other identities); with the direction, and the intermediary when the category taught is the channel's own
/// (`intermediary ifood` for food.delivery), and the row's holder where the store knows several (`holder "anasouza"`). Never a wrapper, a store number, a place or an operation word.
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
    /// The key of the rule's `identity` condition: only rows of that identity can match.
    var identityKey: String?

    static func make(context: ResolutionContext, category: String, merchant: String?) -> RuleProposal? {
        guard let identity = context.identity else { return nil }
        var conditions: [String]
        let phrase = identity.printedPhrase(context)
        switch identity.basis {
        case .brand(let id, _): conditions = ["brand \(id)"]
        case .document(let root): conditions = ["document \(root)"]
        case .name:
            // The identity, not the printed words: `description "manning"` also caught `IOF de "Manning"`, the
            // merchant's IOF line (another identity), and a first name caught every shop named after a saint.
            conditions = ["identity \(identity.key)"]
        case .bankLine(_, let bank, _):
            guard let phrase else { return nil }
            // The wording, at this bank: another bank's line with the same words is another merchant.
            conditions = ["description \"\(phrase)\""] + (bank == nil ? [] : ["identity \(identity.key)"])
        }
        var intermediary: String?
        if let processor = MerchantIdentity.channel(context, implying: category) {
            conditions.append("intermediary \(processor.id)")
            intermediary = processor.name
        }
        // Income taught from a row that printed no amount is what the merchant pays the holder: money in only (memory
        // reads it so too, ``GardenStore/StoreLearnedState/memory(merchantKey:direction:)``).
        let direction = context.direction ?? (FlowPolicy.flow(of: category) == .income ? .in : nil)
        if let direction { conditions.append("direction \(direction.rawValue)") }
        // A store of several people: the rule is the row's holder's (issue 37), as memory is.
        if let holder = context.learned.holder(account: context.transaction.account) { conditions.append("holder \"\(holder)\"") }
        var text = "if " + conditions.joined(separator: " and ") + " => category \(category)"
        if let merchant { text += ", merchant \"\(merchant.replacingOccurrences(of: "\"", with: ""))\"" }
        let printed = identity.isBankLine ? phrase : nil
        let keyed = conditions.contains { $0.hasPrefix("identity ") } ? identity.key : nil
        return RuleProposal(text: text, words: printed.map { $0.split(separator: " ").map(String.init) } ?? [],
                            direction: direction, merchantKey: identity.key, phrase: printed, intermediary: intermediary, identityKey: keyed)
    }

    /// Why no rule was proposed for a row.
    static func whyNone(_ context: ResolutionContext, _ w: Phrasebook = Phrasebook(.english)) -> String {
        guard let identity = context.identity else {
            return w("nothing in the descriptor names a merchant (only operation words, legal suffixes, numbers or places)",
                     "nada na descrição nomeia um estabelecimento (só palavras de operação, sufixos legais, números ou lugares)")
        }
        switch identity.basis {
        case .bankLine: return w("the bank's line type came from a structured field, not from words a rule can match",
                                 "o tipo de linha do banco veio de um campo estruturado, não de palavras que uma regra possa casar")
        default: return w("the merchant's words (\(identity.key)) do not appear together in the descriptor",
                          "as palavras do estabelecimento (\(identity.key)) não aparecem juntas na descrição")
        }
    }
}
