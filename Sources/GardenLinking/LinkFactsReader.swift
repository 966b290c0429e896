import GardenFoundation

/// Reads ``LinkFacts`` from a recorded row: its input line (amount, date, account, currency, the Pix
/// end-to-end id, the counterparty's account, the purchase date of a parcel) and its resolution (merchant,
/// category, flow, budget, installment).
///
/// Input fields read beyond the canonical ones: `end_to_end_id` (canonical), Pluggy
/// `paymentData.referenceNumber` when it has the shape of a Pix end-to-end id and `paymentData.payer/
/// receiver` `accountNumber`/`branchNumber`, `purchase_date` (canonical) or Pluggy
/// `creditCardMetadata.purchaseDate`/`totalAmount`, `counterparty.account`/`counterparty.branch`,
/// `original_currency` / Pluggy `amountInAccountCurrency` (a foreign purchase).
public struct LinkFactsReader {
    /// Whether a counterparty (name, document as given) is the holder (`garden me`).
    public var isAccountHolder: (String?, String?) -> Bool
    /// The holder's accounts (`garden me --account`), digits only.
    public var holderAccounts: Set<String>
    /// The bank a text names, as a catalog bank brand id ("Conta Itaú", "TED ENVIADA ITAU UNIBANCO":
    /// `br_itau`), or nil; reads ``LinkFacts/bank`` from the account and ``LinkFacts/namedBank`` from the
    /// descriptor, memo and counterparty.
    public var bankNamed: (String) -> String?

    public init(isAccountHolder: @escaping (String?, String?) -> Bool = { _, _ in false }, holderAccounts: [String] = [],
                bankNamed: @escaping (String) -> String? = { _ in nil }) {
        self.isAccountHolder = isAccountHolder
        self.holderAccounts = Set(holderAccounts.map(Self.digits).filter { !$0.isEmpty })
        self.bankNamed = bankNamed
    }

    /// The facts of one row; nil when it has no amount or date (nothing to link by).
    /// - Throws: the input line's or the resolution's JSON or field errors.
    public func read(rowID: String, raw: String, resolution: String, merchantKey: String?) throws -> LinkFacts? {
        let doc = try JSONScanner.parse(Array(raw.utf8))
        let t = try TransactionReader().read(doc)
        guard let amount = t.amount, let date = t.date else { return nil }
        let res = try JSONScanner.parse(Array(resolution.utf8))
        func text(_ path: StaticString...) -> String? {
            var node = res.root
            for key in path { guard let next = res.member(key, of: node) else { return nil }; node = next }
            return res.string(node)
        }
        let category = text("category", "id") ?? "uncategorized"
        let direction = text("direction") ?? (amount.minorUnits < 0 ? "out" : "in")
        let flow = text("flow") ?? "expense"
        let installment = res.member("installment", of: res.root).flatMap { node -> (Int, Int)? in
            guard let n = res.scalarText(res.member("number", of: node)).flatMap(Int.init),
                  let total = res.scalarText(res.member("total", of: node)).flatMap(Int.init) else { return nil }
            return (n, total)
        } ?? t.installment.map { ($0.number, $0.total) }
        let isPerson = text("merchant", "kind") == "person"
        let extra = InputExtras(doc, direction: direction)
        // The resolver's own test (`garden me`: document HMAC, else first and last name) on a transfer.own
        // row, or the counterparty's account among the holder's.
        let me = (category == "transfer.own" && isAccountHolder(t.counterpartyName ?? text("merchant", "name"), t.counterpartyDocument))
            || extra.counterpartyAccount.map { holderAccounts.contains(Self.digits($0)) } ?? false
        let nature = Self.nature(category: category, direction: direction, flow: flow, operation: t.operationType, isPerson: isPerson,
                                 description: t.descriptorText)
        return LinkFacts(rowID: rowID, date: date, amount: amount.minorUnits, currency: t.currency.code, account: t.account, direction: direction,
                              flow: flow, category: category, budget: text("budget", "id"), budgetName: text("budget", "name"),
                              party: Self.party(brand: text("merchant", "brand"), document: text("merchant", "document"), isPerson: isPerson,
                                                name: text("merchant", "name"), merchantKey: merchantKey),
                              partyName: text("merchant", "name"), isPerson: isPerson, nature: nature,
                              rail: t.paymentMethod?.rawValue ?? (Self.mentionsPix(t.descriptorText) ? "pix" : nil),
                              endToEndID: extra.endToEndID, counterpartyIsMe: me, installmentNumber: installment?.0, installmentTotal: installment?.1,
                              purchaseDate: extra.purchaseDate, planTotal: extra.planTotal.flatMap { try? Money.parse(Array($0.utf8), currency: t.currency).money.minorUnits.magnitude }.map { Int64($0) },
                              foreign: t.currency.code != "BRL" || extra.foreignMarker || Self.internationalWording(t.descriptorText),
                              merchantKind: text("merchant", "kind"), intermediary: text("merchant", "intermediary"),
                              bank: t.account.flatMap(bankNamed), namedBank: namedBank(t), sourceID: extra.sourceID)
    }

