/// What `garden export` writes (`--format`).
enum ExportFormat: String, CaseIterable {
    /// Each row's input line with its resolution, as `garden resolve` wrote it.
    case jsonl
    /// One line a row with a header (``ExportCSV``).
    case csv
    /// An hledger journal (``ExportJournal``).
    case hledger
    /// A beancount ledger (``ExportBeancount``).
    case beancount
}
