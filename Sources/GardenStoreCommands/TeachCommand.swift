import GardenFoundation
import GardenCatalog
import GardenEngine
import Foundation
import GardenResolvers
import GardenStore
import GardenCommandKit
import GardenLedger

/// `garden teach`: learns from one correction at once. Records a manual override for the row, updates
/// merchant memory (keyed on the merchant identity and the direction), the naive-Bayes counts and its
/// calibration examples, and proposes a rule about the merchant, which `--apply` adds.
package enum TeachCommand: Command {
    typealias Group = CommandOption.Group
    package static let name = "teach"
    package static let arguments = "(--id ID | < row.json) --category ID"
    package static let summary = "learn from a correction (--id ID or a row on stdin, --category ID)"
    package static let about = "Records the correction, learns from it, and proposes a rule (added with --apply)."
    package static let options = [
        CommandOption("--id", "ID", "a recorded row, instead of a row on stdin"),
        CommandOption("--category", "ID", "the right category (garden categories lists them)"),
        CommandOption("--merchant", "NAME", "the right merchant name"),
        CommandOption("--budget", "ID", "the right budget"),
        CommandOption("--apply", nil, "add the proposed rule"),
        CommandOption("--rule", nil, "the same as --apply"),
    ] + Group.data + Group.store
    package static let masksOutput = true

    package static func run(_ options: CommandLineOptions, _ env: Environment) throws -> Int32 {
        let categoryText = try categoryArgument(options, env)
        // The stdin row is read before the store is made, so a usage error leaves nothing behind.
        let given = options.value("--id") == nil ? try CommandSupport.stdinRow(env) : nil
        let session = try Session.open(env, options, access: .create)
        let store = session.store!
        let category = try CommandSupport.category(categoryText, session.catalog, env.words.language)
        if let budget = options.value("--budget") { _ = try CommandSupport.budget(budget, session.user.budgets) }
        let (transaction, _) = try given ?? CommandSupport.row(options, session, env)
        let context = session.pipeline.identified(session.pipeline.context(transaction))
        // A CPF in the merchant's name is stored masked (overrides, memory, rules, journal).
        let merchant = options.value("--merchant").map { CPFScrubber.scrub($0) }
        // Which identity learns the correction, or the row alone (a correction contradicting the bank's own line).
        let scope = CorrectionScope.of(context, category: category)
        let learns = scope.learns
        let key = learns ? MerchantKey.forCorrection(context, merchant: merchant, category: category) : nil
        // A name remembered under its own key keeps its words, which its printed variants are compared with.
        let words = context.identity.flatMap { $0.follows == nil && key == $0.key ? $0.nameWords : nil }
        let correction = Correction(rowID: context.rowID, category: category, merchant: merchant, budget: options.value("--budget"),
                                    merchantKey: key, direction: context.direction?.rawValue ?? "any",
                                    features: learns ? FeatureExtractor.features(context) : [], merchantWords: words)
        let origin = "taught \(env.clock.timestamp())"
        // A rule about the merchant, measured before anything changes.
        var proposal = learns ? RuleProposal.make(context: context, category: category, merchant: merchant) : nil
        // A brand that sells everything (a marketplace: Amazon, Mercado Livre) taught as no purchase (a fee, a transfer,
        // income: its own charge or payout line) gets a rule about all its rows only once memory would decide them alone
        // (two consistent corrections): one such line says nothing about its purchases (issue 37: Mercado Livre's
        // overdue-fee debit, taught as a fee with `--apply`, made every later Mercado Livre purchase a fee).
        var heldBack: String?
        if proposal != nil, let key, context.identity?.sellsEverything(context.engine.brandNames) == true,
           Taxonomy.id(category, isWithin: "fees") || FlowPolicy.flow(of: category) != .expense {
            let required = MerchantMemoryResolver().required(sellsEverything: true)
            let consistent = try store.consistentCorrections(merchantKey: key, direction: correction.direction, category: category) + 1
            if consistent < required {
                proposal = nil
                heldBack = env.words("\(key) sells everything, so one correction says little about its other rows: teach \(required - consistent) more of its rows the same way and garden proposes a rule",
                                     "\(key) vende de tudo, então uma correção diz pouco sobre as outras linhas: ensine mais \(required - consistent) linha(s) dele do mesmo jeito e o garden propõe uma regra")
            }
        }
        // Printed variants of the merchant that follow it once it is remembered are its rows too.
        let variants = try correction.merchantKey.map { try TeachPreview.variants(of: $0, words: words, session: session) } ?? []
        let impact = try proposal.map { try RuleImpact.measure($0, rowID: context.rowID, store: store, category: category, merchant: merchant, variants: variants) }
        let apply = options.flag("--apply") || options.flag("--rule")
        // A rule that already says it (a file rule, or a stored one of the same text) is not added again.
        let existing = proposal.flatMap { proposal in session.user.rules.all.first { $0.text == proposal.text } }
        // A rule with the proposal's conditions and another answer (issue 33, hostile F6: an earlier `teach --apply` of
        // this merchant the user now corrects) decides these rows first: a stored one is replaced by the new answer in
        // the same journal entry; a file rule is the user's to edit, and a rule that would never fire is not added.
        let rival = existing == nil ? try proposal.flatMap { try rivalRule($0.text, session) } : nil
        let storedRival = try rival.flatMap { rule in try store.rules().first { $0.ruleID == rule.id } }
        let adds = apply && existing == nil && (rival == nil || storedRival != nil)
        // Whether the taught row was in the review queue: it leaves it with the correction, and `teach` counts it with
        // the rest of its group (newuser36 item 4: "0 of 1 left the queue" for a group of 2 both of which left).
        let taughtWasFlagged = try store.ledgerRow(id: context.rowID).map { LedgerEntry($0).resolution.review } ?? false
        let taught = try store.teach(correction, origin: origin, rule: adds ? proposal?.text : nil, replacing: adds ? storedRival?.id : nil) {
            try updatedRow(context, correction, origin: origin, session: session, language: env.words.language)
        }
        let added = taught.flatMap { $0.isNew ? $0.rule : nil }
        let already = apply ? existing?.id ?? taught.flatMap { $0.isNew ? nil : $0.rule.ruleID } : nil
        env.committed.note("teach: row \(context.rowID) → \(category)" + (added.map { ", rule \($0.ruleID) added" } ?? "")
                           + (added != nil ? storedRival.map { ", replacing \($0.ruleID)" } ?? "" : ""))
        env.stdout.write(try report(correction, context, scope: scope, proposal: proposal, impact: impact, added: added, already: already,
                                    rival: rival, replaced: added != nil ? storedRival?.ruleID : nil,
                                    variants: variants, heldBack: heldBack, store: store, env.words))
        if options.value("--id") != nil {
            let taughtLeft = try taughtWasFlagged && store.ledgerRow(id: context.rowID).map { !LedgerEntry($0).resolution.review } == true
            env.stdout.write(try settleFlagged(correction.merchantKey, direction: correction.direction, taught: (context.rowID, taughtWasFlagged, taughtLeft), options, env))
        }
        return Exit.ok
    }

    /// The first user rule (file or stored) with the same conditions as rule `text` and other actions: the rule that
    /// decides the rows `text` is about (equally specific rules are ranked by order, and a new stored rule comes last).
    static func rivalRule(_ text: String, _ session: Session) throws -> UserRule? {
        let catalog = session.catalog
        let parser = UserRuleParser(taxonomy: catalog.taxonomy, budgets: session.user.budgets, brandIDs: Set(catalog.brands.map(\.id)),
                                    processorIDs: Set(catalog.processors.map(\.id)))
        guard let rule = try? parser.parseRule(text, id: "new", source: SourceLocation(file: "rule", line: 1)) else { return nil }
        let conditions = rule.conditions.map(RulesCommand.normalize)
        return session.user.rules.all.first { $0.conditions.map(RulesCommand.normalize) == conditions && Set($0.actions) != Set(rule.actions) }
    }

    /// The recorded rows of the taught merchant (its identity, the taught direction) still flagged for
    /// review, resolved again now with what was just learned, so the group the correction settles leaves
    /// the review queue at once (no `recategorize` needed for them); written as one recategorize journal
    /// entry when any changed. Rows not flagged wait for `garden recategorize`, as before.
    /// `taught`: whether the taught row itself was flagged, and whether it left the queue; it is counted with its group's
    /// rows (a group of 2 taught by one of them says "2 of 2"). A row without a merchant key (`key` nil) is its group alone.
    static func settleFlagged(_ key: String?, direction: String, taught: (rowID: String, wasFlagged: Bool, left: Bool) = ("", false, false),
                              _ options: CommandLineOptions, _ env: Environment) throws -> String {
        let own = taught.wasFlagged ? 1 : 0, ownLeft = taught.left ? 1 : 0
        func said(_ settled: Int, _ flagged: Int, journal: Int64?) -> String {
            guard flagged > 0 else { return "" }
            let undo = journal.map { env.words(" (journal entry \($0): garden undo reverts it, a second undo the correction)", " (entrada \($0) do diário: garden undo a desfaz, um segundo undo a correção)") } ?? ""
            return env.words("settled now: \(settled) of \(flagged) flagged row(s) of this merchant left the review queue" + undo + "\n",
                             "resolvido agora: \(settled) de \(flagged) linha(s) a revisar deste estabelecimento saíram da fila de revisão" + undo + "\n")
        }
        let session = try Session.open(env, options, access: .write, recordsResolutions: true)
        guard let store = session.store, let key else { return said(ownLeft, own, journal: nil) }
        var flagged: [String] = []
        try store.forEachLedgerEntry(.all, reviewOnly: true) { entry in
            if entry.merchantKey == key, entry.rowID != taught.rowID, (entry.resolution.direction ?? "any") == direction || direction == "any" { flagged.append(entry.rowID) }
        }
        guard !flagged.isEmpty else { return said(ownLeft, own, journal: nil) }
        let writer = ResolutionWriter(taxonomy: session.catalog.taxonomy, language: env.words.language)
        var changed: [(read: LedgerRow, new: LedgerRow)] = []
        for id in flagged {
            guard let row = try store.ledgerRow(id: id), let transaction = try? Session.transaction(row.raw, rowID: id).1 else { continue }
            let updated = Session.resolved(row, session.pipeline.resolve(transaction), writer)
            if updated.resolution != row.resolution { changed.append((row, updated)) }
        }
        guard !changed.isEmpty else { return said(ownLeft, own + flagged.count, journal: nil) }
        let settled = changed.filter { !LedgerEntry($0.new).resolution.review }.count
        let summary = "\(changed.count) flagged row(s) of \(key) resolved again after teach"
        let applied = try store.applyRecategorization(changed, summary: summary) { _ in }
        env.committed.note("recategorize applied as journal entry \(applied.journal)")
        return said(ownLeft + settled, own + flagged.count, journal: applied.journal)
    }

    /// `--category`, after the checks made before anything is read or created: a category and a merchant name
    /// given, not `uncategorized`, and for `--id` a store that exists (none is made for it: 66, nothing created).
    private static func categoryArgument(_ options: CommandLineOptions, _ env: Environment) throws -> String {
        guard let categoryText = options.value("--category") else { throw CommandLineOptions.UsageError(description: "--category is required") }
        if let name = options.value("--merchant"), name.allSatisfy(\.isWhitespace) {
            throw CommandLineOptions.UsageError(description: "--merchant needs a name, got \"\(name)\"")
        }
        if categoryText == "uncategorized" {
            throw CommandSupport.Failure(code: Exit.dataError, message: "uncategorized is what garden says when it cannot tell, not a category "
                + "to teach: give the category the row belongs to (garden categories lists them); garden undo takes back a correction")
        }
        if options.value("--id") != nil, !FileManager.default.fileExists(atPath: Session.databasePath(options, env)) {
            throw CommandSupport.Failure(code: Exit.noInput, message: "no store at \(Session.databasePath(options, env)); record rows with "
                + "garden resolve --record, or give the row on stdin instead of --id")
        }
        return categoryText
    }

    /// What `teach` prints once the correction is saved: the override, what memory now says and what it moves,
    /// and the proposed rule with its reach (or why there is none), or that the row alone was corrected.
    private static func report(_ correction: Correction, _ context: ResolutionContext, scope: CorrectionScope, proposal: RuleProposal?,
                               impact: RuleImpact?, added: StoredRule?, already: String?, rival: UserRule? = nil, replaced: String? = nil,
                               variants: Set<String>, heldBack: String? = nil, store: Store,
                               _ w: Phrasebook = Phrasebook(.english)) throws -> String {
        var report = w("taught: row ", "ensinado: linha ") + "\(context.rowID) → \(correction.category)"
        if let merchant = correction.merchant { report += w(", merchant \"", ", estabelecimento \"") + merchant + "\"" }
        report += w(" (manual override)\n", " (correção manual)\n")
        if case .rowAlone(let reason) = scope {
            return report + w("recorded for this row alone: \(reason.text(.english)); nothing else is learned (no memory, no naive-Bayes counts, no rule)\n",
                              "registrado só para esta linha: \(reason.text(.portuguese)); nada mais é aprendido (nem memória, nem contagens do naive Bayes, nem regra)\n")
        }
        let memory = try memoryReport(correction, context, store: store, overruled: rival != nil && replaced == nil, w)
        report += memory.text
        // A user rule comes before memory: while one with these conditions says otherwise, memory decides nothing here.
        if let rival, replaced == nil {
            report += w("  but rule \(rival.id) decides these rows first (\(rival.text))", "  mas a regra \(rival.id) decide estas linhas antes (\(rival.text))")
                + (!rival.id.contains(":") ? w(": teach --apply replaces it\n", ": teach --apply a substitui\n")
                                           : w(": edit \(rival.source.file) to change it\n", ": edite \(rival.source.file) para mudá-la\n"))
        } else if memory.decides {
            report += TeachPreview.memoryMoves(impact, variants: variants, w)
        }
        if let proposal, let impact {
            report += w("proposed rule: ", "regra proposta: ") + proposal.text + "\n" + impact.report(w)
            if let added, let replaced {
                report += w("  added as \(added.ruleID), replacing \(replaced) (one undo reverts the correction and puts \(replaced) back); run garden recategorize --rule \(added.ruleID) to apply it to recorded rows\n",
                            "  adicionada como \(added.ruleID), no lugar de \(replaced) (um undo desfaz a correção e devolve \(replaced)); rode garden recategorize --rule \(added.ruleID) para aplicá-la às linhas registradas\n")
            } else if let added {
                report += w("  added as \(added.ruleID) (one undo reverts the correction and the rule); run garden recategorize --rule \(added.ruleID) to apply it to recorded rows\n",
                            "  adicionada como \(added.ruleID) (um undo desfaz a correção e a regra); rode garden recategorize --rule \(added.ruleID) para aplicá-la às linhas registradas\n")
            } else if let rival, rival.id.contains(":") {
                report += w("  not added: \(rival.id) has the same conditions and would keep deciding\n",
                            "  não adicionada: \(rival.id) tem as mesmas condições e continuaria decidindo\n")
            } else if let already {
                report += w("  already the rule \(already): nothing added\n", "  já é a regra \(already): nada adicionado\n")
            } else if impact.matched > 0 {
                report += w("  add it with --apply\n", "  adicione-a com --apply\n")
            }
        } else {
            report += w("no rule proposed: ", "nenhuma regra proposta: ") + (heldBack ?? RuleProposal.whyNone(context, w)) + "\n"
        }
        return report
    }

    /// What merchant memory now says about the taught merchant.
    /// `decides`: whether memory now decides the merchant's rows alone.
    /// `overruled`: a user rule decides the merchant's rows before memory (the report says which next).
    static func memoryReport(_ correction: Correction, _ context: ResolutionContext, store: Store, overruled: Bool = false,
                             _ w: Phrasebook = Phrasebook(.english)) throws -> (text: String, decides: Bool) {
        guard let key = correction.merchantKey else {
            return (w("merchant memory: nothing to remember (no merchant identity: only operation words, legal suffixes, numbers or places)\n",
                      "memória do estabelecimento: nada a lembrar (nenhuma identidade: só palavras de operação, sufixos legais, números ou lugares)\n"), false)
        }
        let consistent = try store.consistentCorrections(merchantKey: key, direction: correction.direction, category: correction.category)
        let required = MerchantMemoryResolver().required(sellsEverything: context.identity?.sellsEverything(context.engine.brandNames) ?? false)
        let decides = consistent >= required
        return (w("merchant memory: ", "memória do estabelecimento: ") + "\(key) (\(correction.direction)): \(consistent) " + w("consistent correction(s); ", "correção(ões) coerente(s); ")
            + (decides && overruled ? w("it would decide this merchant's rows alone\n", "ela decidiria sozinha as linhas deste estabelecimento\n")
               : decides ? w("it now decides this merchant's rows alone\n", "agora ela decide sozinha as linhas deste estabelecimento\n")
                       : w("it decides this merchant's rows alone after \(required)\n", "ela decide sozinha as linhas deste estabelecimento depois de \(required)\n")), decides)
    }

    /// The taught row's new ledger resolution (nil when the row is not recorded).
    /// Names are written in `language`, the run's (as `resolve --record` writes them).
    package static func updatedRow(_ context: ResolutionContext, _ correction: Correction, origin: String, session: Session,
                                   language: Language) throws -> LedgerRow? {
        guard let old = try session.store?.ledgerRow(id: context.rowID) else { return nil }
        var pipeline = session.pipeline
        pipeline.learned = OverlayLearnedState(base: session.pipeline.learned, rowID: context.rowID,
                                               override: ManualOverride(category: correction.category, merchant: correction.merchant,
                                                                        budget: correction.budget, origin: origin))
        // Resolved from the row as recorded (its input may differ from the one given on stdin).
        let transaction = (try? Session.transaction(old.raw, rowID: old.rowID))?.1 ?? context.transaction
        return Session.resolved(old, pipeline.resolve(transaction), ResolutionWriter(taxonomy: session.catalog.taxonomy, language: language))
    }
}
