import GardenFoundation
import GardenCatalog
import GardenEngine
import GardenStore
import GardenCommandKit
import GardenStoreCommands
import GardenLedger

/// `garden row delete ID...` and `garden row correct ID [--date D] [--amount A] [--description T] [--memo M]
/// [--account A] [--currency C] [--category ID] [--budget ID]`: remove recorded rows (a duplicate, a row recorded
/// by mistake), or correct what a row's input says (a wrong date or amount) and resolve it again, or give that one
/// row its category or budget (an exception: a manual override for the row alone, which teaches no merchant
/// memory, no naive-Bayes counts and no rule, unlike `garden teach`); each one journal entry that `garden undo`
/// reverts exactly (a deleted row comes back with its links).
enum RowCommand: Command {
    typealias Group = CommandOption.Group
    static let name = "row"
    static let arguments = "delete ID... | correct ID [--date D] [--amount A] [--description T] [--memo M] [--account A] [--currency C] [--category ID] [--budget ID]"
    static let summary = "delete | correct: remove recorded rows, or correct a row's input and resolve it again (journaled)"
    static let about = """
    delete removes recorded rows (with the links they are part of); correct changes what a recorded row's input
    says (canonical rows: the fields garden import writes) and resolves it again, keeping its row id; with
    --category or --budget it gives this row alone that category or budget (nothing is learned about its
    merchant: garden teach does that). Each is one journal entry: garden undo puts the rows back exactly.
    """
    static let fields = ["date", "amount", "description", "memo", "account", "currency"]
    /// What `correct` may set on the row's resolution alone (a manual override), not on its input.
    static let resolutionFields = ["category", "budget"]
    static let options = fields.map { CommandOption("--" + $0, $0.uppercased(), "correct: the row's \($0)") }
        + [CommandOption("--category", "ID", "correct: this row's category alone (an id or a name; its merchant learns nothing)"),
           CommandOption("--budget", "ID", "correct: this row's budget alone")] + Group.data + Group.store
    static let maximumArguments: Int? = nil
    static let masksOutput = true

    static func run(_ options: CommandLineOptions, _ env: Environment) throws -> Int32 {
        var options = options
        guard let verb = options.shift(), verb == "delete" || verb == "correct" else {
            throw CommandLineOptions.UsageError(description: "row needs delete or correct")
        }
        let ids = options.positional
        guard !ids.isEmpty else { throw CommandLineOptions.UsageError(description: "row \(verb) needs a row id (garden export or garden review lists them)") }
        let given = fields.filter { options.value("--" + $0) != nil }
        let resolved = resolutionFields.filter { options.value("--" + $0) != nil }
        if verb == "delete" {
            guard given.isEmpty, resolved.isEmpty else { throw CommandLineOptions.UsageError(description: "--\((given + resolved)[0]) is for row correct") }
            return try delete(ids, options, env)
        }
        guard ids.count == 1 else { throw CommandLineOptions.UsageError(description: "row correct takes one row id, got \(ids.count)") }
        guard !given.isEmpty || !resolved.isEmpty else {
            throw CommandLineOptions.UsageError(description: "give what to correct: " + (fields + resolutionFields).map { "--" + $0 }.joined(separator: ", "))
        }
        guard given.isEmpty || resolved.isEmpty else {
            throw CommandLineOptions.UsageError(description: "row correct changes the input (--\(given[0])) or the row's own category and budget (--\(resolved[0])), one at a time: run it twice")
        }
        return resolved.isEmpty ? try correct(ids[0], given, options, env) : try override(ids[0], options, env)
    }

