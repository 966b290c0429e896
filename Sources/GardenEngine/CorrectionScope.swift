import GardenFoundation
import GardenCatalog

/// What a correction of one row teaches beyond that row: which merchant identity learns it, or nothing (the row
/// alone). It reads the line the identity was stated from (``MerchantIdentity/line``: the bank-line proposal's
/// own reading, never the line matched again). A bank's own line (its card bill, a fee, interest) learns only a
/// correction of its own kind; a line that names a payee (`Pagamento Fatura de Gás - COMPANHIA ULTRAGAZ`) teaches the
/// payee; a line type with a fixed payee (IOF, Receita Federal) is that payee's, so a correction of one reaches its
/// other lines; a correction that contradicts the bank's line and names no one else is recorded for that row alone,
/// so it never moves every card bill of the bank (issue 25: one such correction turned them all into home.utilities
/// at the next recategorize).
public enum CorrectionScope: Sendable, Hashable {
    /// Memory, the naive-Bayes counts and a proposed rule learn it, under this identity.
    case merchant(MerchantIdentity)
    /// No identity (only operation words, legal suffixes, numbers or places): nothing to remember or propose; the
    /// naive-Bayes counts still learn the row's words.
    case unidentified
    /// Only the row's manual override: the reason says why (``RowAloneReason/text(_:)`` in a run's language).
    case rowAlone(reason: RowAloneReason)

    /// Why a correction stays with its row: typed, so each run says it in its own language (issue 36).
    public enum RowAloneReason: Sendable, Hashable {
        /// The correction contradicts the bank's own line (its category given) and the line names no payee.
        case contradictsBankLine(lineCategory: String)
        /// The correction is what the bank's line says (its category given), not a fact about the payee `key`.
        case bankLineOwnKind(lineCategory: String, key: String)
        /// `key` is one word of a person's name (a surname alone): too broad to stand for one person.
        case oneWordOfAPersonsName(key: String)
        /// The row came by a person-to-person rail (`brand`: Zelle, Venmo, Cash App) that names no payee garden keeps
        /// apart: its other rows are about other people and businesses.
        case railNotPayee(brand: String)

        /// The reason in `language`.
        public func text(_ language: Language) -> String {
            let english = language == .english
            switch self {
            case .contradictsBankLine(let line):
                return english ? "it contradicts the bank's line (\(line)) and the line names no payee, so every other such line keeps its category"
                    : "ela contradiz a linha do banco (\(line)) e a linha não nomeia nenhum favorecido, então cada outra linha assim mantém sua categoria"
            case .bankLineOwnKind(let line, let key):
                return english ? "it is what the bank's line says (\(line)), not a fact about \(key), so \(key)'s other rows keep their category"
                    : "é o que a linha do banco diz (\(line)), não um fato sobre \(key), então as outras linhas de \(key) mantêm sua categoria"
            case .railNotPayee(let brand):
                return english ? "\(brand) carries payments between many people and businesses, and the line names no payee garden keeps apart, so its other rows keep their category"
                    : "\(brand) leva pagamentos entre muitas pessoas e empresas, e a linha não nomeia nenhum favorecido que o garden distinga, então as outras linhas mantêm sua categoria"
            case .oneWordOfAPersonsName(let key):
                return english ? "\(key) is one word of a person's name, shared by too many people to stand for one (a surname alone), so no other row follows this one"
                    : "\(key) é uma palavra só de um nome de pessoa, comum a gente demais para indicar uma (um sobrenome sozinho), então nenhuma outra linha segue esta"
            }
        }
    }

