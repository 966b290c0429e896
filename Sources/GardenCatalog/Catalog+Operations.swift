import GardenFoundation

extension Catalog {
    /// The cleaners of one line of `Rules/operations.tsv` (`word	method	direction	position`): the word, and
    /// when written `TRANSF(ERENCIA)` every cut form from `TRANSF` to `TRANSFERENCIA`, since banks cut
    /// operation words at any letter (`TIT COMPE EFETI`). position: `head` (may start the run),
    /// `inside` (only continues one: `INTERNET` in `TITULO OUTRO BCO INTERNET`) or `dash` (only in a head run
    /// that a spaced dash closes: `ELECTRONIC DEPOSIT - ACME PAYROLL`).
    static func operationWords(_ r: TSVFile.Record) throws(DataError) -> [Cleaner] {
        let spec = r.columns[0]
        var forms: [String] = [spec]
        if let open = spec.firstIndex(of: "("), spec.hasSuffix(")") {
            let stem = String(spec[..<open])
            let rest = spec[spec.index(after: open)..<spec.index(before: spec.endIndex)]
            forms = (0...rest.count).map { stem + rest.prefix($0) }
        }
        guard ["head", "inside", "dash"].contains(r.columns[3]) else { throw r.error("expected head, inside or dash", column: 4) }
        let template = try cleaner(TSVFile.Record(line: r.line, columns: [spec, "operation", r.columns[1], r.columns[2], "yes"], file: r.file))
        return forms.map { form in
            var cleaner = template
            cleaner.phrase = form
            cleaner.continuesRun = r.columns[3] == "inside"
            cleaner.beforeDashOnly = r.columns[3] == "dash"
            return cleaner
        }
    }

    /// One line of `Rules/ach_labels.tsv` (`label	value`): value `name` (the label's value names the
    /// counterparty) or `drop` (label and value are removed).
    static func label(_ r: TSVFile.Record) throws(DataError) -> Cleaner {
        let effect: Cleaner.Effect
        switch r.columns[1] {
        case "name": effect = .nameLabel
        case "drop": effect = .label
        default: throw r.error("expected name or drop", column: 2)
        }
        return Cleaner(phrase: r.columns[0], effect: effect, method: nil, direction: nil, anchored: false,
                       source: SourceLocation(file: r.file, line: r.line))
    }

    /// Whether the folded name `key` names a public body (``AnalysisViews/namesPublicBody(_:)``).
    public func namesPublicBody(_ key: String) -> Bool { analysis.namesPublicBody(key) }

    /// Whether the folded name `key` is a US state's own body by its form (``EngineViews/namesStateBody(_:)``).
    public func namesStateBody(_ key: String) -> Bool { engine.namesStateBody(key) }

    /// Whether the account's name says it is a credit-card account (``EngineViews/isCardAccount(_:)``).
    public func isCardAccount(_ account: String?) -> Bool { engine.isCardAccount(account) }
}
