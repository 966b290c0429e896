/// Why a file could not be read as a byte stream or a zip archive; its words are what the user is shown.
public enum CodecError: Error, CustomStringConvertible, Equatable {
    /// A file that cannot be opened.
    case missingFile(String)
    /// A read or seek failure, or zlib that cannot start.
    case io(String)
    /// Bytes that are not what the format says: a damaged zip, an unsupported method, a cut entry.
    case badFile(String)

    public var description: String {
        switch self {
        case .missingFile(let path): "cannot open \(path)"
        case .io(let message): message
        case .badFile(let message): message
        }
    }
}
