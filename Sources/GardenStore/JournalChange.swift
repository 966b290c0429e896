/// What one journal row changed: the typed address of a before-image (``Journal/remember(_:before:)``),
/// read back by ``Store/undoLast(reresolve:)``. It is stored as a table name and a key (the parts of a
/// composite key joined by a TAB), the format stores have always had.
public enum JournalChange: Equatable, Sendable {
    /// A ledger row's resolution.
    case ledger(rowID: String)
    /// A whole ledger row: its input line and every column (`garden row delete`, `garden row correct`).
    case ledgerRow(rowID: String)
    /// A row's manual override.
    case override(rowID: String)
    /// Merchant memory for one merchant identity, direction and category.
    case memory(merchantKey: String, direction: String, category: String)
    /// A naive-Bayes feature count under a category.
    case naiveBayesFeature(feature: String, category: String)
    /// A naive-Bayes category's document and token counts.
    case naiveBayesCategory(String)
    /// A naive-Bayes training example (insert only).
    case naiveBayesExample(id: Int64)
    /// A stored rule.
    case rule(id: Int64)
    /// One of the account holder's identities (`garden me`; insert only).
    case accountHolder(id: Int64)
    /// A link.
    case link(id: Int64)
    /// A linking watermark (`linked_through`).
    case linkState(name: String)
    /// A budget the user set (`garden budgets set/remove`).
    case budget(id: String)
    /// A merchant assigned to a budget, by merchant identity key.
    case budgetMerchant(key: String)
    /// A setting (`cycle_start`).
    case setting(name: String)
    /// A printed form merged into another merchant or split from a similar one (`garden merchants`).
    case merchantLink(key: String)
    /// An account's name, type and who named it, by its identity key (`garden accounts rename/type`, a label that named
    /// the unnamed account it matched).
    case account(key: String)
    /// Another identity of an account (``Store/attachAccounts(_:)``).
    case accountAlias(key: String)
    /// A row the user corrected or deleted (`row_edits`): kept as the user left it when its line is recorded again.
    case rowEdit(rowID: String)

    /// The stored form: the table's name and the key.
    var stored: (table: String, key: String) {
        switch self {
        case .ledger(let rowID): ("ledger", rowID)
        case .ledgerRow(let rowID): ("ledger_row", rowID)
        case .override(let rowID): ("overrides", rowID)
        case .memory(let key, let direction, let category): ("memory", [key, direction, category].joined(separator: "\t"))
        case .naiveBayesFeature(let feature, let category): ("nb_feature", feature + "\t" + category)
        case .naiveBayesCategory(let category): ("nb_category", category)
        case .naiveBayesExample(let id): ("nb_example", String(id))
        case .rule(let id): ("rules", String(id))
        case .accountHolder(let id): ("me", String(id))
        case .link(let id): ("links", String(id))
        case .linkState(let name): ("link_state", name)
        case .budget(let id): ("user_budgets", id)
        case .budgetMerchant(let key): ("budget_merchants", key)
        case .setting(let name): ("settings", name)
        case .merchantLink(let key): ("merchant_links", key)
        case .account(let key): ("accounts", key)
        case .accountAlias(let key): ("account_aliases", key)
        case .rowEdit(let rowID): ("row_edits", rowID)
        }
    }

    /// Reads the stored form back.
    /// - Throws: ``StoreFailure/unknownJournalChange(table:key:)`` for a table this garden does not
    ///   journal or a key of the wrong shape.
    init(table: String, key: String) throws(StoreFailure) {
        let parts = key.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        let number = Int64(key)
        switch (table, parts.count, number) {
        case ("ledger", _, _): self = .ledger(rowID: key)
        case ("ledger_row", _, _): self = .ledgerRow(rowID: key)
        case ("overrides", _, _): self = .override(rowID: key)
        case ("memory", 3, _): self = .memory(merchantKey: parts[0], direction: parts[1], category: parts[2])
        case ("nb_feature", 2, _): self = .naiveBayesFeature(feature: parts[0], category: parts[1])
        case ("nb_category", _, _): self = .naiveBayesCategory(key)
        case ("nb_example", _, let id?): self = .naiveBayesExample(id: id)
        case ("rules", _, let id?): self = .rule(id: id)
        case ("me", _, let id?): self = .accountHolder(id: id)
        case ("links", _, let id?): self = .link(id: id)
        case ("link_state", _, _): self = .linkState(name: key)
        case ("user_budgets", _, _): self = .budget(id: key)
        case ("budget_merchants", _, _): self = .budgetMerchant(key: key)
        case ("settings", _, _): self = .setting(name: key)
        case ("merchant_links", _, _): self = .merchantLink(key: key)
        case ("accounts", _, _): self = .account(key: key)
        case ("account_aliases", _, _): self = .accountAlias(key: key)
        case ("row_edits", _, _): self = .rowEdit(rowID: key)
        default: throw .unknownJournalChange(table: table, key: key)
        }
    }
}
