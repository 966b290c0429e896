import GardenFoundation
/// Why a store cannot be opened the way asked, before any SQL runs against it.
public enum StoreRefusal: Error, CustomStringConvertible, Sendable {
    /// No file at the path (sysexits 66).
    case missing(String)
    /// The file is there but cannot be read as asked: not a garden store, another schema version, or a
    /// pending write-ahead log under an immutable open (sysexits 78). The second value says why and what to do.
    case unusable(String, String)
    /// garden will not use the file, and says why and what to do: someone else's SQLite database, a
    /// schema newer than this garden's, a missing or damaged identity key (sysexits 78, the file untouched).
    case refused(String)

    public var description: String {
        switch self {
        case .missing(let path): "no store at \(path)"
        case .unusable(let path, let why): "cannot read the store \(path): \(why)"
        case .refused(let why): why
        }
    }
}

extension StoreRefusal: GardenFailure {
    /// 66 for a store that is not there, 78 for a file garden does not use as its store.
    public var exitCode: Int32 {
        if case .missing = self { return Exit.noInput }
        return Exit.config
    }
}
