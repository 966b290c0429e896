import GardenImportKit
/// The file formats `garden import` reads, and how `auto` tells them apart by content: JSON (`{` or `[`
/// first) is Pluggy when it has `results`, Open Finance when it has `data`; a file with an `<OFX>`,
/// `OFXHEADER` or `<STMTTRN>` in its first 64 KiB is OFX/QFX; anything else is CSV.
public enum ImportFormat: String, Sendable, CaseIterable {
    case auto, ofx, csv, pluggy, openfinance

    /// The format of `bytes` (never `.auto`; `.pluggy` stands for any JSON until its keys are read).
    public static func detect(_ bytes: [UInt8]) -> ImportFormat {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        let first = body.first { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
        if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") { return .pluggy }
        let head = String(decoding: body.prefix(1 << 16), as: UTF8.self).uppercased()
        if head.contains("<OFX") || head.contains("OFXHEADER") || head.contains("<STMTTRN>") { return .ofx }
        return .csv
    }
}
