/// Why a registry command failed, each with the exit code the CLI gives it (sysexits).
public enum RegistryError: Error, CustomStringConvertible, Equatable {
    /// A file that cannot be opened (66).
    case missingFile(String)
    /// A read, write or decompression failure (74).
    case io(String)
    /// A file garden cannot read as a registry table: unknown table name, unsupported zip method (65).
    case badFile(String)

    public var description: String {
        switch self {
        case .missingFile(let path): "cannot open \(path)"
        case .io(let message): message
        case .badFile(let message): message
        }
    }
}
