import Foundation

/// The costly part of a ``Catalog`` (the parsed brands, the automaton's entries and frozen arrays, the
/// place names)
/// cached in one file named by the catalog's fingerprint, so a start-up with unchanged data reads it
/// back instead of parsing thousands of brands and building the automaton again.
///
/// File: `<directory>/catalog-<key>.bin`, where the key hashes the data fingerprint, this format's
/// version and the running executable's size and modification time (a rebuilt garden may fold text
/// differently). Written to a temporary file and renamed, so readers never see a partial file; any
/// read or write failure only means the catalog is built from the data files as without a cache.
struct CompiledCatalog {
    static let formatVersion = "garden-compiled-catalog-4"

    var brands: BrandTable
    var entries: [PatternEntry]
    var trie: PatternTrie
    var places: PlaceList
    /// ``PatternWords``' sorted words and word pairs.
    var patternWords: [String]

    /// The cache file for a data fingerprint in `directory`.
    static func path(directory: String, fingerprint: String) -> String {
        var hasher = FNV1a()
        hasher.combine(formatVersion)
        hasher.combine(fingerprint)
        let executable = CommandLine.arguments.first.flatMap { try? FileManager.default.attributesOfItem(atPath: $0) }
        hasher.combine("\(executable?[.size] ?? 0) \((executable?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)")
        return directory + "/catalog-" + hasher.hex + ".bin"
    }

    /// The cached catalog at `path`, nil when missing or unreadable.
    static func load(_ path: String) -> CompiledCatalog? {
        guard let bytes = readFile(path) else { return nil }
        var input = BinaryReader(bytes)
        do {
            guard try input.string() == formatVersion else { return nil }
            let brands = try brandTable(&input)
            let entryCount = try input.count()
            var entries: [PatternEntry] = []
            entries.reserveCapacity(entryCount)
            for _ in 0..<entryCount { entries.append(try readEntry(&input)) }
            let trie = try PatternTrie(reading: &input)
            let places = try readPlaces(&input)
            let patternWords = try input.strings()
            guard input.atEnd, trie.entryCount == entries.count else { return nil }
            return CompiledCatalog(brands: brands, entries: entries, trie: trie, places: places, patternWords: patternWords)
        } catch {
            return nil
        }
    }

    /// The brand records at `input`: where each starts, with its id and CNPJ roots; the rest of each
    /// record is only passed over (``BrandTable`` decodes it when the brand is asked for).
    private static func brandTable(_ input: inout BinaryReader) throws(BinaryReader.Malformed) -> BrandTable {
        let brandCount = try input.count()
        var offsets: [Int] = [], ids: [String] = [], roots: [[String]] = []
        offsets.reserveCapacity(brandCount)
        ids.reserveCapacity(brandCount)
        roots.reserveCapacity(brandCount)
        for _ in 0..<brandCount {
            offsets.append(input.position)
            ids.append(try input.string())
            try input.skipString()                             // name
            // A record that would not decode later makes the whole image untrusted now.
            guard MerchantKind(rawValue: try input.string()) != nil else { throw BinaryReader.Malformed() }
            try input.skipString()                             // category
            try input.skipString()                             // source file
            for _ in 0..<2 {                                   // domain, wikidata
                if try input.integer(UInt8.self) != 0 { try input.skipString() }
            }
            try input.skip(1 + 1 + 8)                          // flags, generated, source line
            roots.append(try input.strings())
            try input.skipStrings()                            // patterns
            try input.skipStrings()                            // countries
        }
        return BrandTable(image: input.buffer, offsets: offsets, ids: ids, cnpjRoots: roots)
    }

