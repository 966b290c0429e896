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

    /// Whether the folded name `key` is a US state's own body by its form: a state's name or USPS code opens it and an
    /// office word of `Rules/state_offices.tsv` follows ("ga dor drives", "ohio department of transportation", "nj
    /// sos"), or the word after the state is the name's last, five letters or more, and an office word's cut
    /// ("georgia departme"). Source: how the states' bodies name themselves in the CISA .gov registry
    /// (tools/orgs/state_offices.py). Read for the merchant kind only (`MerchantChoice.kind`).
    public func namesStateBody(_ key: String) -> Bool {
        guard !stateNames.isEmpty else { return false }
        var key = key
        return key.withUTF8 { bytes in
            // One lookup turns most names away: the first word opens no state's name (no array made for them).
            guard let space = bytes.firstIndex(of: 0x20),
                  stateFirstWords.contains(String(decoding: UnsafeBufferPointer(rebasing: bytes[0..<space]), as: UTF8.self)) else { return false }
            // The ends of the name's first four words.
            var ends: [Int] = []
            ends.reserveCapacity(4)
            var index = 0
            while index < bytes.count, ends.count < 4 {
                if bytes[index] == 0x20 { ends.append(index) }
                index += 1
            }
            if ends.count < 4 { ends.append(bytes.count) }
            // A state of one to three words, then the next word.
            for words in stride(from: min(3, ends.count - 1), through: 1, by: -1) {
                let state = String(decoding: UnsafeBufferPointer(rebasing: bytes[0..<ends[words - 1]]), as: UTF8.self)
                guard stateNames.contains(state) else { continue }
                let next = String(decoding: UnsafeBufferPointer(rebasing: bytes[(ends[words - 1] + 1)..<ends[words]]), as: UTF8.self)
                if stateOfficeWords.contains(next) { return true }
                let last = ends[words] == bytes.count
                return last && next.utf8.count >= 5 && stateOfficeWords.contains { $0.hasPrefix(next) }
            }
            return false
        }
    }

    /// Whether the account's name says it is a credit-card account ("Chase Sapphire", "Nubank cartão").
    public func isCardAccount(_ account: String?) -> Bool {
        guard let account else { return false }
        let text = TokenizedText(account)
        return (0..<text.tokens.count).contains { cardAccountWords.contains(text.word($0)) }
    }
}
