import GardenFoundation
import GardenCatalog
import GardenAnalysis
import GardenEngine
import GardenImport
import GardenImportKit
import GardenLinking
import GardenStore
import GardenCommandKit

/// `budgets set ID …` and `budgets remove ID`: one change of the user's budgets (``UserBudgets``), checked
/// against the catalog (a rule naming a removed budget refuses the change), saved with every recorded
/// row's new budget in one journal entry (``Store/saveUserBudgets(_:replacing:summary:rebudget:)``).
extension BudgetsCommand {
    /// Options only `set` reads.
    static let setOptions = ["--name", "--limit", "--currency", "--categories", "--merchants", "--rollover", "--no-rollover"]

    static func set(_ options: inout CommandLineOptions, _ env: Environment) throws -> Int32 {
        let verb = options.shift()!
        let typed = options.shift()
        try options.rejectPositional("budgets \(verb)")
        for option in ["--month", "--json", "--installments"] where options.value(option) != nil || options.flag(option) {
            throw CommandLineOptions.UsageError(description: "budgets \(verb): \(option) is for budgets --month")
        }
        let session = try Session.open(env, options, access: .create)
        let store = session.store!
        let old = try store.userBudgets()
        var new = old
        let book = session.user.budgets
        let language = try CommandSupport.language(options, env)
        let w = Saying(env.words)
        var said: [Said] = []
        // A budget by its id, or by the name `budgets list` shows in either language (newuser36 item 2: `set groceries`
        // under English added an empty budget beside `mercado`, shown as "Groceries").
        let id = try typed.map { try budgetID($0, book, creating: verb == "set" && options.value("--name") != nil) }
        let named = typed.flatMap { typed in id.flatMap { typed == $0 ? nil : env.words("\"\(typed)\" is the budget \($0)\n", "\"\(typed)\" é o orçamento \($0)\n") } } ?? ""
        if verb == "remove" {
            guard let id else { throw CommandLineOptions.UsageError(description: "budgets remove needs a budget id") }
            if let unknown = setOptions.first(where: { options.value($0) != nil || options.flag($0) }) ?? (options.value("--cycle-start") != nil ? "--cycle-start" : nil) {
                throw CommandLineOptions.UsageError(description: "budgets remove: \(unknown) is for budgets set")
            }
            guard book[id] != nil else {
                throw CommandSupport.Failure(code: Exit.dataError, message: "no budget \"\(id)\"" + ClosestNames.hint(for: id, among: book.budgets.keys.sorted())
                    + "; garden budgets list shows them")
            }
            new.entries.removeAll { $0.id == id }
            if book.defaultIDs.contains(id) { new.entries.append(UserBudgets.Entry(id: id, removed: true)) }
            new.merchants.removeAll { $0.budget == id }
            said.append(w("budget \(id) removed (its rows go to their category's budget, or outside the plan)", "orçamento \(id) removido (as linhas vão para o orçamento da categoria, ou Fora do planejamento)"))
        } else {
            if let day = try cycleStart(options) {
                new.cycleStart = day
                said.append(w("cycles start on day ", "os ciclos começam no dia ") + "\(day)")
            }
            if let id {
                said += try change(id, in: &new, options, session: session, store: store, language: language, env: env)
            } else if said.isEmpty {
                throw CommandLineOptions.UsageError(description: "budgets set needs a budget id (or --cycle-start DAY)")
            } else if let stray = setOptions.first(where: { options.value($0) != nil || options.flag($0) }) {
                throw CommandLineOptions.UsageError(description: "budgets set: \(stray) needs a budget id")
            }
        }
        new.entries.sort { $0.id < $1.id }
        new.merchants.sort { $0.merchantKey < $1.merchantKey }
        guard new != old else {
            env.stdout.write(named + env.words("nothing changed\n", "nada mudou\n"))
            return Exit.ok
        }
        // The user's rules over the changed book: a stored or file rule that names a budget no longer there refuses it.
        let user: UserKnowledge
        let storedRules = try store.rules().map { (id: $0.ruleID, text: $0.text) }
        do {
            user = try env.userKnowledge(options, session.catalog, storedRules: storedRules, userBudgets: new)
        } catch {
            throw CommandSupport.Failure(code: Exit.dataError, message: "\(error.description); change or remove that rule first (garden rules list)")
        }
        let rebudget = LedgerRebudget(before: book, catalog: session.catalog, user: user, learned: session.pipeline.learned)
        // The journal keeps the summary in English with its money in the stored form; `undo --list` says it in the
        // language of the run that lists it (``JournalSummaryWords``).
        let summary = "budgets \(verb) \(id ?? "")".trimmingCharacters(in: .whitespaces) + ": " + said.map(\.kept).joined(separator: "; ")
        let saved = try store.saveUserBudgets(new, replacing: old, summary: summary, rebudget: { rebudget($0) })
        env.stdout.write(named + said.map(\.shown).joined(separator: "\n") + "\n"
            + env.words("\(saved.rows) recorded row(s) changed budget; journal entry \(saved.journal); garden undo reverts it\n",
                "\(saved.rows) linha(s) registrada(s) mudaram de orçamento; entrada \(saved.journal) do diário; garden undo a desfaz\n"))
        return Exit.ok
    }

