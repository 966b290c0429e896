/// Runs the resolvers in precedence order on one transaction and decides.
///
/// Category: the first proposal, in precedence order, whose confidence reaches ``threshold`` wins; when
/// none does, the most confident proposal is used and the row is flagged for review; with no proposal
/// at all the category is `uncategorized`. Merchant: the winning proposal's merchant when it gives one,
/// else the most confident merchant evidence (ties go to precedence), else the cleaned descriptor.
/// Money in never keeps a spending category by accident: it is a refund (reversal wording, or a credit
/// on a card) or it becomes `income.other` and is flagged.
public struct Pipeline: Sendable {
    public let catalog: Catalog
    /// The precedence: resolvers in the order they are consulted.
    public let resolvers: [any Resolver]
    /// Acceptance threshold (default 0.60).
    public var threshold: Confidence
    public var learned: any LearnedState
    /// The company registry resolvers may consult by CNPJ (none by default).
    public var registry: (any CompanyRegistry)?
    public let analyzer: DescriptorAnalyzer
    /// Whether resolutions carry the per-resolver trace (`--explain`, `explain`, `eval`); off, `resolve`
    /// saves building it.
    public var recordsTrace = true
    /// Whether resolutions carry the merchant memory key (for the ledger and `teach`).
    public var recordsMerchantKey = true
    /// Per resolver, read once: whether it reads the merchant identity, and whether it is of the match stage
    /// (asking an existential's type per row and resolver copies it).
    private let readsIdentity: [Bool]
    private let matchStage: [Bool]
    /// The resolvers' ids, read once (a resolver's `id` copies its whole description).
    private let ids: [String]

    public init(catalog: Catalog, resolvers: [any Resolver], threshold: Confidence = Confidence(perMille: 600),
                learned: any LearnedState = EmptyLearnedState()) {
        self.catalog = catalog
        self.resolvers = resolvers
        self.threshold = threshold
        self.learned = learned
        analyzer = DescriptorAnalyzer(catalog: catalog)
        readsIdentity = resolvers.map { type(of: $0).readsIdentity }
        matchStage = resolvers.map { type(of: $0).description.stage == .match }
        ids = resolvers.map(\.id)
    }

    /// The stable id of a row: its own `id`, else `h` + a 64-bit FNV-1a hash of its content (date,
    /// amount, currency, descriptor, memo, account, counterparty document) and, from the second
    /// identical row of an input on, its occurrence number.
    public static func rowID(_ t: Transaction) -> String {
        if let known = t.knownRowID { return known }
        var hasher = FNV1a()
        if let id = t.id {
            // An id shaped like a CPF, or holding one (formatted, or with a CPF's check digits), is hashed:
            // garden never adds a full CPF.
            guard CPF.mask(id) != nil || CPFScrubber.scrub(id, plainDigits: false) != id else { return id }
            hasher.combine(id)
            return "h" + hasher.hex
        }
        hasher.combine(t.date ?? "")
        hasher.combine(t.amount.map { String($0.minorUnits) } ?? "")
        hasher.combine(t.currency.code)
        hasher.combine(t.description)
        hasher.combine(t.memo ?? "")
        hasher.combine(t.account ?? "")
        hasher.combine(t.counterpartyDocument ?? "")
        hasher.combine(t.counterpartyName ?? "")
        hasher.combine(t.direction?.rawValue ?? "")
        hasher.combine(t.paymentMethod?.rawValue ?? "")
        hasher.combine(t.operationType ?? "")
        hasher.combine(t.mcc.map(String.init) ?? "")
        hasher.combine(t.installment.map { "\($0.number)/\($0.total)" } ?? "")
        hasher.combine(t.format.rawValue)
        if t.occurrence > 1 { hasher.combine("#\(t.occurrence)") }
        return "h" + hasher.hex
    }

