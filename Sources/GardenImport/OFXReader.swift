import GardenImportKit
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
    private var pendingLine = 0
    /// Leaf tags a transaction cannot do without: printed empty, they are kept empty (and reported at
    /// their own line as unreadable) rather than taken as missing.
    static let required: Set<String> = ["TRNAMT", "DTPOSTED"]
    private var accountID: String?
    private var bankID: String?
    private var accountType: String?
    private var organisation: String?
    private var currency: String?
    private var isCard = false
    /// Statements opened so far (``OFXTransaction/statement``).
    private var statements = 0
    private var inCurrency = false
    /// Whether any OFX tag was seen at all (a file without one is not OFX).
    private var sawOFX = false
    /// Whether `<OFX>` was opened, and whether `</OFX>` closed it (a file cut short never closes it).
    private var openedOFX = false
    private var closedOFX = false

    /// Hands the transactions of `tokens` to `each` in file order, as each ends, and the line of each tag or
    /// value too long to read to `tooLong`; returns whether the text held any OFX structure, and whether
    /// it is cut short: `<OFX>` opened but never closed (OFX 1.0.2 §2.3 and 2.1.1 §2.3 close every
    /// aggregate, `</OFX>` last, in SGML too).
    public static func read(_ tokens: inout OFXTokenizer, each: (OFXTransaction) -> Void, tooLong: (Int) -> Void = { _ in }) -> (isOFX: Bool, truncated: Bool) {
        var reader = OFXReader()
        while let token = tokens.next() {
            if case .tooLong(let line) = token {
                tooLong(line)
                reader.pendingTag = nil
                continue
            }
            reader.consume(token)
            if !reader.transactions.isEmpty {
                reader.transactions.forEach(each)
                reader.transactions.removeAll(keepingCapacity: true)
            }
        }
        reader.finish()
        reader.transactions.forEach(each)
        return (reader.sawOFX, reader.openedOFX && !reader.closedOFX)
    }

    /// ``read(_:each:tooLong:)`` of a whole text in memory.
    public static func read(_ text: [UInt8], each: (OFXTransaction) -> Void) -> (isOFX: Bool, truncated: Bool) {
        var tokens = OFXTokenizer(text)
        return read(&tokens, each: each)
    }

    private mutating func consume(_ token: OFXTokenizer.Token) {
        switch token {
        case .open(let name, let line):
            emptyLeaf()
            (pendingTag, pendingLine) = (name, line)
            open(name, line: line)
        case .close(let name, _):
            emptyLeaf()
            pendingTag = nil
            close(name)
        case .value(let text, let line):
            if let tag = pendingTag { leaf(tag, text, line: line) }
            pendingTag = nil
        case .tooLong:
            pendingTag = nil
        }
    }

    private mutating func emptyLeaf() {
        if let tag = pendingTag, current != nil, Self.required.contains(tag) { leaf(tag, "", line: pendingLine) }
    }

    private mutating func open(_ name: String, line: Int) {
        switch name {
        case "OFX": sawOFX = true; openedOFX = true
        case "STMTTRNRS", "CCSTMTTRNRS", "BANKMSGSRSV1", "CREDITCARDMSGSRSV1": sawOFX = true
        case "STMTRS", "CCSTMTRS":
            finish()
            sawOFX = true
            isCard = name == "CCSTMTRS"
            statements += 1
            accountID = nil
            bankID = nil
            accountType = nil
            currency = nil
        case "STMTTRN":
            finish()
            sawOFX = true
            current = OFXTransaction(line: line, accountID: accountID, currency: currency, isCard: isCard)
            current?.bankID = bankID
            current?.accountType = accountType
            current?.organisation = organisation
            current?.statement = statements
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
        case "OFX": finish(); closedOFX = true
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
        case "BANKID": bankID = value
        case "ACCTTYPE": accountType = value
        case "ORG": organisation = value
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
