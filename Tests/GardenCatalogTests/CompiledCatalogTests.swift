import Foundation
import Testing
@testable import GardenFoundation
@testable import GardenCatalog
@testable import GardenAnalysis
import GardenImage
import GardenNames

/// The compiled catalog cache: read back, it is the catalog the data files build; damaged, it is rebuilt.
struct CompiledCatalogTests {
    static func directory() -> String {
        let path = NSTemporaryDirectory() + "garden-compiled-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// A new folder holding a copy of the repository's data files (Rules, Brands, CNAE).
    static func copyOfTheData() throws -> String {
        let data = directory()
        for folder in ["Rules", "Brands", "CNAE"] {
            try FileManager.default.copyItem(atPath: TestData.root.path + "/" + folder, toPath: data + "/" + folder)
        }
        return data
    }

    static func cacheFiles(_ directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasPrefix("catalog-") && $0.hasSuffix(".bin") }
    }

    /// `BrandTable.flags(_:)` and `trades(_:in:)` read a brand in place, decoding it on first use: the same answers as
    /// the decoded brand's own fields, whichever is asked first (a fresh table: read in place before any copy).
    @Test func aBrandReadInPlaceIsTheDecodedBrand() throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        _ = try Catalog(data: DataDirectory(root: TestData.root), cacheDirectory: directory)
        let fresh = try Catalog(data: DataDirectory(root: TestData.root), cacheDirectory: directory)
        let other = try Catalog(data: DataDirectory(root: TestData.root), cacheDirectory: directory)
        #expect(fresh.brands.count > 100)
        var flagged = 0, scoped = 0
        for index in fresh.brands.indices {
            let flags = fresh.brands.flags(index)
            let trades = [nil, "BR", "US", "CA"].map { fresh.brands.trades(index, in: $0) }
            let brand = other.brands[index]
            #expect(fresh.brands[index] == brand)
            #expect(flags == brand.flags)
            #expect(trades == [nil, "BR", "US", "CA"].map { brand.trades(in: $0) })
            if !flags.isEmpty { flagged += 1 }
            if trades.contains(false) { scoped += 1 }
        }
        // The catalog has brands with flags and brands of some countries only: both answers were asked.
        #expect(flagged > 0 && scoped > 0)
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
        #expect(cached.places.cities.keys == built.places.cities.keys && cached.places.codes == built.places.codes)
        #expect(cached.places.firstWordsByRest.all == built.places.firstWordsByRest.all)
        #expect(cached.places.citiesWithoutCode.keys == built.places.citiesWithoutCode.keys && cached.places.longestCity == built.places.longestCity)
        func operationTypes(_ catalog: Catalog) -> [String: LineRule] {
            catalog.shipped.views(for: [Shipped.operationTypes], reader: "test").view(Shipped.operationTypes)
        }
        #expect(cached.keywords == built.keywords && cached.bankLines == built.bankLines && operationTypes(cached) == operationTypes(built))
        #expect(cached.analysis.tradeWords.keys == built.analysis.tradeWords.keys && cached.analysis.patternWords.set == built.analysis.patternWords.set)
        for text in ["SUPERMERCADO IRMAOS", "Pag*Raiadrogasilsa", "UBER EATS PENDING SF", "DL*GOOGLE YOUTUB"] {
            let a = DescriptorAnalyzer(built.analysis).analyze(TestData.transaction(#"{"description":"\#(text)"}"#))
            let b = DescriptorAnalyzer(cached.analysis).analyze(TestData.transaction(#"{"description":"\#(text)"}"#))
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

    /// The catalog as the data files build it, without a cache: what a cached image must equal.
    @Test func theImageReadBackHoldsWhatTheFilesSay() throws {
        let catalog = try Catalog(data: DataDirectory(root: TestData.root))
        let places = PlaceNames(try DataDirectory(root: TestData.root).tsv("Rules/places.tsv", minimumColumns: 2))
        #expect(Set(catalog.places.cities.keys) == places.cities)
        #expect(catalog.places.cities.contains("sao paulo") && !catalog.places.cities.contains("sao paul"))
        #expect(catalog.places.firstWordsByRest.all == places.firstWordsByRest)
        #expect(catalog.brandByID["br_uber"].map { catalog.brands[$0].id } == "br_uber")
        #expect(catalog.brandByID["br_no_such_brand"] == nil)
        let data = DataDirectory(root: TestData.root)
        // Every field of every rule survives the image (a field the image leaves out fails here).
        let keywords = try Catalog.keywords(data.tsv("Rules/keywords.tsv", minimumColumns: 5),
                                            tradeWords: data.tsv("Rules/trade_words.tsv", minimumColumns: 5), taxonomy: catalog.taxonomy)
        #expect(catalog.keywords == keywords)
        let bankLines = try Catalog.bankLines(["Rules/bank_lines.tsv"] + data.files(in: "Rules/banks"), taxonomy: catalog.taxonomy) { name, columns throws(DataError) in
            try data.tsv(name, minimumColumns: columns)
        }
        #expect(catalog.bankLines == bankLines && bankLines.contains { $0.memoOnly } && bankLines.contains { $0.yieldsToPayee })
        let mcc = try MCCMap.parse(data.tsv("Rules/mcc.tsv", minimumColumns: 2), taxonomy: catalog.taxonomy)
        #expect(catalog.mcc.count == mcc.count)
        for (code, mapping) in mcc { #expect(catalog.mcc[Int(code)!] == mapping) }
        #expect(catalog.mcc[9998] == nil)
        #expect(catalog.cnae.lookup("4711302")?.category == "food.groceries")
        #expect(catalog.cnae.description(of: "4711302") != nil && catalog.cnae.description(of: "0000000") == nil)
    }

    @Test func aCacheWithOneByteChangedIsRebuilt() throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let built = try Catalog(data: DataDirectory(root: TestData.root), cacheDirectory: directory)
        let path = directory + "/" + (try #require(Self.cacheFiles(directory).first))
        let bytes = [UInt8](try #require(FileManager.default.contents(atPath: path)))
        #expect(CompiledCatalog.read(ImageBytes(bytes)) != nil)
        for fraction in [0.001, 0.1, 0.5, 0.9, 0.999] {
            var damaged = bytes
            damaged[Int(Double(bytes.count) * fraction)] ^= 0x20
            #expect(CompiledCatalog.read(ImageBytes(damaged)) == nil, "byte at \(fraction)")
        }
        var damaged = bytes
        damaged[bytes.count / 2] ^= 0x01
        FileManager.default.createFile(atPath: path, contents: Data(damaged))
        let rebuilt = try Catalog(data: DataDirectory(root: TestData.root), cacheDirectory: directory)
        #expect(rebuilt.entries == built.entries && Array(rebuilt.brands) == Array(built.brands))
        #expect(FileManager.default.contents(atPath: path).map { [UInt8]($0) } == bytes)
    }

    @Test func aChangedDataFileRebuildsTheImage() throws {
        let directory = Self.directory()
        let data = try Self.copyOfTheData()
        defer { for path in [directory, data] { try? FileManager.default.removeItem(atPath: path) } }
        let before = try Catalog(data: DataDirectory(root: URL(fileURLWithPath: data)), cacheDirectory: directory)
        #expect(before.keywords.allSatisfy { $0.pattern != "PADARIA DO TESTE" })
        let keywords = data + "/Rules/keywords.tsv"
        let text = try String(contentsOfFile: keywords, encoding: .utf8)
        try (text + "PADARIA DO TESTE\tfood.restaurants\t0.5\t-\t-\n").write(toFile: keywords, atomically: false, encoding: .utf8)
        let after = try Catalog(data: DataDirectory(root: URL(fileURLWithPath: data)), cacheDirectory: directory)
        #expect(after.keywords.contains { $0.pattern == "PADARIA DO TESTE" })
        #expect(after.fingerprint != before.fingerprint)
        #expect(Self.cacheFiles(directory).count == 2)
        let again = try Catalog(data: DataDirectory(root: URL(fileURLWithPath: data)), cacheDirectory: directory)
        #expect(again.fingerprint == after.fingerprint && again.keywords == after.keywords)
    }

    /// The trade-name model decides rows too (issue 21): the fingerprint `garden --version` prints and the image's key
    /// cover `Rules/trade_names.bin`, so a data directory that differs only there is another catalog.
    @Test func theTradeNameModelIsPartOfTheFingerprintAndTheKey() throws {
        let directory = Self.directory()
        let data = try Self.copyOfTheData()
        defer { for path in [directory, data] { try? FileManager.default.removeItem(atPath: path) } }
        let root = DataDirectory(root: URL(fileURLWithPath: data))
        let with = try Catalog(data: root, cacheDirectory: directory)
        #expect(with.tradeNames != nil)
        let keyWith = CatalogKey.of(data: root)
        try FileManager.default.removeItem(atPath: data + "/" + Catalog.tradeNameModelFile)
        #expect(CatalogKey.of(data: root) != keyWith)
        let without = try Catalog(data: root, cacheDirectory: directory)
        #expect(without.tradeNames == nil)
        #expect(without.fingerprint != with.fingerprint)
        #expect(Self.cacheFiles(directory).count == 2)
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
        writer.array([UInt32(1), 2, 3])
        var reader = BinaryReader(Array(writer.bytes.dropLast(2)))
        #expect((try? reader.strings()) == ["alpha", "beta"])
        #expect((try? reader.uint32s()) == nil)
    }
}
