import GardenFoundation
/// A store failure that is not SQLite's (those are ``StoreError``): a file garden cannot create or
/// write, a value the store does not keep, a journal entry this garden cannot undo.
public enum StoreFailure: Error, CustomStringConvertible, Sendable, Equatable {
    /// A file operation failed: creating the store, writing a snapshot or the identity key, reading
    /// `/dev/urandom` (sysexits 74).
    case io(String)
    /// A new store cannot be made where it was asked: its folder is missing (only the default store's
    /// folder is created) or not writable (sysexits 73).
    case cannotCreate(String)
    /// A value the store does not keep or cannot find: an unknown link id, a document that is neither a
    /// CPF nor a CNPJ (sysexits 65).
    case invalid(String)
    /// The journal names a change this garden does not know how to undo (a store written by a newer
    /// garden, or damaged): the stored table and key (sysexits 78).
    case unknownJournalChange(table: String, key: String)

    public var description: String {
        switch self {
        case .io(let message), .invalid(let message), .cannotCreate(let message): message
        case .unknownJournalChange(let table, let key): "the journal names a change this garden cannot undo: table \(table), key \(key)"
        }
    }
}

extension StoreFailure: GardenFailure {
    /// 74 I/O (a read-only store), 73 a store that cannot be created (its folder missing or read-only), 65 a value
    /// the store does not keep or find, 78 a journal this garden cannot undo.
    public var exitCode: Int32 {
        switch self {
        case .io: Exit.ioError
        case .cannotCreate: Exit.cannotCreate
        case .invalid: Exit.dataError
        case .unknownJournalChange: Exit.config
        }
    }
}
