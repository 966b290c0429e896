import GardenFoundation

/// Why a file, or one row of it, could not be imported. Printed as `FILE:LINE: field "F": message`, with
/// anything CPF-shaped in it masked (`•••.456.789-••`): a message quotes the cell it could not read, and
/// that cell may hold someone's CPF.
public struct ImportError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file as named on the command line.
    public var file: String
    /// 1-based line; 0 when the fault is the file as a whole.
    public var line: Int
    /// The field at fault, named as the file names it (`TRNAMT`, `DTPOSTED`, the CSV column header).
    public var field: String?
    public var message: String

    public init(file: String, line: Int, field: String? = nil, _ message: String) {
        self.file = file
        self.line = line
        self.field = field
        self.message = message
    }

    public var description: String {
        let place = line > 0 ? "\(file):\(line)" : file
        guard let field else { return CPFScrubber.scrub("\(place): \(message)") }
        return CPFScrubber.scrub("\(place): field \"\(field)\": \(message)")
    }
}

extension ImportError: GardenFailure {
    /// A file, or a row of it, that cannot be read as a statement is bad input: 65 (a file that cannot be opened is
    /// said before any is read, as missing input, 66).
    public var exitCode: Int32 { Exit.dataError }
}
