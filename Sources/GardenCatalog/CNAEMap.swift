import GardenFoundation
import GardenImage

/// CNAE 2.3 (IBGE/CONCLA) activity codes → categories by longest prefix (`CNAE/categories.tsv`), with
/// the tree's descriptions (`CNAE/cnae_2_3.tsv`, 1,331 subclasses and their parents).
///
/// Codes are matched in their numeric form: a subclass `4789-0/04` is `4789004`; it is tried as
/// `4789004`, then its class `47890`, group `478`, division `47`, then its section letter.
///
/// Read from the compiled catalog image (``CompiledCatalog``): the tree and the prefixes are looked up in
/// place there, never decoded at start-up.
public struct CNAEMap: Sendable {
    private let prefixes: CodeMappingTable
    /// Numeric code → [description] or [description, parent code].
    private let tree: ImageStringLists
    /// The number of subclasses (7-digit codes) in the tree.
    public let subclassCount: Int

    /// The map at `input`'s position (written by ``write(tree:categories:taxonomy:to:)``), passed over.
    init(reading input: inout BinaryReader) throws(BinaryReader.Malformed) {
        subclassCount = Int(try input.uint32())
        tree = try ImageStringLists(reading: &input)
        prefixes = try CodeMappingTable(reading: &input)
    }

    /// Reads the tree and the category prefixes and writes them in the image format.
    /// - Throws: ``DataError`` at a category the taxonomy does not have or a prefix that is not a code of the tree.
    static func write(tree treeFile: TSVFile, categories: TSVFile, taxonomy: Taxonomy, to out: inout BinaryWriter) throws(DataError) {
        var tree: [String: [String]] = [:]
        for record in treeFile.records {
            tree[record.columns[0]] = [record.columns[4]] + (record.optional(3).map { [$0] } ?? [])
        }
        var prefixes: [String: CodeMapping] = [:]
        for record in categories.records {
            let category = record.columns[1]
            guard taxonomy.contains(category) else { throw record.error("unknown category \"\(category)\"", column: 2) }
            let code = record.columns[0]
            guard let node = tree[code] else { throw record.error("\"\(code)\" is not a CNAE 2.3 code in \(treeFile.name)") }
            prefixes[code] = CodeMapping(code: code, category: category,
                                         kind: record.optional(2).flatMap(MerchantKind.init(rawValue:)),
                                         label: node[0], source: SourceLocation(file: categories.name, line: record.line))
        }
        out.integer(UInt32(tree.keys.filter { $0.count == 7 }.count))
        ImageStringLists.write(tree, to: &out)
        CodeMappingTable.write(prefixes, to: &out)
    }

    /// The longest-prefix mapping for a numeric CNAE code (2 to 7 digits), climbing to the section.
    public func lookup(_ code: String) -> CodeMapping? {
        var candidate = Substring(code)
        while !candidate.isEmpty {
            if let hit = prefixes[String(candidate)] { return hit }
            candidate = candidate.dropLast()
        }
        // The section letter: climb the tree from the division.
        var node: String? = String(code.prefix(2))
        while let current = node {
            if let hit = prefixes[current] { return hit }
            node = tree[current].flatMap { $0.count > 1 ? $0[1] : nil }
        }
        return nil
    }

    /// The official description of a numeric code, if it is in the tree.
    public func description(of code: String) -> String? { tree[code]?.first }
}