    /// `row correct ID --category C --budget B`: a manual override for this row alone, journaled as a
    /// correction that identifies no merchant (so no memory, naive-Bayes counts or rule come of it); the
    /// row's stored resolution follows at once.
    static func override(_ named: String, _ options: CommandLineOptions, _ env: Environment) throws -> Int32 {
        let session = try Session.open(env, options, access: .write)
        guard let store = session.store else { _ = try openStore(options, env); return Exit.noInput }
        guard let old = try store.ledgerRow(id: named) else { throw CommandSupport.noSuchRow(named, store) }
        // The override is kept under the id the ledger keeps the row by: a posted row's own id names its settled
        // pending twin, and an override stored under the posted id would name no row.
        let id = old.rowID
        let current = LedgerEntry(old).resolution
        var category = current.category
        if let text = options.value("--category") {
            guard text != "uncategorized" else {
                throw CommandSupport.Failure(code: Exit.dataError, message: "uncategorized is what garden says when it cannot tell: give the category the row belongs to")
            }
            category = try CommandSupport.category(text, session.catalog, env.words.language)
        }
        let budget = options.value("--budget")
        if let budget { _ = try CommandSupport.budget(budget, session.catalog.budgets) }
        let transaction = try Session.transaction(old.raw, rowID: id).1
        let context = session.pipeline.context(transaction)
        let correction = Correction(rowID: id, category: category, merchant: nil, budget: budget, merchantKey: nil,
                                    direction: context.direction?.rawValue ?? "any", features: [], merchantWords: nil)
        let w = env.words
        // The same correction again changes nothing: no second journal entry, so one undo takes it back (newuser36 item 12).
        if let existing = session.pipeline.learned.override(rowID: id), existing.category == category, existing.budget == budget,
           existing.merchant == nil, current.category == category {
            env.stdout.write(w("row \(id) is already corrected to \(category)", "a linha \(id) já está corrigida para \(category)")
                + (budget.map { w(", budget ", ", orçamento ") + $0 } ?? "") + w(": nothing changed\n", ": nada mudou\n"))
            return Exit.ok
        }
        let origin = "corrected \(env.clock.timestamp())"
        try store.teach(correction, origin: origin, rowAlone: true) {
            try TeachCommand.updatedRow(context, correction, origin: origin, session: session, language: env.words.language)
        }
        env.committed.note("row \(id) → \(category)")
        let now = try store.ledgerRow(id: id).map { LedgerEntry($0).resolution }
        env.stdout.write(w("corrected row \(id) alone: ", "corrigida só a linha \(id): ") + "\(category) \"\(session.catalog.taxonomy[category]?.name(w.language) ?? now?.categoryName ?? category)\""
            + (now?.budget.map { w(", budget ", ", orçamento ") + $0 } ?? "") + (now?.review == true ? w(", flagged for review", ", a revisar") : "")
            + w("; its merchant learns nothing (garden teach --id \(id) teaches it); garden undo puts it back\n",
                "; o estabelecimento não aprende nada (garden teach --id \(id) o ensina); garden undo a devolve\n"))
        return Exit.ok
    }

    static func openStore(_ options: CommandLineOptions, _ env: Environment) throws -> Store {
        guard let store = try Session.store(env, options, .write) else {
            throw CommandSupport.Failure(code: Exit.noInput, message: "no store at \(Session.databasePath(options, env)); record rows with garden resolve --record")
        }
        return store
    }

    static func delete(_ ids: [String], _ options: CommandLineOptions, _ env: Environment) throws -> Int32 {
        let store = try openStore(options, env)
        let deleted = try store.deleteLedgerRows(ids)
        let missing = ids.filter { !deleted.contains($0) }
        let known = missing.isEmpty ? [] : (try? store.ledgerRowIDs()) ?? []
        for id in missing { env.complain("no ledger row with id \(id)" + ClosestNames.hint(for: id, among: known) + env.words("; left out", "; deixada de fora")) }
        guard !deleted.isEmpty else { return Exit.dataError }
        env.committed.note("deleted \(deleted.count) row(s)")
        env.stdout.write(env.words("deleted \(deleted.count) row(s): ", "apagada(s) \(deleted.count) linha(s): ") + deleted.joined(separator: " ")
            + env.words("; garden undo puts them back\n", "; garden undo as devolve\n"))
        return missing.isEmpty ? Exit.ok : Exit.dataError
    }

