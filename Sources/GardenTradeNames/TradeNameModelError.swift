/// Why a trade-name model file could not be used. The file is never partly trusted: any of these means no model.
public enum TradeNameModelError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file cannot be opened, read or mapped (`errno` text).
    case unreadable(path: String, reason: String)
    /// The first four bytes are not `GTNM`: not a trade-name model.
    case notAModel
    /// A model of another format version than this scorer reads.
    case unsupportedVersion(UInt32)
    /// The CRC-32 of the file after its fixed header differs from the one stored: damaged or truncated.
    case checksumMismatch(stored: UInt32, computed: UInt32)
    /// A section's size or a count is impossible (past the end, a bucket width out of range, a class id not ASCII).
    case malformed(String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "cannot read the trade-name model \(path): \(reason)"
        case .notAModel: "not a trade-name model file (no GTNM mark)"
        case .unsupportedVersion(let v): "trade-name model format \(v) is not the one this garden reads (\(TradeNameModel.formatVersion))"
        case .checksumMismatch(let stored, let computed):
            "trade-name model damaged: CRC-32 \(String(computed, radix: 16)) where the file says \(String(stored, radix: 16)); rebuild it with tools/tradenames/train.py"
        case .malformed(let what): "trade-name model malformed: \(what)"
        }
    }
}
