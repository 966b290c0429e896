import GardenFoundation
import GardenImportKit

/// Reads aggregator API responses: a Pluggy transactions page (`{"results": [...], "page": …}`) and an
/// Open Finance Brasil transactions response (`{"data": [...], "links": …, "meta": …}`), or a bare
/// array of either. Each transaction is read by GardenFoundation's ``TransactionReader`` (the same field
/// mapping `resolve` applies to such lines: direction from `type` / `creditDebitType`, amounts signed
/// from it) and written back as a canonical row, so the account's point of view holds here too. Every
/// element is read in the shape of the response it is in (a Pluggy page's rows as Pluggy rows, even
/// without the keys `resolve` needs to tell them apart).
public struct ProviderJSONImporter {
    public enum Kind: String, Sendable { case pluggy, openfinance }

    public var account: String?
    public var utcOffsetMinutes: Int
    /// The Pluggy account objects read so far (this file's and the run's files before it): a row of an `accountId`
    /// among them is a row of the account itself, not of the connection (ledger6, F10).
    public var accounts = ProviderAccounts()

    public init(account: String?, utcOffsetMinutes: Int = -180) {
        self.account = account
        self.utcOffsetMinutes = utcOffsetMinutes
    }

    /// The kind of a parsed response: `results` is Pluggy, `data` Open Finance; nil for neither.
    public static func kind(of doc: JSONDocument) -> Kind? {
        guard doc[doc.root].kind == .object else { return nil }
        if doc.member("results", of: doc.root) != nil { return .pluggy }
        if doc.member("data", of: doc.root) != nil { return .openfinance }
        return nil
    }

    /// Reads a response from `source` (its raw bytes: JSON is UTF-8), handing each transaction's row to
    /// `sink` as soon as it is read; `expected` is the kind asked for with `--format` (the keys decide when
    /// they can: the first of `results` and `data` holding an array is read). A transaction the reader
    /// rejects is an error naming its line and field; a response that stops being JSON is an error at its
    /// line and column, after the transactions before it.
    public func read(_ source: ImportSource, file: String, expected: Kind?, into sink: ImportSink) {
        sink.result.readAs = "json"
        var stream = ProviderJSONStream(source)
        var kind = expected ?? .pluggy
        var identifier = RowIdentifier(source: kind.rawValue)
        do {
            let outline = try stream.read(keys: ["results", "data"], begin: { key in
                kind = key.map { $0 == "results" ? .pluggy : .openfinance } ?? kind
                identifier = RowIdentifier(source: kind.rawValue)
                sink.result.readAs = kind.rawValue
            }, each: { bytes, line, index in
                element(bytes, line: line, index: index, kind: kind, identifier: &identifier, file: file, sink: sink)
            }, tooLong: { line, index in
                sink.reject(ImportError(file: file, line: line, field: "[\(index)]",
                                        "a transaction longer than \(ProviderJSONStream.maximumElementLength) bytes (1 MiB): skipped"))
            })
            if !outline.sawArray {
                let known = outline.misshapenKey != nil || expected != nil
                let field = outline.misshapenKey ?? (kind == .pluggy ? "results" : "data")
                sink.reject(known
                    ? ImportError(file: file, line: 1, field: field, "expected an array of transactions")
                    : ImportError(file: file, line: 1, "neither \"results\" (a Pluggy page) nor \"data\" (an Open Finance response) holds an array of transactions"))
            }
        } catch {
            sink.reject(ImportError(file: file, line: error.line, "not JSON: column \(error.column): \(error.message)"))
        }
    }

