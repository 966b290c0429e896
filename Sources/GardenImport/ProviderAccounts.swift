import Foundation
import GardenFoundation

/// The accounts an aggregator's account objects describe, by the aggregator's id of them (ledger6, F10). Pluggy gives an
/// account a new `accountId` each time its connection is made again (a reconnection, a renewed consent) and its
/// transactions new ids: the `accountId` names a connection, not the bank account. Pluggy's Account object (`GET
/// /accounts`: `id`, `type` BANK/CREDIT, `subtype`, `number`, `name`, `marketingName`, `owner`, `taxNumber`, and the
/// item's `connector` when a tool saved it with the account) says what the account is, so `garden import accounts.json
/// transactions.json` gives each row of that `accountId` the key of the account itself (``identity(of:)``): the same
/// card read through a new connection is the account recorded before, and a second card of the bank (another number)
/// is another. One registry lives through one `garden import` run: the accounts are read before the pages that use them.
public final class ProviderAccounts: @unchecked Sendable {
    /// What garden keeps of an account object.
    public struct Account: Sendable, Equatable {
        /// The account's key (``AccountKey``): `pluggy-account:<16 hex>`, the FNV-1a 64 of what identifies the account.
        public var key: String
        /// The name its rows get: the account's marketing name (else its name), and the last four digits of its number.
        public var name: String
        public var type: AccountType?
    }

    private let lock = NSLock()
    private var byID: [String: Account] = [:]

    public init() {}

    /// The account the aggregator's id `accountId` stands for, when its account object was read.
    public func identity(of accountId: String?) -> Account? {
        guard let accountId else { return nil }
        lock.lock()
        defer { lock.unlock() }
        return byID[accountId]
    }

    /// Keeps `account` as what `accountId` stands for.
    func keep(_ account: Account, for accountId: String) {
        lock.lock()
        byID[accountId] = account
        lock.unlock()
    }

    /// Whether `doc` is a Pluggy Account object rather than a transaction: it has no `amount` and states a `number` or a
    /// `subtype` (a transaction always has an amount; Pluggy's `type` is BANK/CREDIT for an account, DEBIT/CREDIT for a
    /// transaction, so `type` alone cannot tell them apart).
    static func isAccount(_ doc: JSONDocument) -> Bool {
        let root = doc.root
        guard doc[root].kind == .object, doc.member("amount", of: root) == nil else { return false }
        return doc.member("number", of: root) != nil || doc.member("subtype", of: root) != nil
    }

    /// Reads an account object: its `id` and the account it is, or nil when it states no number (then nothing identifies
    /// the account but the connection's id, and its rows keep `pluggy:<accountId>`).
    ///
    /// The identity is what does not change when the connection is made again: the institution (the item's `connector`
    /// `id`, else its `name`, when the object carries one), the kind (`subtype`, else `type`), the number's digits
    /// (separators, masks and leading zeros dropped: Pluggy masks a card's number, `5162 **** **** 1234`), and the owner
    /// (`taxNumber` as garden keeps a CPF, masked; else `owner`, folded). Never the `id` or `itemId`, which name the
    /// connection. Two cards of one bank and owner differ by their numbers and stay two accounts.
    static func read(_ doc: JSONDocument) -> (id: String, account: Account)? {
        let root = doc.root
        guard let id = doc.scalarText(doc.member("id", of: root)), !id.isEmpty else { return nil }
        let number = doc.scalarText(doc.member("number", of: root)) ?? ""
        var digits = String(number.unicodeScalars.filter { $0.value >= 0x30 && $0.value <= 0x39 }.map(Character.init))
        while digits.hasPrefix("0") { digits.removeFirst() }
        guard !digits.isEmpty else { return nil }
        let kind = (doc.string(doc.member("subtype", of: root)) ?? doc.string(doc.member("type", of: root)) ?? "").uppercased()
        var institution = ""
        for holder in [root, doc.member("item", of: root)].compactMap({ $0 }) where doc[holder].kind == .object {
            if let connector = doc.member("connector", of: holder), doc[connector].kind == .object {
                institution = doc.scalarText(doc.member("id", of: connector)) ?? doc.string(doc.member("name", of: connector)).map(AccountKey.fold) ?? ""
                break
            }
        }
        let owner = doc.scalarText(doc.member("taxNumber", of: root)).map { CPF.mask($0) ?? CPFScrubber.scrub($0) }
            ?? doc.string(doc.member("owner", of: root)).map(AccountKey.fold) ?? ""
        var hash = FNV1a()
        hash.combine([institution, kind, digits, owner].joined(separator: "|"))
        let label = doc.string(doc.member("marketingName", of: root)) ?? doc.string(doc.member("name", of: root)) ?? "Pluggy"
        let type: AccountType? = switch kind {
        case "CREDIT_CARD", "CREDIT": .creditCard
        case "CHECKING_ACCOUNT": .checking
        case "SAVINGS_ACCOUNT": .savings
        default: nil
        }
        return (id, Account(key: "pluggy-account:" + hash.hex, name: label + " " + String(digits.suffix(4)), type: type))
    }
}
