/// CNAE 2.3 (IBGE/CONCLA) activity codes → categories by longest prefix (`CNAE/categories.tsv`), with
/// the tree's descriptions (`CNAE/cnae_2_3.tsv`, 1,331 subclasses and their parents).
///
/// Codes are matched in their numeric form: a subclass `4789-0/04` is `4789004`; it is tried as
/// `4789004`, then its class `47890`, group `478`, division `47`, then its section letter.
public struct CNAEMap: Sendable {
    private var prefixes: [String: CodeMapping] = [:]
    /// Numeric code → (description, parent code).
    private var tree: [String: (description: String, parent: String?)] = [:]

    public var subclassCount: Int { tree.keys.filter { $0.count == 7 }.count }

    public init(tree treeFile: TSVFile, categories: TSVFile, taxonomy: Taxonomy) throws(DataError) {
        for record in treeFile.records {
            tree[record.columns[0]] = (record.columns[4], record.optional(3))
        }
        for record in categories.records {
            let category = record.columns[1]
            guard taxonomy.contains(category) else { throw record.error("unknown category \"\(category)\"", column: 2) }
            let code = record.columns[0]
            guard tree[code] != nil else { throw record.error("\"\(code)\" is not a CNAE 2.3 code in \(treeFile.name)") }
            prefixes[code] = CodeMapping(code: code, category: category,
                                         kind: record.optional(2).flatMap(MerchantKind.init(rawValue:)),
                                         label: tree[code]?.description ?? "",
                                         source: SourceLocation(file: categories.name, line: record.line))
        }
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
            node = tree[current]?.parent
        }
        return nil
    }

    /// The official description of a numeric code, if it is in the tree.
    public func description(of code: String) -> String? { tree[code]?.description }
}