    /// Reads one element of the transaction array into a row (or the error naming its line and field).
    private func element(_ bytes: [UInt8], line: Int, index: Int, kind: Kind, identifier: inout RowIdentifier, file: String, sink: ImportSink) {
        do {
            let one = try JSONScanner.parse(bytes)
            if kind == .pluggy, ProviderAccounts.isAccount(one) {
                // A Pluggy Account object (a `GET /accounts` page): what its `id`'s rows are rows of, not a transaction.
                if let read = ProviderAccounts.read(one) {
                    accounts.keep(read.account, for: read.id)
                    sink.result.skip(line, "Pluggy account \"\(read.account.name)\" (the account of its rows in the pages after it)")
                } else {
                    sink.result.skip(line, "Pluggy account without a number (its rows keep the connection's account id)")
                }
                return
            }
            let transaction = try TransactionReader(utcOffsetMinutes: utcOffsetMinutes).read(one, shape: kind == .pluggy ? .pluggy : .openFinanceAccount)
            try Self.requireAmountAndDate(transaction)
            var row = Self.row(transaction, account: account)
            readLinkingFields(one, into: &row)
            if transaction.format == .pluggy {
                row.accountSourceID = transaction.account
                if let known = accounts.identity(of: transaction.account) {
                    // The account itself, whatever connection brought the row: its key, name and type.
                    row.accountKey = known.key
                    row.account = account ?? known.name
                    row.accountLabel = account
                    if row.accountType == nil { row.accountType = known.type }
                }
            }
            row.line = line
            let native = row.id
            row.id = identifier.id(for: row, account: nil, native: native.isEmpty ? nil : native)   // provider ids are global
            sink.emit(row)
        } catch let error as InputError {
            sink.reject(ImportError(file: file, line: line, field: error.field.map { "[\(index)].\($0)" }, error.message))
        } catch let error as JSONScanner.SyntaxError {
            let before = bytes.prefix(max(0, error.column - 1))
            sink.reject(ImportError(file: file, line: line + before.filter { $0 == 0x0A }.count, field: "[\(index)]", error.description))
        } catch {
            sink.reject(ImportError(file: file, line: line, "\(error)"))
        }
    }

    /// What `garden link` reads from a Pluggy transaction beyond what resolving does (hostile10 F17: dropped by the
    /// import, the plan and the Pix pair were lost): `creditCardMetadata.purchaseDate` and `totalAmount` (the
    /// parcel's purchase and the plan's total as given) and `paymentData.referenceNumber` when it is a Pix end-to-end
    /// id. Read as ``InputExtras`` reads them from the transaction given to `resolve` directly.
    private func readLinkingFields(_ doc: JSONDocument, into row: inout ImportedRow) {
        let root = doc.root
        if row.installment != nil, let card = doc.member("creditCardMetadata", of: root), doc[card].kind == .object {
            row.purchaseDate = doc.string(doc.member("purchaseDate", of: card)).flatMap { CalendarDate.pluggyLocalDate($0, utcOffsetMinutes: utcOffsetMinutes) }
            row.installmentTotalAmount = doc.scalarText(doc.member("totalAmount", of: card))     // as given; `link` reads it
        }
        if let payment = doc.member("paymentData", of: root), doc[payment].kind == .object,
           let reference = doc.string(doc.member("referenceNumber", of: payment)), PixEndToEndID.isValid(reference) {
            row.endToEndID = reference
        }
    }

    /// A bank transaction always has an amount and a date: one without is an error naming the field,
    /// never a row written without them (which `resolve` would take for an amount of nothing).
    static func requireAmountAndDate(_ t: Transaction) throws(InputError) {
        let (amountField, dateField) = fields(t)
        if t.amount == nil { throw InputError(field: amountField, "the transaction has no amount") }
        if t.date == nil { throw InputError(field: dateField, "the transaction has no date") }
    }

    /// The names of a transaction's amount and date fields in its provider's shape.
    static func fields(_ t: Transaction) -> (amount: String, date: String) {
        switch t.format {
        case .openFinanceCard: ("brazilianAmount", "transactionDateTime")
        case .openFinanceAccount: ("transactionAmount", "transactionDateTime")
        default: ("amount", "date")
        }
    }

    /// The canonical row of a transaction read from a provider's shape; a CPF as the counterparty's
    /// document is written masked (`•••.456.789-••`), as everything garden writes.
    static func row(_ t: Transaction, account: String?) -> ImportedRow {
        var row = ImportedRow()
        row.id = t.id ?? ""
        row.date = t.date
        row.amount = t.amount
        row.amountText = t.amount?.decimalString
        row.description = t.descriptorText
        row.memo = t.memo
        row.account = account ?? t.account
        // The aggregator's account id is the account's identity (``AccountKey``); `--account` names it.
        row.accountKey = t.accountKey
        row.accountLabel = t.accountKey == nil ? nil : account
        if t.accountKey == nil, let account { row.accountKey = AccountKey.unstated("provider", label: account) }
        row.paymentMethod = t.paymentMethod
        row.providerCategory = t.providerCategoryName ?? t.providerCategoryID
        row.counterpartyDocument = t.counterpartyDocument.map { CPF.mask($0) ?? $0 }
        row.counterpartyName = t.counterpartyName
        row.mcc = t.mcc
        row.cnae = t.cnae
        row.barcode = t.barcode
        row.status = t.status.isUnsettled ? t.status : nil
        row.originalAmount = t.originalAmount
        row.installment = t.installment
        return row
    }
}
