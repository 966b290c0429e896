import GardenFoundation

/// A user's rule (`*.rules` files, `garden rules add`, or taught): conditions on the row, actions on
/// its resolution. Rules decide at confidence 1.0, in the user-rule place of the precedence (`BuiltInResolvers.swift`).
///
/// File format, one rule per line (`#` starts a comment):
/// ```
/// if description "padaria do ze" and amount < 30 and direction out => category food.groceries, merchant "Padaria do Zé"
/// if mcc 5812 and merchant "joes" => category food.restaurants, budget comer_fora
/// if document 12.345.678/0001-90 => category services.professional, review
/// ```
/// Conditions (all must hold): `description "TEXT"` and `memo "TEXT"` (whole words, case-, accent- and
/// punctuation-insensitive; `"TEXT*"` may end inside a word; `"A|B|C"` any of the alternatives, each a whole
/// text with its own `*`), `merchant "TEXT"` (the resolved merchant name, same matching), `amount A..B` (inclusive), `amount < A`, `amount <= A`, `amount > A`,
/// `amount >= A` (strict as written; all compare the absolute value in the row's currency, exact
/// decimals, so `amount > 50` holds for −50.01 and +50.01 alike: add `direction` to tell them apart), `direction in|out`, `mcc 5812` or `mcc 5811-5814`, `document D` (a CNPJ, its
/// 8-character root, or a CPF's digits), `brand ID` (the merchant identity is that catalog brand, or the same
/// chain listed for another country, whatever form the bank printed), `intermediary ID` (through that
/// processor or channel of `Rules/processors.tsv`), `identity KEY` (the row's merchant identity is KEY, as `explain`
/// prints it: `name:padariadoze`, `cnpj:18033552`, `line:fees.bank@br_itau`, `brand:uber`). Actions: `category ID`, `merchant "NAME"`, `budget ID`,
/// `review`, `no-review`. `holder "NAME"` (the row's account is that holder's, where the store knows several people's
/// accounts: `garden me add --name NAME --account ACCOUNT`; issue 37) keeps a rule to one person's rows. Rules without a text condition (`if amount > 1000 and direction out => review`)
/// are checked on every row.
public struct UserRule: Sendable, Hashable {
    /// One condition of a rule.
    public enum Condition: Sendable, Hashable {
        case description(String, prefix: Bool)
        case memo(String, prefix: Bool)
        case merchant(String, prefix: Bool)
        /// Absolute amount bounds in minor units (inclusive), with the currency's digits assumed 2
        /// unless the row says otherwise.
        case amount(min: Int64?, max: Int64?)
        case direction(Direction)
        case mcc(ClosedRange<Int>)
        case document(String)
        /// The row's merchant identity is this catalog brand (`brand br_uber`): every printed form of it.
        case brand(String)
        /// The row came through this processor or channel (`intermediary ifood`, `Rules/processors.tsv` id).
        case intermediary(String)
        /// The row's merchant identity has this key (`identity name:padariadoze`, ``MerchantIdentity/key``): every
        /// printed form of that merchant, and none of the lines that only name it (its IOF, a fee, a refund are other
        /// identities). The rules `teach` proposes for a merchant without a brand or a CNPJ use it.
        case identity(String)
        /// The row's account belongs to this holder (the name as `garden me add --name` gave it, folded and glued:
        /// ``holderKey(_:)``), in a store that knows several holders' accounts.
        case holder(String)
    }

    /// One action of a rule.
    public enum Action: Sendable, Hashable {
        case category(String)
        case merchant(String)
        case budget(String)
        case review(Bool)
    }

    /// Stable id: `file:line` for file rules, `r<N>` for stored rules.
    public var id: String
    public var conditions: [Condition]
    public var actions: [Action]
    /// The rule's text as written.
    public var text: String
    public var source: SourceLocation

    public var category: String? {
        for case .category(let id) in actions { return id }
        return nil
    }

    public var merchantName: String? {
        for case .merchant(let name) in actions { return name }
        return nil
    }

    public var budget: String? {
        for case .budget(let id) in actions { return id }
        return nil
    }

    /// The catalog brand the rule is about, if it has a `brand` condition.
    public var brandID: String? {
        for case .brand(let id) in conditions { return id }
        return nil
    }

    /// The merchant identity key the rule is about, if it has an `identity` condition.
    public var identityKey: String? {
        for case .identity(let key) in conditions { return key }
        return nil
    }

    /// The key of a holder's name: folded, letters and digits glued (`Ana Souza` → `anasouza`), so a rule's
    /// `holder "ANA SOUZA"` and the name `garden me add` stored are one holder however they were typed.
    public static func holderKey(_ name: String) -> String {
        String(String(decoding: TokenizedText(name).folded, as: UTF8.self).filter { $0 != " " })
    }

    /// The alternatives of a text condition's text: `"uber|99 taxi|cabify*"` is three, each with its own
    /// trailing `*` for a prefix; a text without `|` is itself, with `prefix` as parsed.
    public static func alternatives(_ text: String, prefix: Bool) -> [(text: String, prefix: Bool)] {
        guard text.contains("|") else { return [(text, prefix)] }
        return text.split(separator: "|", omittingEmptySubsequences: false).map { part in
            let trimmed = part.trimmingASCIISpacesSub()
            return trimmed.hasSuffix("*") ? (String(trimmed.dropLast()), true) : (trimmed, false)
        }
    }

    /// The literal text conditions (description or memo), which the automaton indexes.
    public var textConditions: [(field: String, text: String, prefix: Bool)] {
        conditions.compactMap {
            switch $0 {
            case .description(let text, let prefix): return ("description", text, prefix)
            case .memo(let text, let prefix): return ("memo", text, prefix)
            default: return nil
            }
        }
    }
}
