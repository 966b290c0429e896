import GardenFoundation
import GardenImportKit

/// Turns an OFX/QFX file's `<STMTTRN>`s into ``ImportedRow``s: `TRNAMT` exact (decimal comma too),
/// the date from `DTPOSTED`'s first 8 digits (else `DTUSER`), `NAME` as the description and `MEMO` as
/// the memo (`MEMO` alone when `NAME` is missing or holds no letter), `CHECKNUM`, the payment method
/// from `TRNTYPE` (card statements: `credit_card` for money out), `FITID` as `source_id`.
///
/// A transaction whose amount or date cannot be read is an ``ImportError`` naming its line and tag;
/// the other transactions are still imported. A file whose `<OFX>` is never closed is cut short: its
/// transactions are imported and the end of the file is reported as an error.
public struct OFXImporter {
    public var account: String?
    public var methods: PaymentMethodTable

    public init(account: String?, methods: PaymentMethodTable) {
        self.account = account
        self.methods = methods
    }

    /// Reads the OFX text of `text` (already decoded), handing each row to `sink` as soon as it ends, in file
    /// order; `file` names it in messages. Each row's id is ``RowIdentifier``'s (its content and occurrence, among
    /// the rows of its statement's account), never its `FITID`, which a bank may print on several rows (Nubank puts
    /// an IOF line under its purchase's): the `FITID` is kept as the row's `source_id`.
    public func read(_ text: TextChunks, file: String, into sink: ImportSink) {
        sink.result.readAs = "ofx"
        var ids = RowIdentifier(source: "ofx")
        var printed = PrintedTwice()
        var tokens = OFXTokenizer(text)
        let (isOFX, truncated) = OFXReader.read(&tokens, each: { transaction in
            switch row(transaction, file: file) {
            case .success(var row):
                row.sourceID = transaction.value("FITID")
                // One transaction printed in two statements of the file (overlapping STMTRS of one account): the same
                // FITID, which OFX makes unique within an account (OFX 2.1.1 §3.2.1), with the same content, is one
                // transaction, read once. (Nubank's reused FITIDs hold another content: those stay rows of their own.)
                if let fitid = row.sourceID, !fitid.isEmpty,
                   printed.again(Self.key([row.accountKey ?? "", fitid, RowIdentifier.contentHash(row)]), statement: transaction.statement) {
                    sink.result.skip(row.line, "the same transaction as an earlier statement of the file (FITID \(fitid))")
                    return
                }
                row.id = ids.id(for: row, account: transaction.accountID ?? account, native: nil)
                sink.emit(row)
            case .failure(let error):
                sink.reject(error)
            }
        }, tooLong: { line in
            sink.reject(ImportError(file: file, line: line, "a tag or value longer than \(OFXTokenizer.maximumTokenLength) bytes (1 MiB): skipped"))
        })
        guard isOFX else {
            sink.reject(ImportError(file: file, line: 1, "not an OFX file: no <OFX> or <STMTTRN> element"))
            return
        }
        if truncated {
            sink.reject(ImportError(file: file, line: tokens.currentLine, field: "OFX",
                                    "the file ends before </OFX>: cut short? (\(sink.result.count) transactions read up to here)"))
        }
    }

    /// Transactions a later statement of the file prints again: a key (account, `FITID`, content) seen `n` times in
    /// an earlier statement is skipped the first `n` times a later statement prints it. Inside one statement two
    /// equal lines under one `FITID` stay two rows (an exporter that gives every line the same `FITID` would otherwise
    /// lose a second equal purchase). Bounded: past ``RecentCounts/window`` keys it starts afresh.
    struct PrintedTwice {
        private var seen: [UInt64: (statement: Int, count: Int, earlier: Int)] = [:]

        mutating func again(_ key: UInt64, statement: Int) -> Bool {
            if seen.count >= RecentCounts.window { seen.removeAll(keepingCapacity: true) }
            var entry = seen[key] ?? (statement, 0, 0)
            if entry.statement != statement { entry = (statement, 0, max(entry.earlier, entry.count)) }
            entry.count += 1
            seen[key] = entry
            return entry.count <= entry.earlier
        }
    }

    /// A 64-bit key of texts.
    private static func key(_ parts: [String]) -> UInt64 {
        var hash = FNV1a()
        for part in parts { hash.combine(part); hash.combine("\u{1F}") }
        return hash.value
    }

