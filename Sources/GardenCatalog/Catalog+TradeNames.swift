import Foundation
import GardenFoundation
import GardenTradeNames

extension Catalog {
    /// The trade-name model's file in the data directory (issue 21; trained by `tools/tradenames/train.py`).
    public static let tradeNameModelFile = "Rules/trade_names.bin"

    /// The knowledge kept as a file of its own beside the image, mapped in place by its owner the first time a row
    /// needs it, and listed by `garden --version --sections` with its owner and size (layout 0: not compiled).
    /// Both are too large to copy into the image at every data change and already in a form read in place: the
    /// trade-name model (a binary file with its own sections) and the UT1 domains (193,000 lines sorted by their
    /// bytes, searched by ``SortedTSVFile``; CC BY-SA, so kept as the separate file its licence asks for), and the
    /// given-name lists the analysis reads a person's name by (``GivenNames``, sorted and searched the same way; nam_dict
    /// is GNU FDL, a file of its own), and the names many places bear that the decision reads a chain by (``ChainNames``).
    static let mappedFiles: [(id: String, owner: String, file: String)] = [
        ("trade_names", "trade_name", tradeNameModelFile),
        ("web_domains", "web_domain", "Rules/domains_ut1.tsv"),
        ("given_names_ibge", "analysis", GivenNames.ibgeFile),
        ("given_names_nam_dict", "analysis", GivenNames.namDictFile),
        ("chain_names_places", "engine", ChainNames.file),
    ]

    /// The trade-name model of `data`, mapped in place, or nil when the data directory has none.
    ///
    /// The file's CRC-32 reads all of its megabytes (~16 M instructions and every page faulted in), so it is
    /// computed once per file: a verified file leaves a mark in `cacheDirectory` named by its path, size, inode and
    /// modification and change times (``CatalogKey/fileStamp(_:)``, as the compiled catalog's key reads them), holding
    /// the CRC it stated; a later start that finds the mark for the same stamp and CRC trusts the checksum and reads only
    /// the pages it scores. Any write to the file changes its change time, so a file damaged or replaced afterwards
    /// is verified again (and refused). Without a cache directory every start verifies.
    /// - Throws: ``DataError`` naming the file when it is there but damaged (a bad magic, version, checksum or section).
    static func tradeNameModel(_ data: DataDirectory, cacheDirectory: String? = nil) throws(DataError) -> TradeNameModel? {
        guard data.contains(tradeNameModelFile) else { return nil }
        let path = data.path(tradeNameModelFile)
        let mark = cacheDirectory.map { verifiedMarkPath(directory: $0, model: path) }
        do {
            if let mark, let stated = try? String(contentsOfFile: mark, encoding: .utf8) {
                let model = try TradeNameModel(contentsOf: path, checksum: .trusted)
                if stated == String(model.storedChecksum, radix: 16) { return model }
            }
            let model = try TradeNameModel(contentsOf: path)
            if let mark { saveVerifiedMark(String(model.storedChecksum, radix: 16), to: mark) }
            return model
        } catch {
            throw DataError(file: tradeNameModelFile, line: 0, "damaged trade-name model: \(error)")
        }
    }

    /// The mark of a verified model file in `directory`: `trade-names-` + FNV-1a of the path and its stamp.
    static func verifiedMarkPath(directory: String, model path: String) -> String {
        var hasher = FNV1a()
        hasher.combine(path)
        hasher.combine(CatalogKey.fileStamp(path))
        return directory + "/trade-names-" + hasher.hex + ".verified"
    }

    /// Writes the mark (best effort, atomically: a read-only or missing directory only means the next start verifies
    /// again); keeps the four most recent marks.
    static func saveVerifiedMark(_ text: String, to mark: String) {
        CompiledCatalog.save(Array(text.utf8), to: mark, prefix: "trade-names-", suffix: ".verified")
    }
}
