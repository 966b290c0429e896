import GardenCatalog

/// The words of one run's screen in its one language (issue 36: no mixed screens): `words("spent", "gasto")` is the
/// English text on an English run and the Portuguese one on a Portuguese run (``CommandSupport/language(_:_:)``:
/// `--lang`, else the locale). Every label a command prints beside category and budget names goes through it.
package struct Phrasebook: Sendable {
    package let language: Language

    package init(_ language: Language) { self.language = language }

    /// The English or the Portuguese text.
    package func callAsFunction(_ english: String, _ portuguese: String) -> String {
        language == .english ? english : portuguese
    }

    /// `N row(s)` / `N linha(s)`.
    package func rows(_ count: Int) -> String { "\(count) " + self("row(s)", "linha(s)") }

    /// `N group(s)` / `N grupo(s)`.
    package func groups(_ count: Int) -> String { "\(count) " + self("group(s)", "grupo(s)") }

    /// `applied as journal entry N; garden undo reverts it`, in the run's language.
    package func applied(journal: Int64) -> String {
        self("applied as journal entry \(journal); garden undo reverts it", "aplicado como entrada \(journal) do diário; garden undo a desfaz")
    }

    /// ` (dry run: nothing written)`.
    package var dryRun: String { self(" (dry run: nothing written)", " (simulação: nada gravado)") }

    /// A link's kind (`transfer_pair`, `refund`, `fee`, `reimbursement`, `installment_plan`, `recurring`: the codes
    /// `links --kind` takes, listed by `links --help`) as the run's language says it: the code on an English run (it
    /// reads as English), a Portuguese word on a Portuguese one.
    package func linkKind(_ code: String) -> String {
        guard language == .portuguese else { return code }
        return ["transfer_pair": "transferência entre contas", "refund": "estorno", "fee": "tarifa de IOF", "reimbursement": "reembolso",
                "installment_plan": "parcelamento", "recurring": "recorrente"][code] ?? code
    }

    /// A link's status (`applied`, `suggested`, `accepted`, `rejected`) as a word of the run's language; after a link's
    /// kind (`of`), agreeing with it in Portuguese: "transferência entre contas aplicada", "estorno aplicado".
    package func status(_ code: String, of kind: String? = nil) -> String {
        guard language == .portuguese else { return code }
        let word = ["applied": "aplicado", "suggested": "sugerido", "accepted": "aceito", "rejected": "rejeitado"][code] ?? code
        // The kinds whose Portuguese word is feminine (``linkKind(_:)``): transferência, tarifa.
        guard let kind, ["transfer_pair", "fee"].contains(kind), word.hasSuffix("o") else { return word }
        return word.dropLast() + "a"
    }
}
