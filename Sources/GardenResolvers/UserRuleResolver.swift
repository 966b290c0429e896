import GardenFoundation
import GardenCatalog
import GardenAnalysis
import GardenEngine

/// The user's own rules (`~/.config/garden/rules/*.rules`, `--rules FILE`, taught rules);
/// confidence 1.0. When several rules match, the one with the longest text condition wins, then the
/// earliest.
public struct UserRuleResolver: Resolver {
    public static let description = ResolverDescription(
        id: .userRule, stage: .override,
        summary: "The user's rules (file or taught); confidence 1.0; the most specific matching rule wins.",
        examples: [
            .init(#"{"description":"PADARIA DO ZE 12","amount":-8}"#, category: nil),
            .init(#"{"description":"PAG*PADARIA DO ZE 12","amount":-8}"#,
                  given: [.rule(#"if description "padaria do ze" and direction out => category food.groceries, merchant "Padaria do Zé""#)],
                  category: "food.groceries", merchant: "Padaria do Zé"),
            .init(#"{"description":"PADARIA DO ZE","amount":8}"#,
                  given: [.rule(#"if description "padaria do ze" and direction out => category food.groceries"#)], category: nil),
        ])

    /// What this resolver reads of the shipped knowledge (its views), taken when the pipeline is built.
    /// A class: a row's call reads it through one reference (a struct of tables was copied, each of its buffers
    /// retained and released, for each row).
    final class Views: Sendable {
        /// The brands: a rule's merchant named as a brand, a `brand` condition.
        let brands: BrandNames
        /// The processors (`Rules/processors.tsv`), for `intermediary` conditions.
        let processors: [Processor]
        /// The words the analysis repairs text with, to read the memo as it reads the line.
        let patternWords: PatternWords

        init(brands: BrandNames, processors: [Processor], patternWords: PatternWords) {
            (self.brands, self.processors, self.patternWords) = (brands, processors, patternWords)
        }
    }
    private var views: Views?

    public init() {}

    public static let reads: [any KnowledgeRead] = [Shipped.brandNames, Shipped.processors, Shipped.patternWords]

    public func taking(_ knowledge: KnowledgeViews) -> Self {
        var bound = self
        bound.views = Views(brands: knowledge.view(Shipped.brandNames), processors: knowledge.view(Shipped.processors),
                            patternWords: knowledge.view(Shipped.patternWords))
        return bound
    }

    /// `brand` and `identity` conditions need the merchant identity.
    public static var readsIdentity: Bool { true }

    public func propose(_ context: ResolutionContext) -> Proposal? {
        guard !context.user.rules.isEmpty, let views = views.map(Unmanaged.passUnretained) else { return nil }
        // The views lent to the row's call without a retain: this resolver holds them for the call.
        return views._withUnsafeGuaranteedRef { propose(context, $0) }
    }

    private func propose(_ context: ResolutionContext, _ views: Views) -> Proposal? {
        let rules = context.user.rules
        // The rules' text conditions, found by their own automaton in the line as the analysis read it (and in
        // the memo, repaired the same way, only when a rule reads the memo).
        let conditions = rules.satisfiedConditions(line: context.descriptor.text) {
            context.transaction.memo.map { TokenizedText(DescriptorAnalyzer.repaired($0, patternWords: views.patternWords)) }
        }
        var best: (rule: UserRule, weight: Int)?
        func consider(_ index: Int) {
            let rule = rules.all[index]
            let satisfied = conditions[index] ?? []
            guard satisfied.count == rule.textConditions.count, Self.holds(rule, context, views) else { return }
            // A condition of alternatives weighs as its longest one.
            let weight = rule.textConditions.reduce(0) { total, condition in
                total + (UserRule.alternatives(condition.text, prefix: condition.prefix).map(\.text.count).max() ?? 0)
            } + rule.conditions.count
            if best == nil || weight > best!.weight { best = (rule, weight) }
        }
        for index in conditions.keys.sorted() { consider(index) }
        for index in rules.unindexed { consider(index) }
        if case .brand(_, let name)? = context.identity?.basis, let indices = rules.byBrand[name] {
            for index in indices { consider(index) }
        }
        if let identity = context.identity {
            for index in rules.byIdentity[identity.key] ?? [] { consider(index) }
        }
        guard let rule = best?.rule else { return nil }
        var review: Bool?
        for case .review(let flag) in rule.actions { review = flag }
        // A merchant named as a catalog brand is that brand (its name, kind and id); any other is local.
        let merchant = rule.merchantName.map { name in
            views.brands.brand(named: name).map { MerchantCandidate(name: $0.name, kind: $0.kind, brandID: $0.id, confidence: .certain) }
                ?? MerchantCandidate(name: name, kind: .local, confidence: .certain)
        }
        return Proposal(category: rule.category, confidence: .certain, basis: .userRule, merchant: merchant, budget: rule.budget, review: review,
                        evidence: Evidence(matched: rule.text, location: rule.id))
    }

    /// Whether the non-text conditions of a rule hold for the row.
    static func holds(_ rule: UserRule, _ context: ResolutionContext, _ views: Views) -> Bool {
        let t = context.transaction
        for condition in rule.conditions {
            switch condition {
            case .description, .memo:
                continue
            case .merchant(let text, let prefix):
                let names = [context.matchedBrand?.brand.name, context.descriptor.cleanedName, context.counterparty.name].compactMap { $0 }
                let alternatives = UserRule.alternatives(text, prefix: prefix)
                if !names.contains(where: { name in alternatives.contains { Self.contains(name, $0.text, prefix: $0.prefix) } }) { return false }
            case .amount(let low, let high):
                guard let amount = t.amount else { return false }
                // Bounds are written with 2 decimals; scale to the row's currency.
                var value = Int64(amount.minorUnits.magnitude)
                let digits = amount.currency.fractionDigits
                if digits > 2 { for _ in 0..<(digits - 2) { value /= 10 } }
                if digits < 2 { for _ in 0..<(2 - digits) { value *= 10 } }
                if let low, value < low { return false }
                if let high, value > high { return false }
            case .direction(let direction):
                if context.direction != direction { return false }
            case .brand(let id):
                // The same chain listed per country is one merchant (`br_mcdonalds`, `us_mcdonalds`).
                guard let index = views.brands.index(id: id), context.identity?.key == MerchantIdentity.of(views.brands[index]).key else { return false }
            case .identity(let key):
                if context.identity?.key != key { return false }
            case .holder(let key):
                if context.learned.holder(account: t.account) != key { return false }
            case .intermediary(let id):
                let processors = [context.descriptor.processor, context.counterparty.processor].compactMap { $0 }
                if !processors.contains(where: { views.processors[$0].id == id }) { return false }
            case .mcc(let range):
                guard let mcc = t.mcc, range.contains(mcc) else { return false }
            case .document(let document) where document.hasPrefix("cpf:"):
                // A CPF rule: the six digits a masked CPF shows.
                let visible = String(document.dropFirst(4))
                let shown = (context.counterparty.cpfMask ?? t.counterpartyDocument.flatMap(CPF.mask)) ?? ""
                if String(shown.unicodeScalars.filter { ("0"..."9").contains($0) }.map(Character.init)) != visible { return false }
            case .document(let document):
                if let cnpj = context.counterparty.cnpj {
                    if !(cnpj.value == document || cnpj.root == document) { return false }
                } else if let given = t.counterpartyDocument {
                    let digits = String(given.unicodeScalars.filter { ("0"..."9").contains($0) })
                    if digits != document { return false }
                } else {
                    return false
                }
            }
        }
        return true
    }

    /// Word-edge containment of `pattern` in `text` after folding.
    static func contains(_ text: String, _ pattern: String, prefix: Bool) -> Bool {
        let haystack = " " + String(decoding: TokenizedText(text).folded, as: UTF8.self) + " "
        let needle = String(decoding: TokenizedText(pattern).folded, as: UTF8.self)
        return haystack.contains(" " + needle + (prefix ? "" : " "))
    }
}
