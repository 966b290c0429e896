import GardenFoundation
import GardenImport

/// The one reader of rows every command uses — `resolve` and `eval` lines, the row `explain` and `teach`
/// read on stdin, the stored rows `recategorize`, `undo` and `teach` read back from the ledger — with one
/// error contract: a row that cannot be read is never dropped silently; the command reports it as
/// `garden: line N: <reason>` (an input line) or `garden: row ID: <reason>` (a stored row).
public struct RowReader: Sendable {
    public var transactions: TransactionReader

    public init(_ transactions: TransactionReader = TransactionReader()) {
        self.transactions = transactions
    }

    /// Why a row cannot be read: `not JSON: column 3: …`, `field "amount": not a number: "12,34,5"`.
    public struct RejectReason: Error, CustomStringConvertible {
        public var description: String
        package init(_ text: String) { description = text }
    }

    /// A stored row that cannot be read, named by its row id: `row ID: <reason>`.
    public struct StoredRowError: Error, CustomStringConvertible {
        public var rowID: String
        public var reason: RejectReason
        public var description: String { "row \(rowID): \(reason)" }
    }

    /// Parses one JSON line and reads it into a transaction.
    public func read(_ line: [UInt8]) -> Result<(JSONDocument, Transaction), RejectReason> {
        let doc: JSONDocument
        do {
            doc = try JSONScanner.parse(line)
        } catch {
            if error.message == "invalid UTF-8" { return .failure(RejectReason("invalid UTF-8 at byte \(error.column)")) }
            return .failure(RejectReason(error.description))
        }
        do {
            return .success((doc, try transactions.read(doc)))
        } catch {
            return .failure(RejectReason(error.description))
        }
    }

    /// Reads a ledger row's input line; `rowID`: the row it was recorded as (it stays the row's id).
    public func read(stored raw: String, rowID: String) throws(StoredRowError) -> (JSONDocument, Transaction) {
        switch read(Array(raw.utf8)) {
        case .failure(let reason): throw StoredRowError(rowID: rowID, reason: reason)
        case .success(let (doc, read)):
            var transaction = read
            transaction.knownRowID = rowID
            return (doc, transaction)
        }
    }
}

extension RowReader.RejectReason: GardenFailure {
    /// A line that is not a row: bad input, 65.
    public var exitCode: Int32 { Exit.dataError }
}

extension RowReader.StoredRowError: GardenFailure {
    /// A stored row that cannot be read back: bad input, 65.
    public var exitCode: Int32 { Exit.dataError }
}
