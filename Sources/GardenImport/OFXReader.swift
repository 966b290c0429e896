/// Reads every `<STMTTRN>` of an OFX or QFX file, with its statement's account, currency and kind.
///
/// Bank (`STMTRS`) and card (`CCSTMTRS`) statements, several of them in one file or even in one
/// `STMTTRNRS`; tags closed or not (a transaction ends at `</STMTTRN>`, the next `<STMTTRN>`, or the end
/// of its `BANKTRANLIST`); closing tags that close nothing (as some card exports print) are ignored.
/// `ACCTID` and `CURDEF` are taken outside transactions only, so a transfer's `BANKACCTTO` does not
/// rename the account. Source: OFX 1.0.2 and 2.1.1 specifications, §11.4 (banking) and §11.4.3 (cards).
public struct OFXReader {
    private var transactions: [OFXTransaction] = []
    private var current: OFXTransaction?
    private var pendingTag: String?
    private var accountID: String?
    private var currency: String?
    private var isCard = false
    private var inCurrency = false
    /// Whether any OFX tag was seen at all (a file without one is not OFX).
    private var sawOFX = false

    /// The transactions of `text` in file order, and whether it held any OFX structure.
    public static func read(_ text: String) -> (transactions: [OFXTransaction], isOFX: Bool) {
        var reader = OFXReader()
        for token in OFXTokenizer(text) { reader.consume(token) }
        reader.finish()
        return (reader.transactions, reader.sawOFX)
    }

    private mutating func consume(_ token: OFXTokenizer.Token) {
        switch token {
        case .open(let name, let line):
            pendingTag = name
            open(name, line: line)
        case .close(let name, _):
            pendingTag = nil
            close(name)
        case .value(let text, let line):
            if let tag = pendingTag { leaf(tag, text, line: line) }
            pendingTag = nil
        }
    }

    private mutating func open(_ name: String, line: Int) {
        switch name {
        case "OFX", "STMTTRNRS", "CCSTMTTRNRS", "BANKMSGSRSV1", "CREDITCARDMSGSRSV1": sawOFX = true
        case "STMTRS", "CCSTMTRS":
            finish()
            sawOFX = true
            isCard = name == "CCSTMTRS"
            accountID = nil
            currency = nil
        case "STMTTRN":
            finish()
            sawOFX = true
            current = OFXTransaction(line: line, accountID: accountID, currency: currency, isCard: isCard)
        case "CURRENCY": inCurrency = true
        case "ORIGCURRENCY": inCurrency = false
        case "BANKTRANLIST", "LEDGERBAL", "AVAILBAL": finish()
        default: break
        }
    }

    private mutating func close(_ name: String) {
        switch name {
        case "STMTTRN", "BANKTRANLIST", "STMTRS", "CCSTMTRS": finish()
        case "CURRENCY": inCurrency = false
        default: break
        }
    }

    private mutating func leaf(_ tag: String, _ value: String, line: Int) {
        if var transaction = current {
            if tag == "CURSYM" && inCurrency { transaction.currency = value }
            if transaction.fields[tag] == nil { transaction.fields[tag] = (value, line) }
            current = transaction
            return
        }
        switch tag {
        case "ACCTID": accountID = value
        case "CURDEF": currency = value
        default: break
        }
    }

    private mutating func finish() {
        if let transaction = current { transactions.append(transaction) }
        current = nil
        inCurrency = false
    }
}
