import GardenFoundation
import GardenCatalog
import GardenLinking
import GardenStore
import GardenRegistry
import GardenSQLite

/// Error-to-exit-code mapping shared by the store commands.
package enum CommandSupport {
    /// A failure already explained to the user, with its exit code.
    package struct Failure: Error {
        package var code: Int32
        package var message: String

        package init(code: Int32, message: String) {
            self.code = code
            self.message = message
        }
    }

    /// Runs `body`, reporting errors as `garden: …` with the matching exit code; a usage error is
    /// followed by the command's `usage` line.
    package static func run(_ env: Environment, usage: String? = nil, _ body: () throws -> Int32) -> Int32 {
        do {
            return try body()
        } catch let failure as Failure {
            env.complain(failure.message)
            return failure.code
        } catch let error as CommandLineOptions.UsageError {
            env.complain(error.description + (usage.map { "\n" + $0 } ?? ""))
            return Exit.usage
        } catch let refusal as StoreRefusal {
            env.complain(refusal.description)
            if case .missing = refusal { return Exit.noInput }
            return Exit.config
        } catch let error as DataError {
            env.complain(error.description)
            return code(error)
        } catch let error as InputError {
            env.complain(error.description)
            return Exit.dataError
        } catch let error as RowReader.StoredRowError {
            env.complain(error.description)
            return Exit.dataError
        } catch let error as RowReader.RejectReason {
            env.complain(error.description)
            return Exit.dataError
        } catch let error as StoreError {
            env.complain(error.description)
            return exitCode(error)
        } catch let failure as StoreFailure {
            env.complain(failure.description)
            return code(failure)
        } catch let error as JSONScanner.SyntaxError {
            env.complain(error.description)
            return Exit.dataError
        } catch let error as MoneyOverflow {
            env.complain(error.description)
            return Exit.dataError
        } catch let error as RegistryError {
            env.complain(error.description)
            return code(error)
        } catch {
            env.complain("\(error)")
            return Exit.ioError
        }
    }

    /// The exit code of a registry failure: 66 missing file, 65 unreadable table file, 78 a registry
    /// path that is not a registry, 74 I/O and read-only.
    package static func code(_ error: RegistryError) -> Int32 {
        switch error {
        case .missingFile: Exit.noInput
        case .badFile: Exit.dataError
        case .notARegistry: Exit.config
        case .io, .readOnly: Exit.ioError
        }
    }

    /// 66 for a data folder or rule file that is not there or cannot be read, 78 for one that is wrong.
    package static func code(_ error: DataError) -> Int32 {
        error.isMissing ? Exit.noInput : Exit.config
    }

    /// 75 for a store locked past the busy timeout, 78 for a damaged one (as a file garden will not use),
    /// else 74.
    package static func exitCode(_ error: StoreError) -> Int32 {
        error.isBusy ? Exit.busy : error.isDamaged ? Exit.config : Exit.ioError
    }

    /// The exit code of a store failure that is not SQLite's: 74 I/O (a read-only store), 73 a store
    /// that cannot be created (its folder missing or read-only), 65 a value the store does not
    /// keep or find, 78 a journal this garden cannot undo.
    package static func code(_ failure: StoreFailure) -> Int32 {
        switch failure {
        case .io: Exit.ioError
        case .cannotCreate: Exit.cannotCreate
        case .invalid: Exit.dataError
        case .unknownJournalChange: Exit.config
        }
    }

    /// The row a command works on: `--id ID` from the ledger, else the one row on stdin (blank lines aside;
    /// no row, or a second one, is a usage error, exit 64 with the command's usage line: never silently left out).
    package static func row(_ options: CommandLineOptions, _ session: Session, _ env: Environment) throws -> (Transaction, JSONDocument) {
        if let id = options.value("--id") {
            guard let store = session.store else { throw Failure(code: Exit.noInput, message: "no store at \(Session.databasePath(options, env)); record rows with garden resolve --record") }
            guard let row = try store.ledgerRow(id: id) else { throw Failure(code: Exit.dataError, message: "no ledger row with id \(id)") }
            let (doc, transaction) = try Session.transaction(row.raw, rowID: row.rowID)
            return (transaction, doc)
        }
        return try stdinRow(env)
    }

    /// The one row on stdin (blank lines aside); no row, or a second one, is a usage error (64).
    package static func stdinRow(_ env: Environment) throws -> (Transaction, JSONDocument) {
        let lines = LineReader(env.stdin)
        var found: (Transaction, JSONDocument)?
        while let (number, line) = lines.next() {
            if case .text(let bytes) = line, bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            // One row only: a second one would be silently left out.
            if found != nil { throw CommandLineOptions.UsageError(description: "line \(number): a second row; give one row on stdin (or --id ID)") }
            guard case .text(let bytes) = line else { throw Failure(code: Exit.dataError, message: "line \(number): longer than 1 MiB") }
            switch RowReader().read(bytes) {
            case .success(let (doc, transaction)): found = (transaction, doc)
            case .failure(let reason): throw Failure(code: Exit.dataError, message: "line \(number): \(reason)")
            }
        }
        guard let found else { throw CommandLineOptions.UsageError(description: "no row: give --id ID or one JSON row on stdin") }
        return found
    }

    /// The language of category and budget names: `--lang pt|en` (default pt); any other code is a usage
    /// error, never a silent fallback.
    package static func language(_ options: CommandLineOptions) throws(CommandLineOptions.UsageError) -> Language {
        guard let code = options.value("--lang") else { return .portuguese }
        guard let language = Language(code: code) else { throw .init(description: "--lang must be pt or en, got \(code)") }
        return language
    }

    /// Checks a category id, suggesting close ones.
    package static func category(_ id: String, _ catalog: Catalog) throws -> String {
        guard catalog.taxonomy.contains(id) else {
            // A display name ("Mercado", "Groceries") is as good as the id when one category bears it.
            let named = catalog.taxonomy.named(id)
            if named.count == 1 { return named[0] }
            if named.count > 1 {
                throw Failure(code: Exit.dataError, message: "\"\(id)\" names \(named.count) categories: \(named.joined(separator: ", ")); give the id")
            }
            let hint = catalog.taxonomy.suggestions(for: id).map { "\"\($0)\"" }.joined(separator: ", ")
            throw Failure(code: Exit.dataError, message: "unknown category \"\(id)\"; did you mean \(hint)?")
        }
        return id
    }
}