    /// The budget `typed` names: its id, else the budget whose name in either language is `typed` (compared without case
    /// or accents, as ``TextFold`` folds: "groceries", "Comer fora"), when one budget bears it. A valid id given with
    /// `--name` (`creating`) that no budget has is a new budget, whatever other budget's name it matches.
    /// - Throws: ``CommandSupport/Failure`` 65 when several budgets bear the name (their ids listed).
    static func budgetID(_ typed: String, _ book: BudgetBook, creating: Bool) throws -> String {
        guard book[typed] == nil, !book.defaultIDs.contains(typed) else { return typed }
        let isID = typed.unicodeScalars.first.map { ("a"..."z").contains($0) } == true
            && typed.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
        if creating && isID { return typed }
        let folded = TextFold.fold(typed)
        let named = book.budgets.values.filter { TextFold.fold($0.namePT) == folded || TextFold.fold($0.nameEN) == folded }.map(\.id).sorted()
        if named.count == 1 { return named[0] }
        if named.count > 1 {
            throw CommandSupport.Failure(code: Exit.dataError, message: "\"\(CPFScrubber.scrub(typed))\" names \(named.count) budgets: \(named.joined(separator: ", ")); give the id; nothing changed")
        }
        return typed
    }

    /// Applies `set ID`'s options to `budgets`; returns what it changed, one sentence each.
    static func change(_ id: String, in budgets: inout UserBudgets, _ options: CommandLineOptions, session: Session, store: Store,
                       language: Language, env: Environment) throws -> [Said] {
        guard id.utf8.count <= 32, let first = id.unicodeScalars.first, ("a"..."z").contains(first),
              id.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }) else {
            throw CommandLineOptions.UsageError(description: "a budget id is lower-case letters, digits and _ (up to 32, starting with a letter), got \"\(CPFScrubber.scrub(id))\"")
        }
        // A CPF never reaches the store (the budget, the journal, a snapshot), nor the message: the id is named masked.
        guard CPFScrubber.scrubCPF(id) == id else {
            throw CommandSupport.Failure(code: Exit.dataError, message: "\(CPFScrubber.scrubCPF(id)) holds a CPF: a budget id never does "
                + "(garden keeps a CPF only masked); nothing changed")
        }
        let book = session.user.budgets
        // An id garden has no budget for is a new budget only when --name says so (issue 36, newuser36 item 2): a typo
        // (`mercdo`) and a word that is no budget's id nor name (`groceries` under Portuguese) are refused, with the close ids.
        if book[id] == nil, !book.defaultIDs.contains(id), options.value("--name") == nil {
            throw CommandSupport.Failure(code: Exit.dataError, message: "no budget \"\(id)\"" + ClosestNames.hint(for: id, among: book.budgets.keys.sorted())
                + "; a new budget needs --name NAME (garden budgets list shows the budgets); nothing changed")
        }
        var entry = budgets.entries.first { $0.id == id } ?? UserBudgets.Entry(id: id)
        var said: [Said] = []
        let w = Saying(env.words)
        if entry.removed || book[id] == nil {
            entry.removed = false
            said.append(book.defaultIDs.contains(id) ? w("budget \(id) back", "orçamento \(id) de volta") : w("budget \(id) added", "orçamento \(id) adicionado"))
        }
        if let name = options.value("--name") {
            guard !name.allSatisfy(\.isWhitespace) else { throw CommandLineOptions.UsageError(description: "--name needs a name, got \"\(name)\"") }
            entry.name = CPFScrubber.scrub(name)
            said.append(w("name ", "nome ") + entry.name!)
        }
        if let code = options.value("--currency") {
            guard let currency = CurrencyCode(code) else { throw CommandLineOptions.UsageError(description: "--currency needs an ISO 4217 code (BRL, USD), got \(code)") }
            entry.currency = currency.code
        }
        if let text = options.value("--limit") { said.append(try limit(text, &entry, store: store, language: language)) }
        if let text = options.value("--categories") { said.append(try categories(text, of: id, &entry, in: &budgets, session: session, w)) }
        if let text = options.value("--merchants") { said.append(try merchants(text, of: id, in: &budgets, session: session, w)) }
        said += try rollover(options, &entry, cycleStart: budgets.cycleStart, env: env, w)
        if entry.rollover, entry.limit == nil { throw CommandLineOptions.UsageError(description: "--rollover needs a limit (--limit AMOUNT)") }
        if said.isEmpty { throw CommandLineOptions.UsageError(description: "budgets set \(id): nothing to set; give --name, --limit, --categories, --merchants or --rollover") }
        budgets.entries.removeAll { $0.id == id }
        budgets.entries.append(entry)
        return said
    }

    /// `--limit AMOUNT` (or `none`) on `entry`, in its currency, else the store's main one, else BRL.
    private static func limit(_ text: String, _ entry: inout UserBudgets.Entry, store: Store, language: Language) throws -> Said {
        let w = Saying(Phrasebook(language))
        if text == "none" {
            entry.limit = nil
            return w("no limit", "sem limite")
        }
        let code = try entry.currency ?? store.mainCurrency() ?? "BRL"
        guard let currency = CurrencyCode(code) else { throw CommandLineOptions.UsageError(description: "unknown currency \(code)") }
        // The one reader of typed amounts (``TypedAmount``, as `rows --amount` and `row correct --amount`), in the run's
        // convention: under Portuguese `1.200` is one thousand two hundred (issue 33, hostile F15; newuser36 item 7).
        let money: Money
        do throws(TypedAmount.Refusal) {
            money = try TypedAmount.parse(text, option: "--limit", currency: currency, language: language)
        } catch {
            throw CommandLineOptions.UsageError(description: error.message + Phrasebook(language)(" (or none: no limit)", " (ou none: sem limite)"))
        }
        guard money.minorUnits >= 0 else {
            throw CommandLineOptions.UsageError(description: Phrasebook(language)("--limit \"\(text)\" is negative: a limit is the most to spend, 0 or more",
                                                                                  "--limit \"\(text)\" é negativo: um limite é o máximo a gastar, 0 ou mais"))
        }
        entry.limit = money.minorUnits
        entry.currency = currency.code
        return w("limit ", "limite ") + w.money(money.minorUnits, currency.code)
    }

    /// `--categories ID,…` (`none`, or `default` for one of garden's budgets) on `entry`; a category listed
    /// here leaves any other budget the user listed it in.
    private static func categories(_ text: String, of id: String, _ entry: inout UserBudgets.Entry, in budgets: inout UserBudgets,
                                   session: Session, _ w: Saying) throws -> Said {
        if text == "default" {
            guard session.user.budgets.defaultIDs.contains(id) else {
                throw CommandLineOptions.UsageError(description: "--categories default: \(id) is not one of garden's budgets")
            }
            entry.categories = nil
            return w("garden's categories", "as categorias do garden")
        }
        let listed = text == "none" ? [] : try text.split(separator: ",").map { try CommandSupport.category(String($0).trimmingCharacters(in: .whitespaces), session.catalog, w.words.language) }
        entry.categories = listed
        // A category counts in one budget: another budget the user listed it in loses it.
        for index in budgets.entries.indices where budgets.entries[index].id != id {
            budgets.entries[index].categories?.removeAll { listed.contains($0) }
        }
        return w("categories ", "categorias ") + (listed.isEmpty ? w("none", "nenhuma") : Said(listed.joined(separator: ", ")))
    }

    /// `--merchants NAME,…` (or `none`): the budget's merchant assignments replaced, each name by its identity key.
    private static func merchants(_ text: String, of id: String, in budgets: inout UserBudgets, session: Session, _ w: Saying) throws -> Said {
        budgets.merchants.removeAll { $0.budget == id }
        var named: [String] = []
        for name in text == "none" ? [] : text.split(separator: ",").map({ String($0).trimmingCharacters(in: .whitespaces) }) where !name.isEmpty {
            let key = try merchantKey(name, session)
            budgets.merchants.removeAll { $0.merchantKey == key }
            budgets.merchants.append(UserBudgets.MerchantAssignment(merchantKey: key, budget: id, label: CPFScrubber.scrub(name)))
            named.append("\(CPFScrubber.scrub(name)) (\(key))")
        }
        return w("merchants ", "estabelecimentos ") + (named.isEmpty ? w("none", "nenhum") : Said(named.joined(separator: ", ")))
    }

    /// `--rollover` (from today's cycle) or `--no-rollover` on `entry`; what changed.
    private static func rollover(_ options: CommandLineOptions, _ entry: inout UserBudgets.Entry, cycleStart: Int, env: Environment, _ w: Saying) throws -> [Said] {
        if options.flag("--rollover") && options.flag("--no-rollover") {
            throw CommandLineOptions.UsageError(description: "--rollover and --no-rollover together")
        }
        if options.flag("--rollover"), !entry.rollover {
            entry.rollover = true
            entry.rolloverFrom = PayCycle.containing(BudgetLedger.today(env), startDay: cycleStart).month
            return [w("rollover from ", "saldo acumulado desde ") + entry.rolloverFrom!]
        }
        if options.flag("--no-rollover"), entry.rollover {
            entry.rollover = false
            entry.rolloverFrom = nil
            return [w("no rollover", "sem saldo acumulado")]
        }
        return []
    }

    /// The merchant identity key of a name given to `--merchants`: a key as the ledger shows it
    /// (`brand:atacadao`, `cnpj:18033552`, `name:padariadoze`), else the identity garden resolves the
    /// name to, as a bank line reading just that name ("Atacadão" → `brand:atacadao`).
    static func merchantKey(_ name: String, _ session: Session) throws -> String {
        for prefix in ["brand:", "cnpj:", "name:", "line:"] where name.hasPrefix(prefix) && name.count > prefix.count { return name }
        var w = JSONWriter(capacity: 64)
        w.beginObject()
        w.member("description", name)
        w.key("amount"); w.raw("-1")
        w.endObject()
        let (_, transaction) = try Session.transaction(String(decoding: w.bytes, as: UTF8.self))
        guard let key = session.pipeline.resolve(transaction).merchantKey else {
            throw CommandSupport.Failure(code: Exit.dataError, message: "\"\(CPFScrubber.scrub(name))\" names no merchant garden can tell apart; give its key as garden explain shows it (brand:…, name:…)")
        }
        return key
    }
}