    /// What the resolvers see for a transaction: the analyzed descriptor and the counterparty.
    public func context(_ t: Transaction) -> ResolutionContext {
        let descriptor = analyzer.analyze(t)
        let counterparty = Counterparty(transaction: t, descriptor: descriptor, catalog: catalog)
        return ResolutionContext(transaction: t, descriptor: descriptor, counterparty: counterparty,
                                 catalog: catalog, learned: learned, rowID: Self.rowID(t), registry: registry)
    }

    /// Resolves one transaction.
    public func resolve(_ t: Transaction) -> Resolution {
        resolve(context(t))
    }

    /// Resolves an analyzed transaction. Resolvers that read the merchant identity propose after the
    /// others, once the identity is known; the precedence is unchanged.
    public func resolve(_ context: consuming ResolutionContext) -> Resolution {
        var (identified, proposals) = firstPhase(context, identify: needsIdentity)
        for index in resolvers.indices where readsIdentity[index] {
            proposals[index] = resolvers[index].propose(identified)
        }
        return decide(identified, proposals)
    }

    /// The context with its merchant identity, as `teach` needs it.
    public func identified(_ context: ResolutionContext) -> ResolutionContext {
        firstPhase(context, identify: true).context
    }

    /// The proposals of the resolvers that do not read the identity, and the context with the identity.
    func firstPhase(_ context: consuming ResolutionContext, identify: Bool) -> (context: ResolutionContext, proposals: [Proposal?]) {
        var proposals: [Proposal?] = []
        proposals.reserveCapacity(resolvers.count)
        for index in resolvers.indices {
            proposals.append(readsIdentity[index] ? nil : resolvers[index].propose(context))
        }
        guard identify else { return (context, proposals) }
        context.identity = identity(context, proposals)
        return (context, proposals)
    }

    /// Whether rows need their identity: memory exists, rules name brands, or the ledger records keys.
    var needsIdentity: Bool { recordsMerchantKey || learned.hasMemory || !catalog.userRulesByBrand.isEmpty }

    /// The identity from the brand the catalog stages proposed (the first match-stage merchant with a brand).
    func identity(_ context: ResolutionContext, _ proposals: [Proposal?]) -> MerchantIdentity? {
        var brand: String?
        for index in resolvers.indices where matchStage[index] {
            if let id = proposals[index]?.merchant?.brandID { brand = id; break }
        }
        return MerchantIdentity.of(context, brand: brand)
    }