    /// The file's bytes read straight into an array (no intermediate `Data` copy of the megabytes).
    static func readFile(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_size > 0 else { return nil }
        let size = Int(status.st_size)
        var complete = true
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            var done = 0
            while done < size {
                let n = read(descriptor, buffer.baseAddress! + done, size - done)
                if n <= 0 { break }
                done += n
            }
            complete = done == size
            initialized = done
        }
        return complete ? bytes : nil
    }

    /// Keeps the `kept` most recent cache files of `directory` (each change of data or rules makes one).
    static func prune(_ directory: String, keeping kept: Int = 4) {
        let manager = FileManager.default
        let files = ((try? manager.contentsOfDirectory(atPath: directory)) ?? [])
            .filter { $0.hasPrefix("catalog-") && $0.hasSuffix(".bin") }
            .map { directory + "/" + $0 }
            .sorted { a, b in
                let dateA = (try? manager.attributesOfItem(atPath: a)[.modificationDate] as? Date) ?? .distantPast
                let dateB = (try? manager.attributesOfItem(atPath: b)[.modificationDate] as? Date) ?? .distantPast
                return dateA > dateB
            }
        for file in files.dropFirst(kept) { try? manager.removeItem(atPath: file) }
    }

    /// Writes the cache file (best effort: a read-only or missing directory is no error).
    func save(_ path: String) {
        var out = BinaryWriter()
        out.string(Self.formatVersion)
        out.integer(UInt32(brands.count))
        for brand in brands { Self.write(brand, &out) }
        out.integer(UInt32(entries.count))
        for entry in entries { Self.write(entry, &out) }
        trie.write(to: &out)
        Self.write(places, &out)
        out.strings(patternWords)
        let directory = (path as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let temporary = path + ".\(ProcessInfo.processInfo.processIdentifier).tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(out.bytes)) else { return }
        if rename(temporary, path) != 0 { unlink(temporary) }
        Self.prune(directory)
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

    static func readBrand(_ input: inout BinaryReader) throws(BinaryReader.Malformed) -> Brand {
        let id = try input.string(), name = try input.string(), kindText = try input.string()
        let category = try input.string(), file = try input.string()
        let domain = try input.optionalString(), wikidata = try input.optionalString()
        let flags = Brand.Flags(rawValue: try input.integer(UInt8.self))
        let generated = try input.integer(UInt8.self) == 1
        let line = Int(try input.integer(Int64.self))
        guard let kind = MerchantKind(rawValue: kindText) else { throw BinaryReader.Malformed() }
        var brand = Brand(id: id, name: name, kind: kind, category: category, domain: domain, flags: flags,
                          cnpjRoots: try input.strings(), patterns: try input.strings(), source: SourceLocation(file: file, line: line))
        brand.countries = Set(try input.strings())
        brand.wikidata = wikidata
        brand.generated = generated
        return brand
    }

    private static func write(_ places: PlaceList, _ out: inout BinaryWriter) {
        for set in [places.codes, places.cities, places.citiesWithoutCode, places.trailingWords] { out.strings(set.sorted()) }
        out.integer(Int64(places.longestCity))
        let rests = places.firstWordsByRest.keys.sorted()
        out.strings(rests)
        for rest in rests { out.strings(places.firstWordsByRest[rest]!) }
        let countries = places.wordsByCountry.keys.sorted()
        out.strings(countries)
        for country in countries { out.strings(places.wordsByCountry[country]!.sorted()) }
    }

    private static func readPlaces(_ input: inout BinaryReader) throws(BinaryReader.Malformed) -> PlaceList {
        var places = PlaceList()
        places.codes = Set(try input.strings())
        places.cities = Set(try input.strings())
        places.citiesWithoutCode = Set(try input.strings())
        places.trailingWords = Set(try input.strings())
        places.longestCity = Int(try input.integer(Int64.self))
        for rest in try input.strings() { places.firstWordsByRest[rest] = try input.strings() }
        for country in try input.strings() { places.wordsByCountry[country] = Set(try input.strings()) }
        return places
    }

    private static func write(_ entry: PatternEntry, _ out: inout BinaryWriter) {
        let (tag, a, b): (UInt8, Int, Int) = switch entry {
        case .brand(let i): (0, i, 0)
        case .processor(let i, let needsStar): (1, i, needsStar ? 1 : 0)
        case .cleaner(let i): (2, i, 0)
        case .bankLine(let i): (3, i, 0)
        case .keyword(let i): (4, i, 0)
        case .userRule(let i, let condition): (5, i, condition)
        }
        out.integer(tag)
        out.integer(Int32(a))
        out.integer(Int32(b))
    }

    private static func readEntry(_ input: inout BinaryReader) throws(BinaryReader.Malformed) -> PatternEntry {
        let tag = try input.integer(UInt8.self)
        let a = Int(try input.integer(Int32.self)), b = Int(try input.integer(Int32.self))
        switch tag {
        case 0: return .brand(a)
        case 1: return .processor(a, needsStar: b == 1)
        case 2: return .cleaner(a)
        case 3: return .bankLine(a)
        case 4: return .keyword(a)
        case 5: return .userRule(a, condition: b)
        default: throw BinaryReader.Malformed()
        }
    }
}
