import GardenFoundation

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

    /// The rows of a response's bytes; `expected` is the kind asked for with `--format` (the keys decide
    /// when they can). A transaction the reader rejects is an error naming its line and field.
    public func read(_ bytes: [UInt8], file: String, expected: Kind?, emit: (ImportedRow) -> Void) -> ImportResult {
        var result = ImportResult()
        result.readAs = "json"
        let doc: JSONDocument
        do {
            doc = try JSONScanner.parse(bytes)
        } catch {
            let line = bytes.prefix(error.column - 1).filter { $0 == 0x0A }.count + 1
            result.errors.append(ImportError(file: file, line: line, error.description))
            return result
        }
        let kind = Self.kind(of: doc) ?? expected ?? .pluggy
        result.readAs = kind.rawValue
        let list = doc[doc.root].kind == .array ? doc.root : doc.member(kind == .pluggy ? "results" : "data", of: doc.root)
        guard let list, doc[list].kind == .array else {
            let known = Self.kind(of: doc) != nil || expected != nil
            result.errors.append(known
                ? ImportError(file: file, line: 1, field: kind == .pluggy ? "results" : "data", "expected an array of transactions")
                : ImportError(file: file, line: 1, "neither \"results\" (a Pluggy page) nor \"data\" (an Open Finance response) holds an array of transactions"))
            return result
        }
        var identifier = RowIdentifier(source: kind.rawValue)
        var line = 1, counted = 0                 // lines counted up to byte `counted`, element by element
        for (index, element) in doc.children(of: list).enumerated() {
            let start = Int(doc[element].start)
            line += doc.bytes[counted..<start].filter { $0 == 0x0A }.count
            counted = start
            do {
                let one = try JSONScanner.parse(Array(doc.raw(element)))
                let transaction = try TransactionReader(utcOffsetMinutes: utcOffsetMinutes).read(one, shape: kind == .pluggy ? .pluggy : .openFinanceAccount)
                try Self.requireAmountAndDate(transaction)
                var row = Self.row(transaction, account: account)
                row.line = line
                let native = row.id
                row.id = identifier.id(for: row, account: nil, native: native.isEmpty ? nil : native)   // provider ids are global
                if transaction.amountRounded, let amount = transaction.amount {
                    result.notes.append(ImportError(file: file, line: line, field: "[\(index)].\(Self.fields(transaction).amount)",
                                                    "more digits than \(amount.currency.code) minor units: rounded half to even to \(amount.decimalString)"))
                }
                emit(row)
                result.count += 1
            } catch let error as InputError {
                result.errors.append(ImportError(file: file, line: line, field: error.field.map { "[\(index)].\($0)" }, error.message))
            } catch {
                result.errors.append(ImportError(file: file, line: line, "\(error)"))
            }
        }
        return result
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
        row.paymentMethod = t.paymentMethod
        row.providerCategory = t.providerCategoryName ?? t.providerCategoryID
        row.counterpartyDocument = t.counterpartyDocument.map { CPF.mask($0) ?? $0 }
        row.counterpartyName = t.counterpartyName
        row.mcc = t.mcc
        row.cnae = t.cnae
        row.barcode = t.barcode
        return row
    }
}
