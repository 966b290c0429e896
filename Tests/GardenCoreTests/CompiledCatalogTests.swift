import Foundation
import Testing
@testable import GardenCore

/// The compiled catalog cache: read back, it is the catalog the data files build; damaged, it is rebuilt.
struct CompiledCatalogTests {
    static func directory() -> String {
        let path = NSTemporaryDirectory() + "garden-compiled-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func cacheFiles(_ directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasPrefix("catalog-") && $0.hasSuffix(".bin") }
    }

    @Test func aCachedCatalogIsTheBuiltOne() throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let built = try Catalog(data: DataDirectory(root: TestData.root), cacheDirectory: directory)
        #expect(Self.cacheFiles(directory).count == 1)
        let cached = try Catalog(data: DataDirectory(root: TestData.root), cacheDirectory: directory)
        #expect(cached.fingerprint == built.fingerprint)
        #expect(Array(cached.brands) == Array(built.brands))
        #expect(cached.entries == built.entries)
        #expect(cached.places.cities == built.places.cities && cached.places.codes == built.places.codes)
        #expect(cached.places.firstWordsByRest == built.places.firstWordsByRest)
        #expect(cached.places.citiesWithoutCode == built.places.citiesWithoutCode && cached.places.longestCity == built.places.longestCity)
        for text in ["SUPERMERCADO IRMAOS", "Pag*Raiadrogasilsa", "UBER EATS PENDING SF", "DL*GOOGLE YOUTUB"] {
            let a = DescriptorAnalyzer(catalog: built).analyze(TestData.transaction(#"{"description":"\#(text)"}"#))
            let b = DescriptorAnalyzer(catalog: cached).analyze(TestData.transaction(#"{"description":"\#(text)"}"#))
            #expect(a.brandMatches == b.brandMatches, "\(text)")
            #expect(a.keywordMatches.map(\.rule) == b.keywordMatches.map(\.rule), "\(text)")
        }
    }

    @Test func aDamagedCacheIsRebuilt() throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let built = try Catalog(data: DataDirectory(root: TestData.root), cacheDirectory: directory)
        let file = try #require(Self.cacheFiles(directory).first)
        let path = directory + "/" + file
        let bytes = try #require(FileManager.default.contents(atPath: path))
        FileManager.default.createFile(atPath: path, contents: bytes.prefix(bytes.count / 2))
        let rebuilt = try Catalog(data: DataDirectory(root: TestData.root), cacheDirectory: directory)
        #expect(rebuilt.entries == built.entries)
        #expect(FileManager.default.contents(atPath: path)?.count == bytes.count)
    }

    @Test func onlyTheNewestCacheFilesAreKept() throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for k in 0..<6 {
            let path = directory + "/catalog-\(k).bin"
            FileManager.default.createFile(atPath: path, contents: Data([1]))
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: Double(1_000 * k))], ofItemAtPath: path)
        }
        CompiledCatalog.prune(directory)
        #expect(Set(Self.cacheFiles(directory)) == ["catalog-2.bin", "catalog-3.bin", "catalog-4.bin", "catalog-5.bin"])
    }

    @Test func readsNeverPassTheEnd() {
        var writer = BinaryWriter()
        writer.strings(["alpha", "beta"])
        writer.array([Int32(1), -2, 3])
        var reader = BinaryReader(Array(writer.bytes.dropLast(2)))
        #expect((try? reader.strings()) == ["alpha", "beta"])
        #expect((try? reader.array(Int32.self)) == nil)
    }
}
