import Foundation
import Testing
@testable import GardenFoundation
@testable import GardenCatalog

/// The trade-name model's CRC-32 is computed once per file (issue 26, cold start): a verified file leaves a mark
/// in the cache directory, a later start trusts the checksum of that same file, and a file written since is verified
/// again and refused when damaged.
struct TradeNameModelMarkTests {
    /// A data directory holding only a copy of the shipped model (Rules/trade_names.bin), and a cache directory.
    static func folders() throws -> (data: DataDirectory, cache: String, model: String) {
        let root = NSTemporaryDirectory() + "garden-marks-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root + "/data/Rules", withIntermediateDirectories: true)
        let model = root + "/data/" + Catalog.tradeNameModelFile
        try FileManager.default.copyItem(atPath: TestData.root.appendingPathComponent(Catalog.tradeNameModelFile).path, toPath: model)
        return (DataDirectory(root: URL(fileURLWithPath: root + "/data")), root + "/cache", model)
    }

    static func marks(_ cache: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: cache)) ?? []).filter { $0.hasPrefix("trade-names-") && $0.hasSuffix(".verified") }
    }

    /// Flips one weight byte near the end of the file in place (a write: the file's change time moves).
    static func damage(_ path: String) throws {
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        defer { try? handle.close() }
        let end = try handle.seekToEnd()
        try handle.seek(toOffset: end - 1000)
        let byte = try #require(try handle.read(upToCount: 1)).first! ^ 0x40
        try handle.seek(toOffset: end - 1000)
        try handle.write(contentsOf: [byte])
    }

    static func refused(_ data: DataDirectory, _ cache: String?) -> Bool {
        do {
            _ = try Catalog.tradeNameModel(data, cacheDirectory: cache)
            return false
        } catch {
            return error.description.contains("CRC-32")
        }
    }

    @Test func aVerifiedFileLeavesOneMarkAndLoadsAgain() throws {
        let (data, cache, model) = try Self.folders()
        defer { try? FileManager.default.removeItem(atPath: (cache as NSString).deletingLastPathComponent) }
        let first = try #require(try Catalog.tradeNameModel(data, cacheDirectory: cache))
        #expect(Self.marks(cache) == [(Catalog.verifiedMarkPath(directory: cache, model: model) as NSString).lastPathComponent])
        let again = try #require(try Catalog.tradeNameModel(data, cacheDirectory: cache))
        #expect(again.storedChecksum == first.storedChecksum && again.categories == first.categories)
        #expect(again.top("padaria sao jose") == first.top("padaria sao jose"))
        #expect(Self.marks(cache).count == 1)
    }

    @Test func aFileDamagedAfterItsMarkIsRefused() throws {
        let (data, cache, model) = try Self.folders()
        defer { try? FileManager.default.removeItem(atPath: (cache as NSString).deletingLastPathComponent) }
        _ = try Catalog.tradeNameModel(data, cacheDirectory: cache)
        try Self.damage(model)
        #expect(Self.refused(data, cache))
        #expect(Self.refused(data, nil))
    }

    /// The mark is what skips the checksum: a mark forged for a damaged file's current stamp loads it (so a start
    /// with a mark reads none of the weights it does not score), one stating another CRC does not.
    @Test func aMarkForTheCurrentStampSkipsTheChecksum() throws {
        let (data, cache, model) = try Self.folders()
        defer { try? FileManager.default.removeItem(atPath: (cache as NSString).deletingLastPathComponent) }
        let stored = try #require(try Catalog.tradeNameModel(data, cacheDirectory: cache)).storedChecksum
        try Self.damage(model)
        let mark = Catalog.verifiedMarkPath(directory: cache, model: model)
        Catalog.saveVerifiedMark(String(stored &+ 1, radix: 16), to: mark)
        #expect(Self.refused(data, cache))
        Catalog.saveVerifiedMark(String(stored, radix: 16), to: mark)
        #expect(!Self.refused(data, cache))
    }
}
