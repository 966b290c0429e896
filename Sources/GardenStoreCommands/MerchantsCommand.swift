import Foundation
import GardenFoundation
import GardenCatalog
import GardenEngine
import GardenStore
import GardenCommandKit

/// `garden merchants`: the merchant identities of the recorded rows with the forms the banks printed them in, which
/// printed forms follow another merchant and why (a name alike enough to a remembered one, or the user's merge), and
/// what memory holds for each; `merge KEY --into KEY` makes two printed forms one merchant, `split KEY` keeps one apart.
/// Merges and splits are journaled: `garden undo` reverts them.
package enum MerchantsCommand: Command {
    typealias Group = CommandOption.Group
    package static let name = "merchants"
    package static let arguments = "[merge KEY --into KEY | split KEY]"
    package static let summary = "the merchant identities with their printed forms (merge KEY --into KEY, split KEY)"
    package static let about = """
    Lists the merchant identities of the recorded rows with the forms they were printed in, the forms that follow a
    remembered merchant (a name alike enough, or merged by hand) and what memory holds. merge KEY --into KEY makes KEY
    one merchant with the other; split KEY keeps KEY apart from any similar name. Both are undone by garden undo.
    """
    package static let options = [
        CommandOption("--into", "KEY", "merge: the identity KEY becomes one merchant with"),
        CommandOption("--forms", "N", "printed forms shown per identity (default 5)"),
    ] + Group.data + Group.store
    package static let maximumArguments: Int? = 2
    package static let masksOutput = true

    package static func run(_ options: CommandLineOptions, _ env: Environment) throws -> Int32 {
        var options = options
        let verb = options.shift()
        switch verb {
        case nil: return try list(options, env)
        case "merge", "split": return try link(verb!, options, env)
        default: throw CommandLineOptions.UsageError(description: "merchants takes merge or split, or nothing (the list); got \"\(verb!)\"")
        }
    }

    /// `merge KEY --into KEY` and `split KEY`.
    static func link(_ verb: String, _ options: CommandLineOptions, _ env: Environment) throws -> Int32 {
        var options = options
        guard let key = options.shift() else { throw CommandLineOptions.UsageError(description: "merchants \(verb) needs an identity KEY (garden merchants lists them)") }
        try options.rejectPositional("merchants \(verb)")
        guard MerchantIdentity.isKey(key) else {
            throw CommandLineOptions.UsageError(description: "\"\(key)\" is no merchant identity (name:…, brand:…, cnpj:…, line:…, as garden merchants prints them)")
        }
        let target = options.value("--into")
        if verb == "merge" {
            guard let target else { throw CommandLineOptions.UsageError(description: "merchants merge needs --into KEY") }
            guard MerchantIdentity.isKey(target), target != key else {
                throw CommandLineOptions.UsageError(description: "--into needs another merchant identity, got \"\(target)\"")
            }
        } else if target != nil {
            throw CommandLineOptions.UsageError(description: "--into goes with merge, not split")
        }
        // A CPF never reaches the store, nor the message: the key is named masked.
        for text in [key, target].compactMap({ $0 }) where CPFScrubber.scrub(text) != text {
            throw CommandSupport.Failure(code: Exit.dataError, message: "\(CPFScrubber.scrub(text)) holds a CPF: a merchant identity never does "
                + "(garden keeps a CPF only masked); nothing changed")
        }
        guard FileManager.default.fileExists(atPath: Session.databasePath(options, env)) else {
            throw CommandSupport.Failure(code: Exit.noInput, message: "no store at \(Session.databasePath(options, env)); record rows with garden resolve --record")
        }
        let session = try Session.open(env, options, access: .write)
        let store = session.store!
        let unknown = try unknownKeys([key, target].compactMap { $0 }, session: session, store: store)
        guard unknown.isEmpty else {
            throw CommandSupport.Failure(code: Exit.dataError, message: "no recorded row, memory entry or merge knows the merchant identit\(unknown.count == 1 ? "y" : "ies") "
                + unknown.joined(separator: ", ") + " (garden merchants lists them, as it prints them); nothing changed")
        }
        let origin = "\(verb) by hand \(env.clock.timestamp())"
        let entry = verb == "merge" ? try store.mergeMerchant(key, into: target!, origin: origin) : try store.splitMerchant(key, origin: origin)
        let w = env.words
        let said = verb == "merge" ? w("\(key) is now one merchant with \(target!)", "\(key) agora é um só estabelecimento com \(target!)")
            : w("\(key) now stands alone: it follows no similar name", "\(key) agora fica sozinho: não segue nenhum nome parecido")
        env.committed.note("merchants: \(said) (journal entry \(entry))")
        env.stdout.write(said + w(" (journal entry \(entry); garden undo reverts it); run garden recategorize to apply it to recorded rows\n",
                                  " (entrada \(entry) do diário; garden undo a desfaz); rode garden recategorize para aplicá-lo às linhas registradas\n"))
        return Exit.ok
    }

    /// One identity of the list: its rows, and per printed form its own key and rows.
    struct Listed {
        var rows = 0
        var forms: [String: (own: String, words: [String]?, rows: Int)] = [:]
    }

    /// Of `keys`, those the store knows nowhere: not a key it holds (``Store/storedMerchantKeys()``), nor the identity
    /// or a printed form's own key of a recorded row as garden resolves it now (what the list prints).
    static func unknownKeys(_ keys: [String], session: Session, store: Store) throws -> [String] {
        let stored = try store.storedMerchantKeys()
        var unknown = keys.filter { !stored.contains($0) }
        guard !unknown.isEmpty else { return [] }
        try store.forEachLedgerRow { row in
            guard !unknown.isEmpty, let (_, transaction) = try? RowReader().read(stored: row.raw, rowID: row.rowID),
                  let identity = session.pipeline.identified(session.pipeline.context(transaction)).identity else { return }
            unknown.removeAll { $0 == identity.key || $0 == identity.ownKey }
        }
        return unknown
    }

    /// The list: every recorded row's identity as garden resolves it now, grouped.
    static func list(_ options: CommandLineOptions, _ env: Environment) throws -> Int32 {
        try options.rejectPositional("merchants")
        let shown = try options.value("--forms").map { text -> Int in
            guard let n = Int(text), n >= 1 else { throw CommandLineOptions.UsageError(description: "--forms needs a count of 1 or more, got \"\(text)\"") }
            return n
        } ?? 5
        let session = try Session.open(env, options, access: .read)
        guard let store = session.store else {
            env.stdout.write(env.words("no store at ", "nenhum arquivo de dados em ") + Session.databasePath(options, env)
                + env.words("; record rows with garden resolve --record\n", "; registre linhas com garden resolve --record\n"))
            return Exit.ok
        }
        var groups: [String: Listed] = [:]
        var unreadable = 0
        try store.forEachLedgerRow { row in
            guard let (_, transaction) = try? RowReader().read(stored: row.raw, rowID: row.rowID) else { unreadable += 1; return }
            let context = session.pipeline.identified(session.pipeline.context(transaction))
            guard let identity = context.identity else { return }
            var group = groups[identity.key] ?? Listed()
            group.rows += 1
            let printed = CPFScrubber.scrub(transaction.descriptorText)
            group.forms[printed, default: (identity.ownKey, identity.nameWords, 0)].rows += 1
            groups[identity.key] = group
        }
        let learned = session.pipeline.learned as? StoreLearnedState
        let w = env.words
        var out = ""
        for key in groups.keys.sorted(by: { groups[$0]!.rows != groups[$1]!.rows ? groups[$0]!.rows > groups[$1]!.rows : $0 < $1 }) {
            let group = groups[key]!
            out += "\(key)  " + w.rows(group.rows)
            if let memory = session.pipeline.learned.memory(merchantKey: key, direction: nil) {
                out += w("  memory: ", "  memória: ") + "\(memory.category) (\(memory.consistentCorrections) " + w("consistent)", "coerentes)")
            }
            out += "\n"
            let forms = group.forms.sorted { $0.value.rows != $1.value.rows ? $0.value.rows > $1.value.rows : $0.key < $1.key }
            for (printed, form) in forms.prefix(shown) {
                out += "  \"\(printed)\"  \(form.rows)"
                if form.own != key {
                    out += "  (\(form.own): \(why(form.own, form.words, learned)); garden merchants split \(form.own) " + w("keeps it apart)", "o mantém à parte)")
                }
                out += "\n"
            }
            if forms.count > shown { out += "  … \(forms.count - shown) " + w("more printed form(s)\n", "outra(s) forma(s) impressa(s)\n") }
        }
        env.stdout.write(out.isEmpty ? w("no recorded row names a merchant\n", "nenhuma linha registrada nomeia um estabelecimento\n") : out)
        if unreadable > 0 { env.complain(w("\(unreadable) recorded row(s) could not be read; left out", "\(unreadable) linha(s) registrada(s) ilegível(is); deixada(s) de fora")) }
        return unreadable > 0 ? Exit.dataError : Exit.ok
    }

    /// Why a printed form's own key follows another.
    static func why(_ own: String, _ words: [String]?, _ learned: StoreLearnedState?) -> String {
        switch learned?.following.following(own, words: words)?.reason {
        case .merged(let origin)?: return "merged (\(origin))"
        case .similar(let perMille)?: return "a spelling variant, the differing word \(perMille) ‰ alike (trigrams)"
        case nil: return "follows it"
        }
    }
}
