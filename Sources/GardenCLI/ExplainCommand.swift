import GardenFoundation
import GardenCatalog
import GardenEngine
import GardenResolvers
import GardenStore
import GardenCommandKit
import GardenStoreCommands

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
        if let comparison, let end = explained.firstIndex(of: "\n") { explained.insert(contentsOf: comparison.header, at: explained.index(after: end)) }
        env.stdout.write(explained + (recorded.map { LinkedResolution.text($0.0, links: $0.1) } ?? ""))
        return Exit.ok
    }

    static func text(_ r: Resolution, _ context: ResolutionContext, _ session: Session, _ language: Language) -> String {
        let taxonomy = session.catalog.taxonomy
        var out = "row \(r.rowID): \"\(context.transaction.descriptorText)\"\n"
        out += "  descriptor    \(r.foldedName.isEmpty ? "(nothing left after cleaning)" : r.foldedName)\n"
        if let intermediary = r.merchant.intermediary { out += "  intermediary  \(intermediary)\n" }
        if let seller = r.merchant.seller { out += "  seller        \(seller)\n" }
        if let installment = r.installment { out += "  installment   \(installment.number)/\(installment.total)\n" }
        for note in context.descriptor.notes { out += "  note          \(note)\n" }
        if let cnpj = context.counterparty.cnpj, let registry = context.registry {
            let proposal = r.trace.first { $0.resolver == CNPJRegistryResolver.description.id }?.proposal
            out += "  registry      \(cnpj.formatted): \(proposal?.evidence.note ?? "not in the \(registry.sourceName)")\n"
        }
        out += "  direction     \(r.direction?.rawValue ?? "unknown"), flow \(r.flow.rawValue)\n"
        out += "  merchant      \(r.merchant.name ?? "(none)") — \(r.merchant.kind.rawValue)"
        if let brand = r.merchant.brand { out += ", brand \(brand)" }
        out += ", \(r.merchant.confidence) from \(r.merchant.origin)\n"
        out += "  identity      \(r.merchantKey ?? "none (nothing names a merchant: no memory, no rule)")"
        if let identity = session.pipeline.identified(context).identity, identity.follows != nil {
            out += " (printed as \(identity.ownKey), which follows it: garden merchants)"
        }
        out += "\n"
        out += "  category      \(r.category) \"\(taxonomy[r.category]?.name(language) ?? r.category)\" \(r.categoryConfidence) from \(r.categorySourceName)\n"
        if let budget = r.budget {
            let why: String
            switch r.budgetOrigin {
            case .override?: why = "set by a rule or by hand"
            case .merchant?: why = "the merchant's budget"
            default: why = "the default budget of \(r.category)"
            }
            out += "  budget        \(budget.id) \"\(budget.name(language))\" (\(why))\n"
        } else {
            out += "  budget        none: Fora do planejamento (\(r.category) has no default budget)\n"
        }
        out += "  review        \(r.review ? "yes: " + r.reviewReasons.joined(separator: "; ") : "no")\n"
        out += precedence(r, threshold: session.pipeline.threshold)
        out += ExplainLearning.corrections(r, context, session)
        let ranked = context.learned.classify(features: FeatureExtractor.features(context))
        if !ranked.isEmpty {
            out += "naive Bayes (the user's corrections), top \(ranked.count):\n"
            for item in ranked {
                let percent = Int((item.probability * 1000).rounded()) 
                out += "  \(item.category) \(percent / 10).\(percent % 10)%  weighed most: \(item.topFeatures.joined(separator: ", "))\n"
            }
        }
        return out
    }

    /// The precedence block: each resolver's proposal and evidence in order, which one was taken and why
    /// the others were not.
    static func precedence(_ r: Resolution, threshold: Confidence) -> String {
        var out = "precedence (threshold \(threshold)):\n"
        for (index, entry) in r.trace.enumerated() {
            let number = String(index + 1).padding(toLength: 3, withPad: " ", startingAt: 0)
            let name = entry.resolver.name.padding(toLength: 18, withPad: " ", startingAt: 0)
            guard let p = entry.proposal else {
                out += "  \(number)\(name)no proposal (no evidence)\n"
                continue
            }
            var line = "  \(number)\(name)\(p.category ?? "(merchant only)") \(p.confidence)"
            switch entry.status {
            case .taken: line += "  ← TAKEN"
            case .belowThreshold: line += "  below the threshold"
            case .outranked: line += "  not taken: \(entry.reason ?? "")"
            case .noProposal: break
            }
            line += "\n       matched \"\(p.evidence.matched)\" at \(p.evidence.location)"
            if let note = p.evidence.note { line += " (\(note))" }
            if let m = p.merchant { line += "\n       merchant \(m.name ?? "(none)") \(m.kind.rawValue) \(m.confidence)" }
            out += line + "\n"
        }
        return out
    }
}
