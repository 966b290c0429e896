import GardenFoundation
import GardenCatalog
import GardenEngine
import GardenResolvers
import GardenStore
import GardenCommandKit
import GardenStoreCommands
import GardenLedger

/// `garden explain`: why a row got its result — the normalized descriptor, the unwrapped intermediary,
/// every resolver's proposal and evidence in precedence order, which one won and why the ones before it
/// did not, the budget path and the review reasons. It prints the evidence the pipeline produced.
enum ExplainCommand: Command {
    typealias Group = CommandOption.Group
    static let name = "explain"
    static let arguments = "(--id ID | < row.json)"
    static let summary = "why a row got its result (--id ID or a row on stdin; --json)"
    static let about = """
    Prints why a row got its result: the descriptor, the intermediary, the merchant identity, every
    resolver's proposal with its evidence, which one won and why the others did not, the budget path,
    the review reasons and the naive-Bayes top 3.
    """
    static let options = [
        CommandOption("--id", "ID", "a recorded row (with its links), instead of a row on stdin"),
        CommandOption("--json", nil, "the resolution with its trace as JSON"),
        Group.language,
    ] + Group.data + Group.store + Group.registry
    static let masksOutput = true

    static func run(_ options: CommandLineOptions, _ env: Environment) throws -> Int32 {
        let language = try CommandSupport.language(options, env)
        let session = try Session.open(env, options, access: .read)
        let (transaction, _) = try CommandSupport.row(options, session, env)
        let context = session.pipeline.context(transaction)
        let resolution = session.pipeline.resolve(context)
        // With --id, the row's links as the ledger keeps them (garden link).
        let recorded = try options.value("--id").flatMap { id in try session.store?.ledgerRow(id: id).map { ($0, try session.store!.links(row: $0.rowID)) } }
        // With --id, what the ledger holds beside what garden decides now.
        let comparison = try recorded.map { try RecordedComparison($0.0, now: resolution, store: session.store!, taxonomy: session.catalog.taxonomy) }
        if options.flag("--json") {
            var w = JSONWriter()
            ResolutionWriter(taxonomy: session.catalog.taxonomy, language: language, includeTrace: true).write(resolution, into: &w)
            if let (row, links) = recorded {
                let linked = try JSONScanner.parse(Array(LinkedResolution.json(row, links: links.map(\.link)).utf8))
                if let node = linked.member("resolution", of: linked.root) {
                    var out: [UInt8] = []
                    JSONSplice.replacingMember("links", in: try JSONScanner.parse(w.bytes), with: Array(linked.raw(linked.member("links", of: node) ?? node)), into: &out)
                    if let net = linked.member("net_amount", of: node) {
                        let withLinks = try JSONScanner.parse(out)
                        out = []
                        JSONSplice.replacingMember("net_amount", in: withLinks, with: Array(linked.raw(net)), into: &out)
                    }
                    w.bytes = out
                }
            }
            if let comparison {
                var out: [UInt8] = []
                JSONSplice.replacingMember("ledger", in: try JSONScanner.parse(w.bytes), with: comparison.json, into: &out)
                w.bytes = out
            }
            env.stdout.write(w.bytes + [0x0A])
            return Exit.ok
        }
        var explained = text(resolution, context, session, language)
        if let comparison, let end = explained.firstIndex(of: "\n") { explained.insert(contentsOf: comparison.header(Phrasebook(language), taxonomy: session.catalog.taxonomy), at: explained.index(after: end)) }
        env.stdout.write(explained + (recorded.map { LinkedResolution.text($0.0, links: $0.1, Phrasebook(language)) } ?? ""))
        return Exit.ok
    }