    func decide(_ context: ResolutionContext, _ proposals: [Proposal?]) -> Resolution {
        let t = context.transaction
        var reasons: [String] = []
        // Category.
        var winner: Int?
        for (index, proposal) in proposals.enumerated() {
            if let proposal, proposal.category != nil, proposal.confidence >= threshold { winner = index; break }
        }
        var belowThreshold = false
        if winner == nil {
            var best: Int?
            for (index, proposal) in proposals.enumerated() where proposal?.category != nil {
                if best == nil || proposal!.confidence > proposals[best!]!.confidence { best = index }
            }
            winner = best
            belowThreshold = best != nil
        }
        var category = Taxonomy.uncategorized
        var confidence = Confidence.zero
        var categorySource = "none"
        var winning: Proposal?
        if let winner, let proposal = proposals[winner] {
            winning = proposal
            category = proposal.category!
            confidence = proposal.confidence
            categorySource = ids[winner]
            if belowThreshold {
                reasons.append("low confidence: best evidence is \(categorySource) at \(confidence) (below \(threshold))")
            }
            if let reason = proposal.reviewReason { reasons.append(reason) }
        } else {
            reasons.append("no evidence for a category")
        }
        // Flags raised without a category (MP* without a document...).
        for proposal in proposals {
            if let proposal, proposal.category == nil, let reason = proposal.reviewReason, !reasons.contains(reason) { reasons.append(reason) }
            if let proposal, proposal.category == nil, proposal.review == true { reasons.append("flagged by rule \(proposal.evidence.source)") }
        }

        // Merchant.
        var merchant = decideMerchant(context, proposals, winner: winner)
        // A tax or public fee is paid to a public body, whatever words name it ("CITY OF SEATTLE").
        if Taxonomy.id(category, isWithin: "taxes.government"), merchant.brand == nil, merchant.kind == .local || merchant.kind == .unknown {
            merchant.kind = .government
        }
        // A public body's name ("KING COUNTY", "PREFEITURA DE ...") is government whatever it was paid for.
        if merchant.kind == .local, context.descriptor.namesPublicBody { merchant.kind = .government }
        // The bank's own line type decides the category; who is named beside it is not worth a click.
        let bankLineDecided = categorySource == "bank_line" && !belowThreshold
        if merchant.confidence < threshold, merchant.name != nil, !bankLineDecided {
            reasons.append("merchant read from the descriptor only (\(merchant.confidence))")
        }

        // Direction and flow.
        let direction = context.direction
        var flow = winning?.flow ?? Self.flow(of: category)
        let refundSignal = context.descriptor.refundWording != nil || t.operationType == "ESTORNO"
        if refundSignal && direction != .out && flow == .expense { flow = .refund }
        let setByHand = categorySource == "manual_override" || categorySource == "user_rule"
        // Money in under a spending category the user chose (a rule without a direction, a teach) is
        // money back from that spending: a refund, never an expense.
        if direction == .in && flow == .expense && setByHand { flow = .refund }
        if direction == .in && flow == .expense && !setByHand {
            let onCard = t.paymentMethod == .creditCard || t.paymentMethod == .debitCard || t.format == .openFinanceCard
                || context.descriptor.method == .creditCard || context.descriptor.method == .debitCard
                || catalog.isCardAccount(t.account)
            if onCard {
                flow = .refund
            } else if categorySource == "brand_catalog" {
                // A shop does not pay its customers: money in from a brand is a refund of what was bought there.
                flow = .refund
                reasons.append("money in from \(merchant.name ?? "a merchant"): recorded as a refund of \(category)")
            } else {
                reasons.append("money in with a spending category (\(category)): recorded as income.other")
                category = "income.other"
                flow = .income
            }
        }

        // Review.
        if t.amountRounded { reasons.append("amount had more digits than \(t.currency.code) minor units; rounded half to even") }
        if let wrapper = context.descriptor.unknownWrapper, merchant.brand == nil, merchant.confidence < threshold {
            reasons.append("unknown payment wrapper \"\(wrapper)*\"")
        }
        var review = !reasons.isEmpty
        if let explicit = winning?.review { review = explicit }

        // Budget.
        let picked = catalog.budgets.budget(override: winning?.budget, brandID: merchant.brand, category: category, taxonomy: catalog.taxonomy)

        // Trace.
        var trace: [Resolution.TraceEntry] = []
        if recordsTrace { trace.reserveCapacity(resolvers.count) }
        for (index, resolver) in resolvers.enumerated() where recordsTrace {
            guard let proposal = proposals[index] else {
                trace.append(.init(resolver: resolver.id, proposal: nil, status: .noProposal, reason: nil))
                continue
            }
            if index == winner {
                trace.append(.init(resolver: resolver.id, proposal: proposal, status: .taken, reason: belowThreshold ? "most confident, below the threshold" : nil))
            } else if proposal.category == nil {
                trace.append(.init(resolver: resolver.id, proposal: proposal, status: .outranked, reason: "merchant evidence only"))
            } else if proposal.confidence < threshold {
                trace.append(.init(resolver: resolver.id, proposal: proposal, status: .belowThreshold,
                                   reason: "\(proposal.confidence) is below the threshold \(threshold)"))
            } else {
                trace.append(.init(resolver: resolver.id, proposal: proposal, status: .outranked,
                                   reason: "\(resolvers[winner ?? 0].id) comes first in the precedence"))
            }
        }
        return Resolution(merchant: merchant, category: category, categoryConfidence: confidence, categorySource: categorySource,
                          budget: picked?.0, budgetOrigin: picked?.1, review: review, reviewReasons: reasons,
                          installment: t.installment ?? context.descriptor.installment, direction: direction, flow: flow,
                          rowID: context.rowID, trace: trace, normalizedDescriptor: context.descriptor.normalized,
                          merchantKey: recordsMerchantKey ? MerchantKey.of(context) : nil, ruleID: categorySource == "user_rule" ? winning?.evidence.source : nil)
    }

