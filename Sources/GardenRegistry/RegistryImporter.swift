import Foundation
import GardenFoundation
import GardenCodecs

/// Streams Receita Federal "Dados Abertos CNPJ" files into the registry: one line at a time (memory
/// bounded by a 1 MiB chunk and one batch of SQLite pages), ISO-8859-1 converted to UTF-8, rows
/// upserted by key so importing the same file again replaces what it wrote (idempotent). A bad line is
/// reported as `file:line: field N (NAME): reason` and skipped; the rest of the file is imported.
/// The partners table (Sócios) is personal data: it is never opened.
public final class RegistryImporter {
    /// What one imported table file gave.
    public struct Report: Sendable, Equatable {
        public var file: String
        public var table: ReceitaTable
        public var rows: Int
        public var rejected: Int
        /// Why the file was not read (the partners table, a table garden does not need).
        public var skipped: String?
    }

    let registry: Registry
    /// Receives each problem line (`file:line: …`); at most ``problemsShown`` per file, then a count.
    public var onProblem: (String) -> Void = { _ in }
    /// Told the file and the rows imported from it so far, every ``progressRows`` rows, when set.
    public var onProgress: ((_ file: String, _ rows: Int) -> Void)?
    /// Rows between two calls of ``onProgress``.
    public var progressRows = 4_096
    /// Rows per SQLite transaction.
    public var batchRows = 250_000
    public var problemsShown = 50
    var text = Latin1()
    var key = [UInt8](repeating: 0, count: 14)

    public init(registry: Registry) { self.registry = registry }

    /// Imports a table file, or every table inside a zip (`Estabelecimentos0.zip`). A zip entry is read
    /// as the table its own name names; the zip's name counts only for a zip holding one file. Folders,
    /// macOS metadata (`__MACOSX/`, `._*`) and files naming no table are skipped and reported.
    /// - Throws: ``RegistryError`` (missing file, unknown table, unreadable or empty zip), ``StoreError``.
    public func importPath(_ path: String) throws -> [Report] {
        do { return try importFile(path) } catch let error as CodecError { throw RegistryError(error) }
    }

    /// ``importPath(_:)``, codec failures thrown as they are.
    private func importFile(_ path: String) throws -> [Report] {
        let file = try FileSource(path: path)
        let magic = try file.read(at: 0, count: 4)
        guard magic == [0x50, 0x4B, 0x03, 0x04] || magic == [0x50, 0x4B, 0x05, 0x06] else {
            guard let table = ReceitaTable.detect(name: path) else {
                throw RegistryError.badFile("\(path): cannot tell which Receita table this is from its name (Empresas, Estabelecimentos, Cnaes, Naturezas, Municipios)")
            }
            return [try importTable(table, name: path) { file }]
        }
        let archive = try ZipArchive(file: file)
        let files = archive.entries.filter { !$0.name.hasSuffix("/") && !Self.isMetadata($0.name) }
        guard !files.isEmpty else { throw RegistryError.badFile("\(path): the zip holds no file") }
        var reports: [Report] = []
        for entry in files {
            let name = path + ":" + entry.name
            guard let table = ReceitaTable.detect(name: entry.name) ?? (files.count == 1 ? ReceitaTable.detect(name: path) : nil) else {
                guard files.count > 1 else { throw RegistryError.badFile("\(name): cannot tell which Receita table this is from its name") }
                reports.append(Report(file: name, table: .unused, rows: 0, rejected: 0, skipped: "its name names no Receita table"))
                continue
            }
            reports.append(try importTable(table, name: name) { try archive.source(for: entry) })
        }
        return reports
    }

    /// Whether a zip entry is an archiver's metadata (`__MACOSX/…`, `._name`, `.DS_Store`), not a file.
    static func isMetadata(_ name: String) -> Bool {
        name.split(separator: "/").contains { $0 == "__MACOSX" || $0.hasPrefix(".") }
    }

    /// Imports one table from a byte source made on demand (a skipped table is never opened).
    func importTable(_ table: ReceitaTable, name: String, open: () throws -> ByteSource) throws -> Report {
        switch table {
        case .partners:
            return Report(file: name, table: table, rows: 0, rejected: 0, skipped: "the partners table (Sócios) is personal data: garden never stores it")
        case .unused:
            return Report(file: name, table: table, rows: 0, rejected: 0, skipped: "not a table garden uses")
        default: break
        }
        let source = try open()
        let statement = try registry.db.prepare(Self.insertSQL(table))
        var record = ReceitaRecord()
        var report = Report(file: name, table: table, rows: 0, rejected: 0)
        // A zip entry's bytes are known good only at its end (its CRC-32): the bad lines found before are
        // held until then, so a damaged entry reports the damage, not the 50 "bad lines" it made.
        let holdsProblems = source is ZipEntrySource
        var held: [String] = []
        func reject(_ number: Int, _ message: String) {
            report.rejected += 1
            guard report.rejected <= problemsShown else { return }
            if holdsProblems { held.append("\(name):\(number): \(message)") } else { onProblem("\(name):\(number): \(message)") }
        }
        try registry.db.execute("BEGIN IMMEDIATE")
        do {
            try ReceitaLineReader.forEachLine(source, name: name) { line, number in
                if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return }
                guard record.split(line) else { return reject(number, "\(table.fieldName(record.count - 1)): quote never closed") }
                guard record.count == table.fieldCount else {
                    return reject(number, "expected \(table.fieldCount) fields (\(table.rawValue)), found \(record.count)")
                }
                do {
                    try write(record, table, statement)
                } catch let error as ReceitaRecord.FieldError {
                    return reject(number, "\(table.fieldName(error.index)): \(error.message)")
                }
                report.rows += 1
                if report.rows % progressRows == 0 { onProgress?(name, report.rows) }
                if report.rows % batchRows == 0 { try registry.db.execute("COMMIT; BEGIN IMMEDIATE") }
            }
            try registry.db.execute("COMMIT")
        } catch {
            try? registry.db.execute("ROLLBACK")
            if report.rejected > 0 {
                let shown = " (\(report.rejected) bad line(s) before it not shown: the damage made them)"
                if case RegistryError.badFile(let why) = error { throw RegistryError.badFile(why + shown) }
                if case CodecError.badFile(let why) = error { throw RegistryError.badFile(why + shown) }
            }
            throw error
        }
        held.forEach(onProblem)
        onProgress?(name, report.rows)
        if report.rejected > problemsShown { onProblem("\(name): \(report.rejected - problemsShown) more bad lines not shown") }
        try registry.log(file: name, table: table, rows: report.rows, rejected: report.rejected)
        return report
    }

    static func insertSQL(_ table: ReceitaTable) -> String {
        switch table {
        case .establishments:
            "INSERT OR REPLACE INTO establishment(cnpj, trade_name, status, main_cnae, secondary_cnae, municipality, uf) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)"
        case .companies: "INSERT OR REPLACE INTO company(root, legal_name, owner_cpf_mask, legal_nature) VALUES (?1, ?2, ?3, ?4)"
        case .cnaes: "INSERT OR REPLACE INTO cnae(code, description) VALUES (?1, ?2)"
        case .legalNatures: "INSERT OR REPLACE INTO legal_nature(code, description) VALUES (?1, ?2)"
        default: "INSERT OR REPLACE INTO municipality(code, name) VALUES (?1, ?2)"
        }
    }
}