    /// The bank a row names as its other side: in its descriptor, memo or counterparty's name (read by the
    /// transfer pairs only).
    func namedBank(_ t: Transaction) -> String? {
        [t.descriptorText, t.memo, t.counterpartyName].lazy.compactMap { $0 }.compactMap(bankNamed).first
    }

    /// One key for who the row is with: the catalog brand, else the CNPJ root, else a person's name, else
    /// the merchant memory key.
    static func party(brand: String?, document: String?, isPerson: Bool, name: String?, merchantKey: String?) -> String? {
        if let brand { return "brand:" + brand }
        if let document, document.contains("/") { return "cnpj:" + String(digits(document).prefix(8)) }
        if isPerson, let name { return "person:" + name.lowercased() }
        return merchantKey
    }

    /// The row's nature from its category, direction, flow and the bank's operation type.
    static func nature(category: String, direction: String, flow: String, operation: String?, isPerson: Bool, description: String) -> LinkFacts.Nature {
        let op = operation ?? ""
        let folded = description.lowercased()
        if category == "taxes.iof" { return direction == "out" ? .iof : .credit }
        if category == "cash.withdrawal" || op == "SAQUE" { return .withdrawal }
        if category == "transfer.investment" || op.contains("APLICACAO") || op.contains("RESGATE") { return .investment }
        if category == "transfer.card_payment" || op == "PAGAMENTO_FATURA" || (direction == "in" && folded.contains("pagamento recebido")) {
            return direction == "out" ? .cardBillPayment : .cardBillCredit
        }
        if flow == "transfer" { return .transfer }
        if direction == "in" {
            if flow == "refund" || (category == "income.other" && !isPerson) { return .credit }
            return .income
        }
        return flow == "expense" ? .purchase : .other
    }

    /// Words that mark a purchase abroad, matched whole and case-insensitively on the descriptor's bytes.
    static let internationalWords: Set<[UInt8]> = Set(["internacional", "international", "exterior", "usd", "eur"].map { Array($0.utf8) })

    static func internationalWording(_ description: String) -> Bool {
        var word: [UInt8] = []
        for byte in description.utf8 + [0x20] {
            if (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A || byte >= 0x80 {
                word.append(byte >= 0x80 ? byte : byte | 0x20)
                continue
            }
            if !word.isEmpty, internationalWords.contains(word) { return true }
            word.removeAll(keepingCapacity: true)
        }
        return false
    }

    /// Whether the descriptor says Pix ("Pix enviado", "TRANSF PIX").
    static func mentionsPix(_ description: String) -> Bool {
        var window: UInt32 = 0
        for byte in description.utf8 {
            window = (window << 8 | UInt32(byte | 0x20)) & 0xFFFFFF
            if window == 0x706978 { return true }   // "pix"
        }
        return false
    }

    static func digits(_ text: String) -> String { String(text.unicodeScalars.filter { ("0"..."9").contains($0) }.map(Character.init)) }
}