    /// The flow a category implies: transfers and cash moves are `transfer`, income is `income`.
    public static func flow(of category: String) -> Flow {
        if Taxonomy.id(category, isWithin: "transfer") || Taxonomy.id(category, isWithin: "cash") { return .transfer }
        if Taxonomy.id(category, isWithin: "income") { return .income }
        return .expense
    }

    func decideMerchant(_ context: ResolutionContext, _ proposals: [Proposal?], winner: Int?) -> Resolution.Merchant {
        let d = context.descriptor
        let cp = context.counterparty
        var chosen: (candidate: MerchantCandidate, source: String)?
        if let winner, let candidate = proposals[winner]?.merchant {
            chosen = (candidate, ids[winner])
        } else {
            for (index, proposal) in proposals.enumerated() {
                guard let candidate = proposal?.merchant else { continue }
                if chosen == nil || candidate.confidence > chosen!.candidate.confidence { chosen = (candidate, ids[index]) }
            }
        }
        var base = baseMerchant(context)
        if chosen == nil || base.candidate.confidence > chosen!.candidate.confidence && chosen!.candidate.brandID == nil && chosen!.candidate.name != nil {
            // The same name read with more confidence keeps what the evidence said it is ("PIX TRANSF LUIS": a person).
            if let evidence = chosen?.candidate, evidence.name == base.candidate.name, evidence.kind != .unknown {
                base.candidate.kind = evidence.kind
            }
            chosen = base
        }
        let candidate = chosen!.candidate
        var intermediary: String?
        if let index = d.processor, catalog.processors[index].role != .marketplace { intermediary = catalog.processors[index].name }
        if intermediary == nil, let index = cp.processor { intermediary = catalog.processors[index].name }
        if intermediary == nil, let wrapper = d.unknownWrapper { intermediary = wrapper }
        let document = cp.cnpj.map(\.formatted) ?? cp.cpfMask
        return Resolution.Merchant(name: candidate.name, kind: candidate.kind, brand: candidate.brandID, intermediary: intermediary,
                                   seller: d.seller, document: document, confidence: candidate.confidence, source: chosen!.source)
    }

    /// The merchant before any resolver: the counterparty (person or company) or the cleaned descriptor.
    func baseMerchant(_ context: ResolutionContext) -> (candidate: MerchantCandidate, source: String) {
        let d = context.descriptor
        let cp = context.counterparty
        if cp.isPerson, let name = cp.name ?? d.cleanedName {
            return (MerchantCandidate(name: name, kind: .person, confidence: Confidence(perMille: cp.cpfMask != nil ? 850 : 700)), "counterparty")
        }
        if let name = cp.name, cp.processor == nil, cp.cnpj != nil || context.transaction.counterpartyName != nil {
            return (MerchantCandidate(name: name, kind: .local, confidence: Confidence(perMille: 800)), "counterparty")
        }
        guard let name = d.cleanedName else {
            return (MerchantCandidate(name: nil, kind: .unknown, confidence: .zero), "descriptor")
        }
        if let index = d.processor {
            let processor = catalog.processors[index]
            if processor.role == .marketplace {
                return (MerchantCandidate(name: processor.name, kind: .online, confidence: Confidence(perMille: 850)), "processor_prefix")
            }
            return (MerchantCandidate(name: name, kind: .local, confidence: Confidence(perMille: 700)), "processor_prefix")
        }
        // A name after a payment phrase (boleto, Pix, Pix by QR code, débito automático) names the payee.
        let afterPhrase = !d.cleanersApplied.isEmpty && (d.method == .boleto || d.method == .directDebit || d.method == .pixQR || d.isTransferWording)
        return (MerchantCandidate(name: name, kind: .local, confidence: Confidence(perMille: afterPhrase ? 650 : 550)), "descriptor")
    }
}