    /// The row's account: its identity is what the statement states (``AccountKey``: `ofx:<BANKID>/<ACCTID>`, a card's
    /// `ofx:card/<ACCTID>`), `--account` only names it; its name, without `--account`, is the `ACCTID`; its type
    /// the statement's (``AccountType/ofx(isCard:accountType:)``). A statement without `ACCTID` states no account: the
    /// layout's default (`file:ofx`), or the `--account` given.
    static func describeAccount(_ row: inout ImportedRow, _ t: OFXTransaction, label: String?) {
        row.accountType = AccountType.ofx(isCard: t.isCard, accountType: t.accountType)
        guard let id = t.accountID?.trimmingASCIISpaces(), !id.isEmpty else {
            row.accountKey = AccountKey.unstated("ofx", label: label)
            row.account = label
            row.accountDefault = label == nil ? "OFX account" : nil
            return
        }
        row.accountKey = AccountKey.stated("ofx", (t.isCard ? "card" : t.bankID?.trimmingASCIISpaces() ?? "") + "/" + id)
        row.accountLabel = label
        row.account = label ?? t.accountID
    }

    /// One transaction's row, or the error naming its line and tag.
    func row(_ t: OFXTransaction, file: String) -> Result<ImportedRow, ImportError> {
        var row = ImportedRow()
        row.line = t.line
        let currencyText = t.currency ?? "BRL"
        guard let currency = CurrencyCode(currencyText) else {
            return .failure(ImportError(file: file, line: t.line, field: "CURDEF", "unknown ISO 4217 currency \"\(currencyText)\""))
        }
        guard let (amountText, amountLine) = t.fields["TRNAMT"] else {
            return .failure(ImportError(file: file, line: t.line, field: "TRNAMT", "the transaction has no amount"))
        }
        switch AmountText.parse(amountText, currency: currency) {
        case .success(let amount):
            row.amount = amount.money
            row.amountText = amount.money.decimalString         // exact (AmountText refuses what it would round)
        case .failure(let error):
            return .failure(ImportError(file: file, line: amountLine, field: "TRNAMT", error.message))
        }
        guard let (dateText, dateLine) = t.fields["DTPOSTED"] ?? t.fields["DTUSER"] else {
            return .failure(ImportError(file: file, line: t.line, field: "DTPOSTED", "the transaction has no date"))
        }
        guard let date = DateText.ofx(dateText) else {
            let field = t.fields["DTPOSTED"] != nil ? "DTPOSTED" : "DTUSER"
            return .failure(ImportError(file: file, line: dateLine, field: field, "not a date: \"\(dateText)\" (expected YYYYMMDD…)"))
        }
        row.date = date
        describe(&row, t)
        Self.describeAccount(&row, t, label: account)
        row.checkNumber = t.value("CHECKNUM")
        row.paymentMethod = methods.method(for: t.value("TRNTYPE"))
        if t.isCard, row.paymentMethod == nil, (row.amount?.minorUnits ?? 0) < 0 { row.paymentMethod = .creditCard }
        return .success(row)
    }

    /// The most characters OFX lets `NAME` hold (OFX 1.6 and 2.1.1, "NAME A-32"): banks cut a longer payee there,
    /// and many print the whole text in `MEMO`.
    public static let nameLength = 32

    /// `NAME` (or a text `PAYEE`) is the descriptor and `MEMO` the memo; a `NAME` without letters (a
    /// placeholder such as `000000000000000`) yields the descriptor to `MEMO` but is kept as the memo. A `NAME` of
    /// ``nameLength`` characters that `MEMO` continues (`AMAZON MKTPLACE PMTS AMZN.COM/BI`, `MEMO` `… AMZN.COM/BILL WA`)
    /// was cut by the format: the descriptor is `MEMO`'s whole text, as the bank's CSV prints it (issue 33, B18).
    private func describe(_ row: inout ImportedRow, _ t: OFXTransaction) {
        var name = t.value("NAME") ?? t.value("PAYEE")
        let memo = t.value("MEMO")
        if let cut = name, cut.count == Self.nameLength, let memo, memo.count > cut.count, memo.hasPrefix(cut) { name = memo }
        let nameHasLetters = name?.contains(where: \.isLetter) ?? false
        if let name, nameHasLetters || memo == nil {
            row.description = name
            row.memo = memo
        } else {
            row.description = memo ?? ""
            row.memo = name
        }
    }
}
