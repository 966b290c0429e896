import GardenCodecs
import GardenFoundation

/// Why a registry command failed, each with the exit code the CLI gives it (sysexits).
public enum RegistryError: Error, CustomStringConvertible, Equatable {
    /// A file that cannot be opened (66).
    case missingFile(String)
    /// A read, write or decompression failure (74).
    case io(String)
    /// A file garden cannot read as a registry table: unknown table name, unsupported zip method,
    /// damaged zip data (65).
    case badFile(String)
    /// The registry path names a file that is not a garden registry (another database, any other
    /// file); it is never written (78).
    case notARegistry(String)
    /// The registry (or its folder) cannot be written: nothing is imported (74).
    case readOnly(String)

    public var description: String {
        switch self {
        case .missingFile(let path): "cannot open \(path)"
        case .io(let message): message
        case .badFile(let message): message
        case .notARegistry(let path): "\(path) is not a garden registry (made by garden registry import); it was not changed"
        case .readOnly(let path): "the registry \(path) is read-only: nothing was imported"
        }
    }
}

extension RegistryError {
    /// A file or zip failure as the registry reports it: the same words and the same exit code.
    init(_ error: CodecError) {
        switch error {
        case .missingFile(let path): self = .missingFile(path)
        case .io(let message): self = .io(message)
        case .badFile(let message): self = .badFile(message)
        }
    }
}

extension RegistryError: GardenFailure {
    /// 66 a missing file, 65 an unreadable table file, 78 a registry path that is not a registry, 74 I/O and read-only.
    public var exitCode: Int32 {
        switch self {
        case .missingFile: Exit.noInput
        case .badFile: Exit.dataError
        case .notARegistry: Exit.config
        case .io, .readOnly: Exit.ioError
        }
    }
}
