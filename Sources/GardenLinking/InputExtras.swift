import GardenFoundation

/// The input fields linking reads that resolving does not (see ``LinkFactsReader``).
struct InputExtras {
    var endToEndID: String?
    var counterpartyAccount: String?
    var purchaseDate: String?
    var planTotal: String?
    var foreignMarker = false
    /// `source_id`: the file's own id of the row (OFX `FITID`).
    var sourceID: String?

    init(_ doc: JSONDocument, direction: String) {
        let root = doc.root
        endToEndID = doc.string(doc.member("end_to_end_id", of: root))
        sourceID = doc.string(doc.member("source_id", of: root))
        purchaseDate = doc.string(doc.member("purchase_date", of: root)).flatMap { CalendarDate.localDate($0) }
        foreignMarker = doc.member("original_currency", of: root) != nil || !doc.isNull(doc.member("amountInAccountCurrency", of: root))
        if let cp = doc.member("counterparty", of: root), doc[cp].kind == .object {
            counterpartyAccount = Self.account(doc, cp, number: "account", branch: "branch")
        }
        if let payment = doc.member("paymentData", of: root), doc[payment].kind == .object {
            if let reference = doc.string(doc.member("referenceNumber", of: payment)), Self.isEndToEndID(reference) { endToEndID = endToEndID ?? reference }
            if let party = doc.member(direction == "out" ? "receiver" : "payer", of: payment), doc[party].kind == .object {
                counterpartyAccount = counterpartyAccount ?? Self.account(doc, party, number: "accountNumber", branch: "branchNumber")
            }
        }
        // The canonical `installment` of a row `garden import` wrote: the plan's total as the file gave it (hostile10 F17).
        if let plan = doc.member("installment", of: root), doc[plan].kind == .object {
            planTotal = doc.scalarText(doc.member("total_amount", of: plan))
        }
        if let card = doc.member("creditCardMetadata", of: root), doc[card].kind == .object {
            purchaseDate = purchaseDate ?? doc.string(doc.member("purchaseDate", of: card)).flatMap { CalendarDate.pluggyLocalDate($0) }
            planTotal = planTotal ?? doc.scalarText(doc.member("totalAmount", of: card))
        }
    }

    /// Branch and number as one text ("0001/12345-6"), or the number alone.
    static func account(_ doc: JSONDocument, _ node: Int, number: StaticString, branch: StaticString) -> String? {
        guard let value = doc.scalarText(doc.member(number, of: node)), !value.isEmpty else { return nil }
        return doc.scalarText(doc.member(branch, of: node)).map { $0 + "/" + value } ?? value
    }

    /// A Pix end-to-end id's shape (``PixEndToEndID``).
    static func isEndToEndID(_ text: String) -> Bool { PixEndToEndID.isValid(text) }
}
