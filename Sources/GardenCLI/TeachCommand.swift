import GardenCore
import GardenStore

/// `garden teach`: learns from one correction at once. Records a manual override for the row, updates
/// merchant memory (keyed on the unwrapped merchant and the direction) and the naive-Bayes counts, and
/// proposes a rule generalised from the correction, which `--apply` adds.
enum TeachCommand {
    static let usage = """
    usage: garden teach (--id ID | < row.json) --category ID [--merchant NAME] [--budget ID] [--apply] [--db PATH]
      Records the correction, learns from it, and proposes a rule (added with --apply).
    """

    static func run(_ arguments: [String], _ env: Environment) -> Int32 {
        CommandSupport.run(env) {
            let options = try CommandLineOptions(arguments, valued: ["--id", "--category", "--merchant", "--budget", "--db", "--data", "--rules", "--threshold"],
                                                 flags: ["--apply", "--rule", "--no-user-rules", "--help"])
            if options.flag("--help") { env.stdout.write(usage + "\n"); return Exit.ok }
            guard let categoryText = options.value("--category") else { throw CommandLineOptions.UsageError(description: "--category is required\n" + usage) }
            let session = try Session.open(env, options, access: .create)
            let store = session.store!
            let category = try CommandSupport.category(categoryText, session.catalog)
            if let budget = options.value("--budget"), session.catalog.budgets[budget] == nil {
                throw CommandSupport.Failure(code: Exit.dataError, message: "unknown budget \"\(budget)\"")
            }
            let (transaction, _) = try CommandSupport.row(options, session, env)
            let context = session.pipeline.context(transaction)
            // A CPF in the merchant's name is stored masked (overrides, memory, rules, journal).
            let merchant = options.value("--merchant").map { CPFScrubber.scrub($0) }
            let correction = Correction(rowID: context.rowID, category: category, merchant: merchant, budget: options.value("--budget"),
                                        merchantKey: MerchantKey.forCorrection(context, merchant: merchant, category: category),
                                        direction: context.direction?.rawValue ?? "any",
                                        features: FeatureExtractor.features(context))
            let origin = "taught \(Store.nowForDisplay())"
            // A rule generalised from the correction, measured before anything changes.
            let proposal = RuleProposal.make(context: context, category: category, merchant: correction.merchant)
            let impact = try proposal.map { try RuleProposal.impact(of: $0, store: store, category: category, merchant: correction.merchant) }
            let apply = options.flag("--apply") || options.flag("--rule")
            let added = try store.teach(correction, origin: origin, rule: apply ? proposal?.text : nil) {
                guard let old = try store.ledgerRow(id: context.rowID) else { return nil }
                var pipeline = session.pipeline
                pipeline.learned = OverlayLearnedState(base: session.pipeline.learned, rowID: context.rowID,
                                                       override: ManualOverride(category: category, merchant: correction.merchant, budget: correction.budget, origin: origin))
                return Session.resolved(old, pipeline.resolve((try? Session.transaction(old.raw, rowID: old.rowID))?.1 ?? context.transaction), ResolutionWriter(taxonomy: session.catalog.taxonomy))
            }
            var report = "taught: row \(context.rowID) → \(category)"
            if let merchant = correction.merchant { report += ", merchant \"\(merchant)\"" }
            report += " (manual override)\n"
            if let key = correction.merchantKey {
                let consistent = try store.consistentCorrections(merchantKey: key, direction: correction.direction, category: category)
                report += "merchant memory: \(key) (\(correction.direction)): \(consistent) consistent correction(s); "
                report += consistent >= 2 ? "it now decides alone\n" : "it decides alone after 2\n"
            } else {
                report += "merchant memory: nothing to remember (only a payment wrapper was left)\n"
            }
            if let proposal, let impact {
                report += "proposed rule: \(proposal.text)\n"
                report += "  it would change \(impact.count)\(impact.capped ? " or more" : "") recorded row(s)"
                report += impact.sample.isEmpty ? "\n" : ", e.g.:\n" + impact.sample.map { "    \($0)\n" }.joined()
                if let added {
                    report += "  added as \(added.ruleID) (one undo reverts the correction and the rule); run garden recategorize --rule \(added.ruleID) to apply it to recorded rows\n"
                } else {
                    report += "  add it with --apply\n"
                }
            } else {
                report += "no rule proposed: \(RuleProposal.whyNone(context))\n"
            }
            env.stdout.write(report)
            return Exit.ok
        }
    }
}

/// The store's learned state with one more override, for the resolution of a row just taught.
struct OverlayLearnedState: LearnedState {
    let base: any LearnedState
    let rowID: String
    let override: ManualOverride

    func override(rowID: String) -> ManualOverride? { rowID == self.rowID ? override : base.override(rowID: rowID) }
    func memory(merchantKey: String, direction: Direction?) -> MerchantMemory? { base.memory(merchantKey: merchantKey, direction: direction) }
    func classify(features: [String]) -> [(category: String, probability: Double, topFeatures: [String])] { base.classify(features: features) }
    func isMe(name: String?, document: String?) -> Bool { base.isMe(name: name, document: document) }
    var hasModel: Bool { base.hasModel }
    func corrections(of category: String) -> Int { base.corrections(of: category) }
    var hasMemory: Bool { base.hasMemory }
}
