/// Where an import hands what it reads, as it reads it: each row, each error and each note (printed at
/// once by `garden import`, so an endless input still shows its faults as they come), while ``result``
/// counts them. A class, so a file's readers share one.
public final class ImportSink {
    public var result = ImportResult()
    private let onRow: (ImportedRow) -> Void
    private let onError: (ImportError) -> Void
    private let onNote: (ImportError) -> Void

    /// `row` receives the rows in file order, `error` what could not be read, `note` what was read with a
    /// change the user should know of.
    public init(row: @escaping (ImportedRow) -> Void, error: @escaping (ImportError) -> Void, note: @escaping (ImportError) -> Void) {
        onRow = row
        onError = error
        onNote = note
    }

    /// Hands out a row.
    public func emit(_ row: ImportedRow) {
        result.count += 1
        onRow(row)
    }

    /// Reports a row or part of the file that could not be read.
    public func reject(_ error: ImportError) {
        result.errorCount += 1
        onError(error)
    }

    /// Reports a row imported with a change the user should know of.
    public func note(_ note: ImportError) {
        result.noteCount += 1
        onNote(note)
    }
}
