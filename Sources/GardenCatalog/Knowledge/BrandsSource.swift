import GardenFoundation
import GardenImage

/// The brand catalog (`Brands/*.tsv`, hand-written files before the generated `nsi-` ones): records decoded one
/// by one on first use, indexes by brand id and by CNPJ root (the first brand listing a root), and the brands'
/// patterns as `name` patterns (a leading `^` anchors one, a trailing `*` lets it end inside a word; a generated
/// brand's patterns complete no word the bank cut).
enum BrandsSource: KnowledgeSource {
    struct View {
        var brands: BrandTable
        var byID: ImageStringTable
        var byCNPJRoot: ImageStringTable
    }
    static let id = "brands"
    static let owner = "brand_catalog"
    static func files(in data: DataDirectory) -> [String] {
        let names = data.files(in: "Brands")
        return names.filter { !Catalog.isGenerated($0) } + names.filter(Catalog.isGenerated)
    }
    static func parse(_ files: SourceFiles, _ shared: inout CompileContext) throws(DataError) -> [Brand] {
        let texts = try files.names.map { name throws(DataError) in (name: name, text: try files.text(name)) }
        let brands = try Catalog.brands(texts, taxonomy: shared.taxonomy())
        shared.brands = brands
        return brands
    }
    static func write(_ brands: [Brand], into out: inout SectionWriter, patterns: inout PatternSink) {
        var records = BinaryWriter()
        var offsets: [UInt32] = []
        for brand in brands {
            offsets.append(UInt32(records.position))
            write(brand, &records)
        }
        out.integer(UInt32(records.bytes.count))
        out.bytes(records.bytes)
        out.array(offsets)
        ImageStringTable.write(brands.enumerated().map { ($0.element.id, $0.offset) }, to: &out)
        let roots = Catalog.byRoot(brands.map(\.cnpjRoots), firstWins: true)
        ImageStringTable.write(roots.keys.sorted().map { ($0, roots[$0]!) }, to: &out)
        for (index, brand) in brands.enumerated() {
            for var pattern in brand.patterns {
                var flags: PatternTrie.EntryFlags = brand.flags.contains(.prefix) ? .prefix : []
                if pattern.hasPrefix("^") { flags.insert(.anchored); pattern.removeFirst() }
                if pattern.hasSuffix("*") { flags.insert(.prefix); pattern.removeLast() }
                patterns.add(pattern, record: index, role: .name, flags: flags, group: brand.generated ? nil : "brand:\(index)")
            }
        }
    }

    private static func write(_ brand: Brand, _ out: inout BinaryWriter) {
        for text in [brand.id, brand.name, brand.kind.rawValue, brand.category, brand.source.file] { out.string(text) }
        out.optionalString(brand.domain)
        out.optionalString(brand.wikidata)
        out.integer(brand.flags.rawValue)
        out.integer(UInt8(brand.generated ? 1 : 0))
        out.integer(Int64(brand.source.line))
        out.strings(brand.cnpjRoots)
        out.strings(brand.patterns)
        out.strings(brand.countries.sorted())
    }

    /// One brand record (``write(_:_:)``), decoded when first asked for (``BrandTable``).
    static func readBrand(_ input: inout BinaryReader) throws(BinaryReader.Malformed) -> Brand {
        let id = try input.string(), name = try input.string(), kindText = try input.string()
        let category = try input.string(), file = try input.string()
        let domain = try input.optionalString(), wikidata = try input.optionalString()
        let flags = Brand.Flags(rawValue: try input.uint8())
        let generated = try input.uint8() == 1
        let line = Int(try input.int64())
        guard let kind = MerchantKind(rawValue: kindText) else { throw BinaryReader.Malformed() }
        var brand = Brand(id: id, name: name, kind: kind, category: category, domain: domain, flags: flags,
                          cnpjRoots: try input.strings(), patterns: try input.strings(), source: SourceLocation(file: file, line: line))
        brand.countries = Set(try input.strings())
        brand.wikidata = wikidata
        brand.generated = generated
        return brand
    }

