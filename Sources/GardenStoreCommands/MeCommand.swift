import GardenFoundation
import GardenEngine
import GardenStore
import GardenCommandKit
import GardenLedger

/// `garden me add --name NAME --document CPF|CNPJ --account ACCOUNT`: the holder's own names, documents
/// (kept only as an HMAC-SHA256 under a key in a 0600 file, plus the mask) and accounts, so a Pix or TED
/// to or from them is `transfer.own`. `garden me list` shows them (masked).
package enum MeCommand: Command {
    typealias Group = CommandOption.Group
    package static let name = "me"
    package static let arguments = "add [--name NAME] [--document CPF|CNPJ] [--account ACCOUNT] | remove [--name NAME] [--document D] [--account A] [--all-documents] | list"
    package static let summary = "add | remove | list: the holder's own names, documents and accounts"
    package static let about = "Your own names, documents (kept as HMAC-SHA256 + mask) and accounts: Pix/TED to or from them is transfer.own."
    package static let options = [
        CommandOption("--name", "NAME", "a name of yours"),
        CommandOption("--document", "CPF|CNPJ", "a document of yours (stored only as HMAC-SHA256 and the mask)"),
        CommandOption("--account", "ACCOUNT", "an account of yours"),
        CommandOption("--all-documents", nil, "remove: forget every stored document, keeping names and accounts (a lost identity key)"),
    ] + Group.store + [Group.dataFolder]
    package static let maximumArguments: Int? = nil
    package static let masksOutput = true

    package static func run(_ options: CommandLineOptions, _ env: Environment) throws -> Int32 {
        var options = options
        guard let verb = options.shift(), ["add", "list", "remove"].contains(verb) else {
            throw CommandLineOptions.UsageError(description: "me needs add, remove or list")
        }
        try options.rejectPositional("me \(verb)")
        if verb == "remove" { return try remove(options, env) }
        if options.flag("--all-documents") { throw CommandLineOptions.UsageError(description: "--all-documents is for me remove") }
        guard let store = try Session.store(env, options, verb == "list" ? .read : .create) else {
            env.stdout.write(env.words("no store at ", "nenhum arquivo de dados em ") + Session.databasePath(options, env) + "\n")
            return Exit.ok
        }
        if verb == "list" {
            for identity in try store.identities() {
                env.stdout.write("\(identity.name ?? "-")\t\(identity.documentMask ?? "-")\t\(identity.account ?? "-")\n")
            }
            return Exit.ok
        }
        guard options.value("--name") != nil || options.value("--document") != nil || options.value("--account") != nil else {
            throw CommandLineOptions.UsageError(description: "give at least one of --name, --document, --account")
        }
        for option in ["--name", "--document", "--account"] {
            if let value = options.value(option), value.allSatisfy(\.isWhitespace) { throw CommandLineOptions.UsageError(description: "\(option) needs a value, got \"\(value)\"") }
        }
        if let document = options.value("--document") {
            let digits = document.unicodeScalars.filter { ("0"..."9").contains($0) }.count
            if CNPJ(document.uppercased()) == nil, !(digits == 11 && CPF.isValid(document)) {
                throw CommandSupport.Failure(code: Exit.dataError, message: "\"\(CPFScrubber.scrub(document))\" is neither a valid CPF (11 digits, check digits included) nor a valid CNPJ")
            }
        }
        guard let identity = try store.addIdentity(name: options.value("--name").map { CPFScrubber.scrub($0) }, document: options.value("--document"), account: options.value("--account").map { CPFScrubber.scrubAccountName($0) }) else {
            env.stdout.write(env.words("already known; nothing new added\n", "já conhecido; nada novo adicionado\n"))
            return Exit.ok
        }
        env.committed.note("added to me: \(identity.summary)")
        let w = env.words
        let kept = identity.documentMask == nil ? "" : w(" (the document kept as HMAC-SHA256)", " (o documento guardado como HMAC-SHA256)")
        // The entry's words (name, document, account) in the run's language, as `undo --list` says them.
        env.stdout.write(w("added to me: ", "adicionado a me: ") + JournalSummaryWords.text(identity.summary, w.language) + kept)
        // The rule's sentence names the category as the taxonomy does in the run's language (one language a screen).
        let recorded: String
        do { recorded = try resolveRecorded(after: "me add", options, env, announcing: true) } catch { env.stdout.write("\n"); throw error }
        env.stdout.write(recorded)
        return Exit.ok
    }

    /// `me remove`: the identities matching every value given, or every stored document; journaled (`undo` puts them back).
    static func remove(_ options: CommandLineOptions, _ env: Environment) throws -> Int32 {
        let all = options.flag("--all-documents")
        let given = ["--name", "--document", "--account"].filter { options.value($0) != nil }
        guard all != !given.isEmpty else {
            throw CommandLineOptions.UsageError(description: all ? "--all-documents stands alone" : "give --name, --document or --account (or --all-documents)")
        }
        guard let store = try Session.store(env, options, .write) else {
            throw CommandSupport.Failure(code: Exit.noInput, message: "no store at \(Session.databasePath(options, env))")
        }
        let removed = try store.removeIdentities(name: options.value("--name").map { CPFScrubber.scrub($0) }, document: options.value("--document"),
                                                 account: options.value("--account").map { CPFScrubber.scrubAccountName($0) }, allDocuments: all)
        guard !removed.isEmpty else {
            env.stdout.write(all ? env.words("no document stored; nothing removed\n", "nenhum documento guardado; nada removido\n")
                : env.words("no identity of yours matches; nothing removed (garden me list shows them)\n",
                            "nenhuma identidade sua corresponde; nada removido (garden me list as mostra)\n"))
            return Exit.ok
        }
        env.committed.note("removed from me: \(removed.count) identit(ies)")
        let what = all ? env.words("the document of \(removed.count) identit(ies)", "o documento de \(removed.count) identidade(s)") : removed.map(\.summary).joined(separator: "; ")
        env.stdout.write(env.words("removed from me: \(what); garden undo puts it back\n", "removido de me: \(what); garden undo o devolve\n"))
        env.stdout.write(try resolveRecorded(after: "me remove", options, env))
        return Exit.ok
    }

    /// The recorded rows the changed identity reads otherwise — a Pix or TED to or from the holder that becomes
    /// `transfer.own`, or stops being it — resolved again at once and written as one journal entry of their own, as
    /// `teach` settles its group (newuser36 item 3: after `me add` the month's own TED kept counting as a transfer to a
    /// person until a `recategorize` nothing asked for). Only those rows: what else a later `recategorize` would change
    /// (a rule added, a merchant taught) waits for it. `undo` reverts the rows, a second `undo` the identity.
    /// With `announcing`, the text begins with the end of `me add`'s line: what Pix and TED to or from the holder are now.
    static func resolveRecorded(after change: String, _ options: CommandLineOptions, _ env: Environment,
                                announcing: Bool = false) throws -> String {
        let session = try Session.open(env, options, access: .write, recordsResolutions: true)
        let w = env.words
        // `"Entre minhas contas" (transfer.own)`: the category's name, its id as review shows a guess.
        let own = (session.catalog.taxonomy[ownTransfer]?.name(w.language)).map { "\"\($0)\" (\(ownTransfer))" } ?? ownTransfer
        let announced = announcing ? w("; Pix and TED to or from you now count as \(own)\n", "; Pix e TED de ou para você agora contam como \(own)\n") : ""
        guard let store = session.store else { return announced }
        let writer = ResolutionWriter(taxonomy: session.catalog.taxonomy, language: env.words.language)
        var changed: [(read: LedgerRow, new: LedgerRow)] = []
        var examined = 0
        try store.forEachLedgerRow { row in
            examined += 1
            guard let transaction = try? Session.transaction(row.raw, rowID: row.rowID).1 else { return }
            let updated = Session.resolved(row, session.pipeline.resolve(transaction), writer)
            let before = LedgerEntry(row).resolution.category, after = LedgerEntry(updated).resolution.category
            if before != after, before == ownTransfer || after == ownTransfer { changed.append((row, updated)) }
        }
        guard !changed.isEmpty else { return announced + (examined == 0 ? "" : w("no recorded row changes\n", "nenhuma linha registrada muda\n")) }
        let applied = try store.applyRecategorization(changed, summary: "\(changed.count) recorded row(s) resolved again after \(change)") { _ in }
        guard applied.journal != 0 else { return announced }
        env.committed.note("recategorize applied as journal entry \(applied.journal)")
        let skipped = Set(applied.skipped)
        let written = changed.filter { !skipped.contains($0.read.rowID) }
        let into = written.filter { LedgerEntry($0.new).resolution.category == ownTransfer }.count
        return announced + (into > 0 ? w("\(into) recorded row(s) now \(own)", "\(into) linha(s) registrada(s) agora \(own)") : "")
            + (into > 0 && written.count > into ? ", " : "")
            + (written.count > into ? w("\(written.count - into) recorded row(s) no longer \(own)", "\(written.count - into) linha(s) registrada(s) não mais \(own)") : "")
            + w(" (journal entry \(applied.journal): garden undo reverts it, a second undo the change to me)\n",
                " (entrada \(applied.journal) do diário: garden undo a desfaz, um segundo undo a mudança em me)\n")
    }

    /// The category of a move between the holder's own accounts.
    static let ownTransfer = "transfer.own"
}