    /// The scope of a correction of the row in `context` (identified: ``ResolutionContext/identity`` set) to `category`.
    public static func of(_ context: ResolutionContext, category: String) -> CorrectionScope {
        guard let identity = context.identity else { return .unidentified }
        if let reason = tooBroadForAPerson(identity, context, category: category) { return .rowAlone(reason: reason) }
        if let reason = railNotPayee(identity, context, category: category) { return .rowAlone(reason: reason) }
        // Read from the name, a brand or a document, or a fixed payee's line type: the merchant's.
        guard let line = identity.line, line.owner != .payee else { return .merchant(identity) }
        if identity.isBankLine {
            guard agrees(category, withLine: line.category) else {
                return .rowAlone(reason: .contradictsBankLine(lineCategory: line.category))
            }
            return .merchant(identity)
        }
        // A payee took the identity of a bank's own line: a correction of the line's own kind is about the line
        // (paying the bill of a card named after an airline is no flight), so it stays with the row.
        if agrees(category, withLine: line.category) {
            return .rowAlone(reason: .bankLineOwnKind(lineCategory: line.category, key: identity.key))
        }
        return .merchant(identity)
    }

    /// Why a name identity cannot stand for one person, or nil: a single word (`name:santos`, a surname, or a
    /// given name long enough to be kept) on a row about a person — the payee read as a person, a Pix, TED or
    /// other person-to-person rail, or a correction to `transfer.person` — is shared by too many people:
    /// remembering it would move every "Santos" of the ledger (issue 36: "a transfer to one Santos among
    /// many"). The same rule that makes a given name alone no identity, for the names that passed it.
    static func tooBroadForAPerson(_ identity: MerchantIdentity, _ context: ResolutionContext, category: String) -> RowAloneReason? {
        guard identity.follows == nil, case .name(let words, _) = identity.basis, words.count == 1 else { return nil }
        let personRail: Set<PaymentMethod> = [.pix, .ted, .doc, .zelle, .p2p]
        let aboutAPerson = context.counterparty.isPerson || category == CategoryID.transferToPerson
            || context.descriptor.method.map(personRail.contains) == true
        guard aboutAPerson else { return nil }
        return .oneWordOfAPersonsName(key: identity.key)
    }

    /// Why a person-to-person rail's brand (Zelle, Venmo, Cash App: a catalog brand whose own category is
    /// `transfer.person`) cannot learn a correction to another category, or nil: the rail carries money to and from
    /// many people and businesses, so a row of it taught as income (a client paying by Zelle) or as a purchase (a
    /// friend paid back for dinner) is about whoever is on the other side, not about every row of the rail (issue 37:
    /// `ZELLE INSTANT PMT FROM <a company>` taught as income turned every Zelle row into income). A correction to
    /// `transfer.person` agrees with the rail and is remembered.
    /// The rail's own line (`line:transfer.person@venmo`, a line type whose fixed payee is the rail, naming no person
    /// the bank-line resolver keeps apart) is the rail too.
    static func railNotPayee(_ identity: MerchantIdentity, _ context: ResolutionContext, category: String) -> RowAloneReason? {
        if identity.follows == nil, case .bankLine(CategoryID.transferToPerson, let rail?, _) = identity.basis, identity.line?.owner == .payee,
           category != CategoryID.transferToPerson {
            return .railNotPayee(brand: rail)
        }
        guard identity.follows == nil, let id = identity.brandID, let index = context.engine.brandByID[id] else { return nil }
        let brand = context.engine.brands[index]
        guard brand.category == CategoryID.transferToPerson, category != CategoryID.transferToPerson else { return nil }
        return .railNotPayee(brand: brand.name)
    }

    /// Whether a correction to `category` is of the line's own kind: the same group (a fee for another fee, a tax for
    /// another tax), or, for a transfer or money in, the same flow (a card bill taught as a loan payment).
    public static func agrees(_ category: String, withLine lineCategory: String) -> Bool {
        let group = { (id: String) in id.split(separator: ".").first.map(String.init) ?? id }
        if group(category) == group(lineCategory) { return true }
        let flow = FlowPolicy.flow(of: lineCategory)
        return flow != .expense && FlowPolicy.flow(of: category) == flow
    }

    /// Whether anything beyond the row's override learns (memory, the naive-Bayes counts, a rule).
    public var learns: Bool {
        if case .rowAlone = self { return false }
        return true
    }
}