    static func view(_ section: Section, _ context: ViewContext) throws(BinaryReader.Malformed) -> View {
        var input = section.reader()
        let records = try input.bytes(try input.count())
        let offsets = try input.uint32s()
        guard offsets.allSatisfy({ Int($0) < records.count }) else { throw BinaryReader.Malformed() }
        let brands = BrandTable(image: input.image, offsets: offsets.map { $0 + UInt32(records.lowerBound) })
        let byID = try ImageStringTable(reading: &input)
        let byCNPJRoot = try ImageStringTable(reading: &input)
        try section.checkEnd(input)
        return View(brands: brands, byID: byID, byCNPJRoot: byCNPJRoot)
    }

    static func same(_ view: View, _ parsed: [Brand]) -> Bool {
        let roots = Catalog.byRoot(parsed.map(\.cnpjRoots), firstWins: true)
        return Array(view.brands) == parsed
            && parsed.enumerated().allSatisfy { view.byID[$0.element.id] == $0.offset }
            && view.byCNPJRoot.count == roots.count && roots.allSatisfy { view.byCNPJRoot[$0.key] == $0.value }
    }
    static let badRecord = (file: "Brands/br-food.tsv", line: "br_bad\tBad\tnot_a_kind\tfood.restaurants\t-\t-\t-\tBAD BRAND", column: 3)
}

/// Merchant category codes → categories (`Rules/mcc.tsv`), read in place and decoded per code on first use.
enum MCCSource: KnowledgeSource {
    static let id = "mcc"
    static let owner = "mcc"
    static func files(in data: DataDirectory) -> [String] { ["Rules/mcc.tsv"] }
    static func parse(_ files: SourceFiles, _ shared: inout CompileContext) throws(DataError) -> [String: CodeMapping] {
        try MCCMap.parse(files.tsv(files.names[0], minimumColumns: 2), taxonomy: shared.taxonomy())
    }
    static func write(_ mcc: [String: CodeMapping], into section: inout SectionWriter, patterns: inout PatternSink) {
        CodeMappingTable.write(mcc, to: &section)
    }
    static func view(_ section: Section, _ context: ViewContext) throws(BinaryReader.Malformed) -> MCCMap {
        var input = section.reader()
        let map = try MCCMap(reading: &input)
        try section.checkEnd(input)
        return map
    }
    static func same(_ view: MCCMap, _ parsed: [String: CodeMapping]) -> Bool {
        view.count == parsed.count && parsed.allSatisfy { Int($0.key).flatMap { view[$0] } == $0.value }
    }
    static let badRecord = (file: "Rules/mcc.tsv", line: "5999\tno.such.category", column: 2)
}

/// CNAE 2.3 (IBGE) with garden's categories by code prefix (`CNAE/cnae_2_3.tsv`, `CNAE/categories.tsv`).
enum CNAESource: KnowledgeSource {
    static let id = "cnae"
    static let owner = "cnae"
    static func files(in data: DataDirectory) -> [String] { ["CNAE/cnae_2_3.tsv", "CNAE/categories.tsv"] }
    static func parse(_ files: SourceFiles, _ shared: inout CompileContext) throws(DataError) -> (section: [UInt8], categories: TSVFile) {
        let categories = try files.tsv(files.names[1], minimumColumns: 2)
        var out = BinaryWriter()
        try CNAEMap.write(tree: files.tsv(files.names[0], minimumColumns: 5), categories: categories, taxonomy: shared.taxonomy(), to: &out)
        return (out.bytes, categories)
    }
    static func write(_ parsed: (section: [UInt8], categories: TSVFile), into section: inout SectionWriter, patterns: inout PatternSink) {
        section.bytes(parsed.section)
    }
    static func view(_ section: Section, _ context: ViewContext) throws(BinaryReader.Malformed) -> CNAEMap {
        var input = section.reader()
        let map = try CNAEMap(reading: &input)
        try section.checkEnd(input)
        return map
    }
    static func same(_ view: CNAEMap, _ parsed: (section: [UInt8], categories: TSVFile)) -> Bool {
        parsed.categories.records.allSatisfy { view.lookup($0.columns[0])?.category == $0.columns[1] }
    }
    static let badRecord = (file: "CNAE/categories.tsv", line: "47\tno.such.category", column: 2)
}
