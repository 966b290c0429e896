import GardenFoundation
import GardenImage

/// One table garden ships, as a type: the files it is read from, how it compiles into its own section of the
/// knowledge image, the patterns it adds to the automaton, and the typed view of its section that the code
/// reading it gets. Every shipped table belongs to exactly one source (``CatalogSources/all(knowledge:)``), and
/// `garden --version --sections` lists each with its owner, files and size.
///
/// A source is compiled only when no cached image fits (``CatalogKey``): ``parse(_:_:)`` reads its files (with
/// `file:line:column` errors), ``write(_:into:patterns:)`` writes the section. Every start then views the section
/// in place (``view(_:_:)``). ``same(_:_:)`` holds a view to a fresh parse (`KnowledgeSourceConformanceTests`).
protocol KnowledgeSource {
    /// What the files say, as parsed from them.
    associatedtype Parsed
    /// What the code reading the source gets, built from its section.
    associatedtype View

    /// The section's name ("brands", "bank_lines"); unique in an image.
    static var id: String { get }
    /// Who reads it: a resolver's id, `analysis` (the row analysis) or `engine` (taxonomy, budgets, identity, review).
    static var owner: String { get }
    /// The version of the section's layout: bump it when ``write(_:into:patterns:)`` writes another (it is part
    /// of the image's key, so an image of an older layout is rebuilt, never misread).
    static var layout: UInt16 { get }
    /// The data files, relative to the data directory, in reading order.
    static func files(in data: DataDirectory) -> [String]
    /// Reads the files; `shared` holds what earlier sources parsed (the taxonomy) and takes what later ones need.
    /// - Throws: ``DataError`` with `file:line:column` for the first bad record.
    static func parse(_ files: SourceFiles, _ shared: inout CompileContext) throws(DataError) -> Parsed
    /// Writes the section and adds the source's patterns (entry records index the parsed records).
    static func write(_ parsed: Parsed, into section: inout SectionWriter, patterns: inout PatternSink)
    /// The view of a section this source wrote.
    /// - Throws: ``BinaryReader/Malformed`` when the section does not read as this layout (the image is rebuilt).
    static func view(_ section: Section, _ context: ViewContext) throws(BinaryReader.Malformed) -> View
    /// Whether `view` holds what `parsed` holds.
    static func same(_ view: View, _ parsed: Parsed) -> Bool
    /// A record this source refuses, and the column its error names: appended to `file`, it must be reported as
    /// `file:line:column` (`KnowledgeSourceConformanceTests`).
    static var badRecord: (file: String, line: String, column: Int) { get }
}

extension KnowledgeSource {
    static var layout: UInt16 { 1 }

    /// The section info of this source over `data` (its size unknown until written).
    static func info(_ data: DataDirectory) -> SectionInfo {
        SectionInfo(id: id, owner: owner, layout: layout, files: files(in: data), bytes: 0)
    }
}

/// The files of one source, read from the data directory as the source asks for them.
struct SourceFiles {
    let data: DataDirectory
    /// The source's files (``KnowledgeSource/files(in:)``).
    let names: [String]

    /// File `name` parsed as TSV with at least `minimumColumns` columns a record.
    func tsv(_ name: String, minimumColumns: Int) throws(DataError) -> TSVFile {
        try TSVFile(name: name, text: data.read(name), minimumColumns: minimumColumns)
    }

    /// Every file of the source parsed as TSV, in order.
    func tsvs(minimumColumns: Int) throws(DataError) -> [TSVFile] {
        try names.map { name throws(DataError) in try tsv(name, minimumColumns: minimumColumns) }
    }

    /// File `name`'s text.
    func text(_ name: String) throws(DataError) -> String { try data.read(name) }
}

/// What sources share while an image is compiled: the taxonomy every category is checked against, and what
/// a source derived from others reads (the pattern words read the brands' and keywords' patterns).
struct CompileContext {
    let data: DataDirectory
    private var parsedTaxonomy: Taxonomy?
    /// The brands, once ``BrandsSource`` parsed them.
    var brands: [Brand] = []
    /// The keywords and trade words, once ``KeywordsSource`` parsed them.
    var keywords: [LineRule] = []

    init(data: DataDirectory) { self.data = data }

    /// The taxonomy (`Rules/taxonomy.tsv`), parsed on first use.
    mutating func taxonomy() throws(DataError) -> Taxonomy {
        if let parsedTaxonomy { return parsedTaxonomy }
        let taxonomy = try TaxonomySource.parse(SourceFiles(data: data, names: TaxonomySource.files(in: data)), &self).value
        parsedTaxonomy = taxonomy
        return taxonomy
    }
}

/// What a view may need besides its own section: the taxonomy (viewed first), to read records that name categories.
struct ViewContext {
    var taxonomy: Taxonomy
}

/// The simplest layout: a source's records as its files hold them (file name, line, columns), read back as
/// ``TSVFile``s and given to the source's own record reader. Used by the small tables whose reading is cheap;
/// a source whose records are costly to read writes its own layout.
enum RecordsLayout {
    static func write(_ files: [TSVFile], to out: inout SectionWriter) {
        out.integer(UInt32(files.count))
        for file in files {
            out.string(file.name)
            out.integer(UInt32(file.records.count))
            for record in file.records {
                out.integer(UInt32(record.line))
                out.strings(record.columns)
            }
        }
    }

    static func read(_ section: Section) throws(BinaryReader.Malformed) -> [TSVFile] {
        var input = section.reader()
        var files: [TSVFile] = []
        for _ in 0..<(try input.count()) {
            let name = try input.string()
            let count = try input.count()
            var records: [TSVFile.Record] = []
            records.reserveCapacity(count)
            for _ in 0..<count {
                let line = Int(try input.uint32())
                records.append(TSVFile.Record(line: line, columns: try input.strings(), file: name))
            }
            files.append(TSVFile(name: name, records: records))
        }
        try section.checkEnd(input)
        return files
    }

    /// Whether two lists of files hold the same records.
    static func same(_ a: [TSVFile], _ b: [TSVFile]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { x, y in
            x.name == y.name && x.records.count == y.records.count
                && zip(x.records, y.records).allSatisfy { $0.line == $1.line && $0.columns == $1.columns && $0.file == $1.file }
        }
    }
}

/// `value`, or ``BinaryReader/Malformed`` when a record read back from an image no longer reads (a view).
func viewed<T>(_ read: () throws(DataError) -> T) throws(BinaryReader.Malformed) -> T {
    do { return try read() } catch { throw BinaryReader.Malformed() }
}
