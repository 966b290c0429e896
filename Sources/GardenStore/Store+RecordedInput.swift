import GardenFoundation
import GardenLedger
import GardenSQLite

/// A recorded row read again keeps what its recorded input knows (hostile10 F11): the same month read in another
/// rendering — garden's own CSV export, a bank CSV, a Pluggy page, an Open Finance response after the OFX — is the same
/// rows, and such a rendering often knows less of them (no FITID, no check number, no payment method, no CNPJ). A field
/// the recorded input has and the new line lacks is kept, never replaced by its absence; a field both state is the new
/// line's (a bank may correct a text), except a file-stated account identity (OFX `ofx:BANKID/ACCTID`, an aggregator's
/// account id), which a key made from the account's name (garden's export, `name:…`) never replaces.
extension Store {
    /// The canonical input members (README "Input", `garden import`'s ``CanonicalRowWriter``-written fields) that describe
    /// the transaction beyond its line: kept from the recorded input when the new line lacks them. Not among them: `id`,
    /// `date`, `amount`, `currency`, `description` (what the line is), `account`/`account_default` (its account's name:
    /// ``nameAccounts(_:identities:)``), and `status` (a posted line of a pending row is posted: its absence says so).
    static let keptInputMembers: Set<String> = [
        "memo", "account_label", "account_type", "payment_method", "check_number", "provider_category", "source_id",
        "counterparty", "mcc", "cnae", "barcode", "original_amount", "original_currency", "installment", "purchase_date",
        "end_to_end_id",
    ]

    /// The members that tell a provider's shape (Pluggy, Open Finance): a line with one is not a canonical row, and
    /// members of one shape are never mixed into a line of another.
    static let shapeMembers: [StaticString] = ["type", "creditDebitType", "transactionName", "accountId", "currencyCode", "descriptionRaw"]

    /// Gives each row of the batch that is a recorded row the fields its recorded input has and its line lacks (both
    /// canonical lines), then resolves those rows again from the merged line with `reresolve` (when given), so a field
    /// kept (a CNPJ, a provider's category) still decides as it did. Inside the write transaction.
    func keepRecordedInput(_ rows: inout [LedgerRow], _ reresolve: (([LedgerRow]) throws -> [LedgerRow])?) throws {
        let lookup = try db.prepare("SELECT raw FROM ledger WHERE row_id = ?1")
        var merged: [Int] = []
        for index in rows.indices {
            try lookup.bind(.text(rows[index].rowID))
            let recorded = try lookup.step() ? lookup.text(0) : nil
            lookup.reset()
            guard let recorded, recorded != rows[index].raw,
                  let old = try? JSONScanner.parse(Array(recorded.utf8)), let new = try? JSONScanner.parse(Array(rows[index].raw.utf8)),
                  Self.isCanonical(old), Self.isCanonical(new) else { continue }
            var replace: Set<String> = []
            if let oldKey = old.string(old.member("account_key", of: old.root)), let newKey = new.string(new.member("account_key", of: new.root)),
               newKey.hasPrefix("name:"), AccountKey.isStated(oldKey), !oldKey.hasPrefix("name:") {
                replace.insert("account_key")
            }
            guard let bytes = JSONSplice.addingMembers(of: old, to: new, keep: Self.keptInputMembers, replace: replace) else { continue }
            rows[index].raw = String(decoding: bytes, as: UTF8.self)
            merged.append(index)
        }
        guard let reresolve, !merged.isEmpty else { return }
        let fresh = Dictionary(try reresolve(merged.map { rows[$0] }).map { ($0.rowID, $0) }, uniquingKeysWith: { a, _ in a })
        for index in merged { if let row = fresh[rows[index].rowID] { rows[index] = row } }
    }

    /// Whether a parsed line is a canonical row (no provider shape's member at its top).
    static func isCanonical(_ doc: JSONDocument) -> Bool {
        guard doc[doc.root].kind == .object else { return false }
        return !shapeMembers.contains { doc.member($0, of: doc.root) != nil }
    }
}
