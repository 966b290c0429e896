import CSQLite
import GardenSQLite
import GardenLedger

extension Statement {
    /// A ledger text column (``LedgerText``): a packed BLOB, or TEXT in a store written before that format.
    public func ledgerText(_ column: Int32) -> String? {
        guard sqlite3_column_type(handle, column) == SQLITE_BLOB else { return text(column) }
        let pointer = sqlite3_column_blob(handle, column)
        let count = Int(sqlite3_column_bytes(handle, column))
        return LedgerText.unpack(UnsafeRawBufferPointer(start: pointer, count: count))
    }
}