    static func text(_ r: Resolution, _ context: ResolutionContext, _ session: Session, _ language: Language) -> String {
        let taxonomy = session.catalog.taxonomy
        let w = Phrasebook(language)
        var out = w("row ", "linha ") + "\(r.rowID): \"\(context.transaction.descriptorText)\"\n"
        out += w("  descriptor    ", "  descrição     ") + (r.foldedName.isEmpty ? w("(nothing left after cleaning)", "(nada sobrou depois da limpeza)") : r.foldedName) + "\n"
        if let intermediary = r.merchant.intermediary { out += w("  intermediary  ", "  intermediário ") + intermediary + "\n" }
        if let seller = r.merchant.seller { out += w("  seller        ", "  vendedor      ") + seller + "\n" }
        if let installment = r.installment { out += w("  installment   ", "  parcela       ") + "\(installment.number)/\(installment.total)\n" }
        for note in context.descriptor.notes { out += w("  note          ", "  nota          ") + EvidenceWords.text(note, language) + "\n" }
        if let cnpj = context.counterparty.cnpj, let registry = context.registry {
            let proposal = r.trace.first { $0.resolver == CNPJRegistryResolver.description.id }?.proposal
            out += w("  registry      ", "  cadastro      ") + "\(cnpj.formatted): \(proposal?.evidence.note.map { EvidenceWords.text($0, language) } ?? w("not in the ", "fora do ") + registry.sourceName)\n"
        }
        // Direction, flow, kind, confidence and resolver as words of the run's language (``ResolutionWords``,
        // ``ResolverWords``); --json keeps the codes.
        out += w("  direction     ", "  direção       ") + (r.direction.map { ResolutionWords.direction($0.rawValue, language) } ?? w("unknown", "desconhecida"))
            + w(", flow ", ", fluxo ") + ResolutionWords.flow(r.flow.rawValue, language) + "\n"
        out += w("  merchant      ", "  estabelecimento ") + (r.merchant.name ?? w("(none)", "(nenhum)")) + " — " + ResolutionWords.kind(r.merchant.kind.rawValue, language)
        if let brand = r.merchant.brand { out += w(", brand ", ", marca ") + brand }
        out += ", " + ResolverWords.decided(r.merchant.confidence, by: "\(r.merchant.origin)", language) + "\n"
        out += w("  identity      ", "  identidade    ") + (r.merchantKey ?? w("none (nothing names a merchant: no memory, no rule)", "nenhuma (nada nomeia um estabelecimento: sem memória, sem regra)"))
        if let identity = session.pipeline.identified(context).identity, identity.follows != nil {
            out += w(" (printed as \(identity.ownKey), which follows it: garden merchants)", " (impresso como \(identity.ownKey), que o segue: garden merchants)")
        }
        out += "\n"
        out += w("  category      ", "  categoria     ") + "\(r.category) \"\(taxonomy[r.category]?.name(language) ?? r.category)\" " + ResolverWords.decided(r.categoryConfidence, by: r.categorySourceName, language) + "\n"
        if let budget = r.budget {
            let why: String
            switch r.budgetOrigin {
            case .override?: why = w("set by a rule or by hand", "definido por uma regra ou à mão")
            case .merchant?: why = w("the merchant's budget", "o orçamento do estabelecimento")
            default: why = w("the default budget of ", "o orçamento padrão de ") + r.category
            }
            out += w("  budget        ", "  orçamento     ") + "\(budget.id) \"\(budget.name(language))\" (\(why))\n"
        } else {
            out += w("  budget        none: outside the plan (\(r.category) has no default budget)\n", "  orçamento     nenhum: Fora do planejamento (\(r.category) não tem orçamento padrão)\n")
        }
        out += w("  review        ", "  revisão       ") + (r.review ? w("yes: ", "sim: ") + r.reviewReasons.map { ReviewReasonWords.text($0, language) }.joined(separator: "; ") : w("no", "não")) + "\n"
        out += precedence(r, threshold: session.pipeline.threshold, w)
        out += ExplainLearning.corrections(r, context, session, w)
        let ranked = context.learned.classify(features: FeatureExtractor.features(context))
        if !ranked.isEmpty {
            out += w("naive Bayes (the user's corrections), top \(ranked.count):\n", "naive Bayes (as correções do usuário), os \(ranked.count) primeiros:\n")
            for item in ranked {
                let percent = ResolverWords.percent(Confidence(perMille: Int((item.probability * 1000).rounded())), language)
                out += "  \(item.category) \(percent)  " + w("weighed most: ", "pesaram mais: ") + "\(item.topFeatures.joined(separator: ", "))\n"
            }
        }
        return out
    }

    /// The precedence block: each resolver's proposal and evidence in order, which one was taken and why
    /// the others were not. The first column is a table of codes (the resolvers' ids, as `eval`, JSON and the README
    /// name them); confidences are percents and kinds words of the run's language, as in the lines above.
    static func precedence(_ r: Resolution, threshold: Confidence, _ w: Phrasebook = Phrasebook(.english)) -> String {
        var out = w("precedence (threshold ", "precedência (limiar ") + ResolverWords.percent(threshold, w.language) + "):\n"
        for (index, entry) in r.trace.enumerated() {
            let number = String(index + 1).padding(toLength: 3, withPad: " ", startingAt: 0)
            let name = entry.resolver.name.padding(toLength: 18, withPad: " ", startingAt: 0)
            guard let p = entry.proposal else {
                out += "  \(number)\(name)" + w("no proposal (no evidence)", "nenhuma proposta (sem evidência)") + "\n"
                continue
            }
            var line = "  \(number)\(name)" + (p.category ?? w("(merchant only)", "(só o estabelecimento)")) + " " + ResolverWords.percent(p.confidence, w.language)
            switch entry.status {
            case .taken: line += w("  ← TAKEN", "  ← ESCOLHIDA")
            case .belowThreshold: line += w("  below the threshold", "  abaixo do limiar")
            case .outranked:
                // The resolver that came first named as a person reads it (the trace's reason keeps its id).
                let why = p.category != nil ? r.trace.first { $0.status == .taken }.map { ResolverWords.name($0.resolver.name, w.language) } : nil
                line += w("  not taken: ", "  não escolhida: ")
                    + (why.map { w("\($0) comes first in the precedence", "\($0) vem antes na precedência") } ?? EvidenceWords.text(entry.reason ?? "", w.language))
            case .noProposal: break
            }
            line += w("\n       matched \"", "\n       casou \"") + p.evidence.matched + w("\" at ", "\" em ") + EvidenceWords.location(p.evidence.location, w.language)
            if let note = p.evidence.note { line += " (" + EvidenceWords.text(note, w.language) + ")" }
            if let m = p.merchant { line += w("\n       merchant ", "\n       estabelecimento ") + (m.name ?? w("(none)", "(nenhum)")) + " " + ResolutionWords.kind(m.kind.rawValue, w.language) + " " + ResolverWords.percent(m.confidence, w.language) }
            out += line + "\n"
        }
        return out
    }
}
