import Foundation
import GardenFoundation
import GardenTradeNames

extension Catalog {
    /// The trade-name model's file in the data directory (issue 21; trained by `tools/tradenames/train.py`).
    public static let tradeNameModelFile = "Rules/trade_names.bin"

    /// The trade-name model of `data`, mapped in place, or nil when the data directory has none.
    /// - Throws: ``DataError`` naming the file when it is there but damaged (a bad magic, version, checksum or section).
    static func tradeNameModel(_ data: DataDirectory) throws(DataError) -> TradeNameModel? {
        let path = data.root.appendingPathComponent(tradeNameModelFile).path
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        do { return try TradeNameModel(contentsOf: path) } catch {
            throw DataError(file: tradeNameModelFile, line: 0, "damaged trade-name model: \(error)")
        }
    }
}