    static func correct(_ named: String, _ given: [String], _ options: CommandLineOptions, _ env: Environment) throws -> Int32 {
        let session = try Session.open(env, options, access: .write)
        guard let store = session.store else { _ = try openStore(options, env); return Exit.noInput }
        guard let old = try store.ledgerRow(id: named) else { throw CommandSupport.noSuchRow(named, store) }
        // The row the id names, under the id the ledger keeps it by (a posted row's own id names its settled pending twin).
        let id = old.rowID
        let (doc, read) = try Session.transaction(old.raw, rowID: id)
        guard read.format == .canonical else {
            throw CommandSupport.Failure(code: Exit.dataError, message: "row \(id) came as a \(read.format.rawValue) transaction: correct it at its source and record it again")
        }
        // The amount and currency, read exactly and written as a JSON number (no digit grouping to read again).
        let amount = given.contains("amount") || given.contains("currency")
            ? try correctedAmount(options.value("--amount"), currency: options.value("--currency"), old: read, id: id, language: env.words.language) : nil
        // The corrected line: each field given replaced (or added), as its JSON string (the amount as a number).
        var bytes = doc.bytes
        for field in fields where given.contains(field) || (field == "amount" && amount != nil) {
            var value: [UInt8] = []
            switch field {
            case "amount": value = Array((amount?.decimalString ?? "null").utf8)
            case "currency": JSONWriter.appendEscaped(amount?.currency.code ?? options.value("--currency")!, to: &value)
            default: JSONWriter.appendEscaped(options.value("--" + field)!, to: &value)
            }
            var out: [UInt8] = []
            JSONSplice.replacingMember(key(field), in: try JSONScanner.parse(bytes), with: value, into: &out)
            bytes = out
        }
        let corrected: (JSONDocument, Transaction)
        do {
            corrected = try RowReader().read(stored: String(decoding: bytes, as: UTF8.self), rowID: id)
        } catch {
            throw CommandSupport.Failure(code: Exit.dataError, message: "row \(id): the correction cannot be read: \(error)")
        }
        var pipeline = session.pipeline
        pipeline.recordsMerchantKey = true
        let resolution = pipeline.resolve(corrected.1)
        var w = JSONWriter(capacity: 512)
        ResolutionWriter(taxonomy: session.catalog.taxonomy, language: env.words.language).write(resolution, into: &w)
        let row = LedgerRecorder.row(doc: corrected.0, transaction: corrected.1, resolution: resolution, resolutionJSON: w.bytes,
                                     accountKey: try store.identityKey(create: true))
        let summary = "correct \(id): " + given.map { "\($0) \(CPFScrubber.scrub(options.value("--" + $0)!))" }.joined(separator: ", ")
        try store.correctLedgerRow(row, summary: summary)
        env.committed.note(summary)
        let entry = LedgerEntry(row)
        let words = env.words
        let name = session.catalog.taxonomy[entry.resolution.category]?.name(words.language) ?? entry.resolution.categoryName
        env.stdout.write(words("corrected row \(id): ", "corrigida a linha \(id): ") + given.joined(separator: ", ") + words("; now ", "; agora ")
            + "\(entry.resolution.category) \"\(name)\"" + (entry.resolution.review ? words(", flagged for review", ", a revisar") : "")
            + words("; garden undo puts it back\n", "; garden undo a devolve\n"))
        return Exit.ok
    }

    /// The amount a correction gives a row, exactly, in the currency it gives (else the row's): `--amount` read as
    /// people write amounts in that currency (``Money/ungrouped(_:convention:)``: `1.234,56` in BRL, `1,234.56` in
    /// USD and any other, `-12.50` in any), or, for `--currency` alone, the row's amount as it stands, now in that currency
    /// (`-1234.00` BRL → `-1234.00` USD, never divided or multiplied by a power of ten).
    /// - Throws: ``CommandSupport/Failure`` 65 for an unknown currency, a text that is not an amount or whose grouping
    ///   is ambiguous in that currency, and an amount with more decimals than the currency has (never rounded).
    static func correctedAmount(_ text: String?, currency code: String?, old: Transaction, id: String, language: Language = .english) throws -> Money {
        var currency = old.currency
        if let code {
            guard let given = CurrencyCode(code) else {
                throw CommandSupport.Failure(code: Exit.dataError, message: "--currency \"\(code)\" is no ISO 4217 currency code (BRL, USD, EUR, …)")
            }
            currency = given
        }
        let digits = "\(currency.fractionDigits) decimal\(currency.fractionDigits == 1 ? "" : "s")"
        if let text {
            // The one reader of typed amounts (``TypedAmount``, as `budgets set --limit` and `rows --amount`): a number too
            // large says so, a letter that it is no amount, a grouping that it reads two ways.
            do throws(TypedAmount.Refusal) {
                return try TypedAmount.parse(text, option: "--amount", currency: currency, language: language)
            } catch {
                throw CommandSupport.Failure(code: Exit.dataError, message: error.message)
            }
        }
        guard let amount = old.amount else {
            throw CommandSupport.Failure(code: Exit.dataError, message: "row \(id) has no amount to keep in \(currency.code): give --amount too")
        }
        guard let parsed = try? Money.parse(Array(amount.decimalString.utf8), currency: currency), !parsed.rounded else {
            throw CommandSupport.Failure(code: Exit.dataError, message: "row \(id): \(amount.decimalString) \(amount.currency.code) has more decimals than "
                + "\(currency.code)'s \(digits): give --amount too")
        }
        return parsed.money
    }

    /// The canonical member a corrected field is.
    static func key(_ field: String) -> StaticString {
        switch field {
        case "date": "date"
        case "amount": "amount"
        case "description": "description"
        case "memo": "memo"
        case "account": "account"
        default: "currency"
        }
    }
}
