import GardenFoundation
import GardenStore
import GardenCommandKit

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
        env.stdout.write(w("added to me: ", "adicionado a me: ") + identity.summary + kept
            + w("; Pix and TED to or from you are now transfer.own\n", "; Pix e TED de ou para você agora são transfer.own\n"))
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
        return Exit.ok
    }
}
