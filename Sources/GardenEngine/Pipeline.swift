import GardenFoundation
import GardenCatalog
import GardenAnalysis

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
    /// The views the decision and the merchant identity read (``EngineViews``), taken from the catalog once.
    public let engine: EngineViews
    /// The user's rules and budgets, loaded beside the shipped catalog (``UserKnowledge``).
    public let user: UserKnowledge
    /// The precedence: resolvers in the order they are consulted, in stage order (checked when built:
    /// ``Precedence/problems(_:)``; a list out of order is a programming error and stops the program).
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
    /// Whether a row without a date is flagged for review (``ReviewPolicy/undated(_:)``): on for a pipeline that
    /// resolves rows of the ledger (`resolve --record`, `recategorize`, `row correct`, `explain`, `undo`: no month can
    /// count such a row, hostile10 F25), off for `eval` and plain `resolve`, where a line without a date is an ordinary
    /// question.
    public var flagsUndatedRows = false

    /// - Parameter user: the user's rules and budgets; nil: garden as shipped (``UserKnowledge/init(shipped:)``).
    public init(catalog: Catalog, user: UserKnowledge? = nil, resolvers: [any Resolver], threshold: Confidence = Confidence(perMille: 600),
                learned: any LearnedState = EmptyLearnedState()) {
        let problems = Precedence.problems(resolvers) + Precedence.knowledgeProblems(resolvers, knowledge: catalog.engine.knowledge)
        precondition(problems.isEmpty, "a precedence out of order: " + problems.joined(separator: "; "))
        self.catalog = catalog
        engine = catalog.engine
        self.user = user ?? UserKnowledge(shipped: catalog)
        // Each resolver takes its views here, once (``Resolver/taking(_:)``).
        self.resolvers = resolvers.map { $0.taking(catalog.shipped) }
        calls = self.resolvers.map(ResolverCall.init)
        callRefs = calls.map { Unmanaged.passUnretained($0) }
        self.threshold = threshold
        self.learned = learned
        analyzer = DescriptorAnalyzer(catalog.analysis)
        let descriptions = resolvers.map { type(of: $0).description }
        members = Self.slots(descriptions)
        ids = members.map { descriptions[$0.lowerBound].printedID }
        stages = members.map { descriptions[$0.lowerBound].stage }
        readsIdentity = members.map { type(of: resolvers[$0.lowerBound]).readsIdentity }
        reviewFloors = Self.reviewFloors(engine.reviewCalibration, descriptions)
    }

    /// The proposal slots of a precedence: each resolver alone, and the members of a family together
    /// (``ResolverDescription/family``; ``Precedence`` holds them contiguous), as ranges of `descriptions`' indices.
    static func slots(_ descriptions: [ResolverDescription]) -> [Range<Int>] {
        var slots: [Range<Int>] = []
        for index in descriptions.indices {
            if let last = slots.last, let family = descriptions[index].family, descriptions[last.lowerBound].family == family {
                slots[slots.count - 1] = last.lowerBound..<(index + 1)
            } else {
                slots.append(index..<(index + 1))
            }
        }
        return slots
    }

    /// The review floors (`Rules/review_calibration.tsv`) by the ids proposals are printed under: a resolver the file
    /// does not name takes the floor of the first of its former ids it names (``ResolverDescription/formerly``), so a
    /// floor measured before a split holds for the resolvers split from it until they are measured under their own ids.
    static func reviewFloors(_ calibration: ReviewCalibration, _ descriptions: [ResolverDescription]) -> ReviewCalibration {
        var floors = calibration.floors
        for description in descriptions where floors[description.printedID.name] == nil {
            if let floor = description.formerly.sorted().lazy.compactMap({ calibration.floors[$0.name] }).first {
                floors[description.printedID.name] = floor
            }
        }
        return floors == calibration.floors ? calibration : ReviewCalibration(floors: floors)
    }

    /// The resolvers held by class references (``ResolverCall``), in precedence order: the row loop calls them in
    /// place, where calling through `[any Resolver]` copied each resolver (and retained and released the views it
    /// holds) for each row.
    let calls: [ResolverCall]
    /// ``calls`` unretained: the pipeline owns them through ``calls``, so a row's calls need no reference counting.
    let callRefs: [Unmanaged<ResolverCall>]
    /// The proposal slots, in precedence order: the indices in ``resolvers`` of each slot's members (one resolver, or
    /// the members of a family, whose first proposal stands). Proposals, traces and the decision count slots.
    let members: [Range<Int>]
    /// Each slot's id (a family's, else the resolver's: ``ResolverDescription/printedID``) and stage, in precedence order.
    let ids: [ResolverID]
    let stages: [ResolverDescription.Stage]
    /// Whether each slot reads the merchant identity (read once: asking an existential's type per row
    /// and resolver copies it).
    let readsIdentity: [Bool]
    /// The review floors by printed id, former ids' floors included (``reviewFloors(_:_:)``).
    let reviewFloors: ReviewCalibration

    /// The stable id of a row: its own `id`, else `h` + a 64-bit FNV-1a hash of its content (date,
    /// amount, currency, descriptor, memo, account, counterparty document) and, from the second
    /// identical row of an input on, its occurrence number.
    public static func rowID(_ t: Transaction) -> String {
        if let known = t.knownRowID { return known }
        var hasher = FNV1a()
        if let id = t.id {
            // An id shaped like a CPF, or holding one (formatted, or with a CPF's check digits), is hashed:
            // garden never adds a full CPF.
            // (CPFs only: a long number in an id is its identity, and hashing it now would change a recorded row's id.)
            // (Both need 11 digits, so 11 bytes: a shorter id, the usual kind, is its own row id without a scan.)
            guard id.utf8.count >= 11, CPF.mask(id) != nil || CPFScrubber.scrubCPF(id, plainDigits: false) != id else { return id }
            hasher.combine(id)
            return "h" + hasher.hex
        }
        hasher.combine(t.date ?? "")
        hasher.combine(t.amount.map { String($0.minorUnits) } ?? "")
        hasher.combine(t.currency.code)
        hasher.combine(t.descriptorText)
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
    public func context(_ t: consuming Transaction) -> ResolutionContext {
        let (descriptor, counterparty) = analyzer.read(t)
        let rowID = Self.rowID(t)
        // The transaction moves into the context (a caller done with it gives it up: no copy of its 400 bytes).
        return ResolutionContext(transaction: t, descriptor: descriptor, counterparty: counterparty,
                                 engine: engine, user: user, learned: learned, rowID: rowID, registry: registry)
    }

    /// Resolves one transaction.
    public func resolve(_ t: consuming Transaction) -> Resolution {
        resolve(context(t))
    }

    /// Resolves an analyzed transaction. Resolvers that read the merchant identity propose after the
    /// others, once the identity is known; the precedence is unchanged. A proposal that yields to a later one
    /// (``Precedence/withdrawYielding(_:)``) is withdrawn before the decision.
    public func resolve(_ context: consuming ResolutionContext) -> Resolution {
        // The context is identified in place (a ~1 KB value moved out and back per row otherwise).
        var proposals = firstPhase(&context, identify: needsIdentity)
        callRefs.withUnsafeBufferPointer { calls in
            for slot in members.indices where readsIdentity[slot] {
                let range = members[slot]
                proposals[slot] = range.count == 1 ? calls[range.lowerBound]._withUnsafeGuaranteedRef { $0.resolver.propose(context) }
                    : Self.familyProposal(range, calls, context)
            }
        }
        Precedence.withdrawYielding(&proposals)
        return decide(context, proposals)
    }

    /// The context with its merchant identity, as `teach` needs it.
    public func identified(_ context: ResolutionContext) -> ResolutionContext {
        var context = context
        _ = firstPhase(&context, identify: true)
        return context
    }

    /// The proposals of the resolvers that do not read the identity; `context` gets the identity.
    func firstPhase(_ context: inout ResolutionContext, identify: Bool) -> [Proposal?] {
        // Appended in order (an array of optionals made by repeating nil costs more than the resolvers it holds).
        var proposals: [Proposal?] = []
        proposals.reserveCapacity(members.count)
        // Through their holders (``ResolverCall``): an existential read out of an array is copied, and a resolver holding
        // its views (``Resolver/taking(_:)``) would be copied, retained and released for each row.
        callRefs.withUnsafeBufferPointer { calls in
            for slot in members.indices {
                let range = members[slot]
                if range.count == 1 {
                    proposals.append(readsIdentity[slot] ? nil : calls[range.lowerBound]._withUnsafeGuaranteedRef { $0.resolver.propose(context) })
                } else {
                    proposals.append(readsIdentity[slot] ? nil : Self.familyProposal(range, calls, context))
                }
            }
        }
        guard identify else { return proposals }
        context.identity = identity(context, proposals)
        return proposals
    }

    /// The proposal of a family's slot: the first its members make, in precedence order; the later members are not
    /// asked, as the one resolver they were split from did not go on. A function of its own, called only for a family:
    /// a second loop over the members inside the row's loop copied the row's context and each proposal for every call.
    @inline(never)
    static func familyProposal(_ members: Range<Int>, _ calls: UnsafeBufferPointer<Unmanaged<ResolverCall>>,
                               _ context: ResolutionContext) -> Proposal? {
        for index in members {
            if let proposal = calls[index]._withUnsafeGuaranteedRef({ $0.resolver.propose(context) }) { return proposal }
        }
        return nil
    }

    /// Whether rows need their identity: memory exists, rules name brands or identities, the user assigned
    /// merchants to budgets, or the ledger records keys.
    var needsIdentity: Bool {
        recordsMerchantKey || learned.hasMemory || !user.rules.byBrand.isEmpty || !user.rules.byIdentity.isEmpty
            || user.budgets.assignsByMerchantKey
    }

    /// The identity the match stages' evidence gives: the first identity a match-stage proposal states (a bank's
    /// own line), the brand they proposed (the first match-stage merchant with a brand), or a person's when a
    /// match stage read the payee as one.
    func identity(_ context: ResolutionContext, _ proposals: [Proposal?]) -> MerchantIdentity? {
        var stated: MerchantIdentity?
        var brand: String?
        var person = false
        // Read through a buffer pointer: an array's getter copies each ~270-byte proposal to read a field.
        proposals.withUnsafeBufferPointer { proposals in
            for index in stages.indices where stages[index] == .match {
                if stated == nil, let identity = proposals[index]?.identity { stated = identity }
                if brand == nil, let id = proposals[index]?.merchant?.brandID { brand = id }
                if proposals[index]?.merchant?.kind == .person { person = true }
            }
        }
        var identity = MerchantIdentity.of(context, stated: stated, brand: brand, person: person)
        // A printed variant of a remembered merchant (or one the user merged) takes that merchant's key.
        if let found = identity, let followed = learned.merchantKey(following: found.ownKey, words: found.nameWords) { identity?.follows = followed }
        return identity
    }

    /// The resolution from every resolver's proposal (in precedence order): the category
    /// (``CategoryChoice``), the merchant (``MerchantChoice``), the flow (``FlowPolicy``), the review
    /// reasons (``ReviewPolicy``), the budget (``BudgetBook``) and the trace. It reads what the proposals rest
    /// on (``Proposal/basis``), never which resolver made them; the ids are only printed.
    func decide(_ context: ResolutionContext, _ proposals: [Proposal?]) -> Resolution {
        let choice = proposals.withUnsafeBufferPointer { proposals in
            CategoryChoice.choose(proposals.indices.lazy.map { proposals[$0]?.category == nil ? nil : proposals[$0]?.confidence }, threshold: threshold)
        }
        let winning = choice.map { proposals[$0.index]! }
        let decider = choice.map { ids[$0.index] }
        var reasons = ReviewPolicy.categoryReasons(resolver: decider, confidence: winning?.confidence ?? .zero,
                                                   belowThreshold: choice?.belowThreshold ?? false,
                                                   requested: winning?.reviewReason, threshold: threshold)
        if let reason = ReviewPolicy.belowCalibratedFloor(resolver: decider, confidence: winning?.confidence ?? .zero,
                                                          belowThreshold: choice?.belowThreshold ?? true,
                                                          calibration: reviewFloors) { reasons.append(reason) }
        ReviewPolicy.addFlags(of: proposals, to: &reasons)
        var merchant = decideMerchant(context, proposals, winner: choice?.index)
        let category = winning?.category ?? Taxonomy.uncategorized
        // The catalog is asked only for a brand paid for a bank's own business (the lookup is not free). A financial
        // institution: a brand flagged `bank`, or a chain brand whose own business is a bank's (its catalog category is
        // fees, a loan, an investment: B3, Banco Yamaha); an online lender or broker keeps its kind.
        let institution = merchant.kind == .bank || merchant.brand != nil && MerchantChoice.actsAsFinancialInstitution(category)
            && merchant.brand.flatMap { engine.brandByID[$0] }.map { index in
                let brand = engine.brands[index]
                return brand.flags.contains(.bank) || brand.kind == .chain && MerchantChoice.actsAsFinancialInstitution(brand.category)
            } == true
        // A US state's own body by its form ("GA DOR", "OHIO DEPT OF ..."), asked only of a US row's name read alone.
        let publicBody = context.descriptor.namesPublicBody || merchant.kind == .local && merchant.brand == nil
            && context.transaction.currency.code == "USD" && engine.namesStateBody(context.descriptor.foldedName)
        merchant.kind = MerchantChoice.kind(merchant.kind, brand: merchant.brand, named: merchant.name != nil, category: category,
                                            namesPublicBody: publicBody, financialInstitution: institution,
                                            printsWebAddress: context.descriptor.printsWebAddress)
        // A name read alone that places in five or more cities bear whole is a chain's (Rules/chain_names_places.tsv).
        if merchant.kind == .local, merchant.brand == nil, engine.namesChain(context.descriptor.foldedName) { merchant.kind = .chain }
        let bankLineDecided = winning?.basis == .bankLine && choice?.belowThreshold == false
        let taughtDecided = winning.map { ReviewPolicy.taught($0.basis) } == true && choice?.belowThreshold == false
        if let reason = ReviewPolicy.merchantReadOnly(merchant, threshold: threshold, bankLineDecided: bankLineDecided || taughtDecided) { reasons.append(reason) }
        let flow = FlowPolicy.decide(flowFacts(context, winning, merchant: merchant.name))
        if let reason = flow.reviewReason { reasons.append(reason) }
        if let reason = ReviewPolicy.rounded(context.transaction.amountRounded, currency: context.transaction.currency) { reasons.append(reason) }
        if let reason = ReviewPolicy.unsettled(context.transaction.status) { reasons.append(reason) }
        if let reason = ReviewPolicy.unknownWrapper(context.descriptor.unknownWrapper, merchant, threshold: threshold) { reasons.append(reason) }
        let undated = flagsUndatedRows ? ReviewPolicy.undated(context.transaction.date) : nil
        if let undated { reasons.append(undated) }
        let picked = user.budgets.budget(override: winning?.budget, brandID: merchant.brand, merchantKey: context.identity?.key,
                                            category: flow.category, taxonomy: engine.taxonomy)
        let trace = recordsTrace ? Resolution.TraceEntry.entries(ids: ids, proposals: proposals, choice: choice, threshold: threshold) : []
        return Resolution(merchant: merchant, category: flow.category, categoryConfidence: winning?.confidence ?? .zero, categoryResolver: decider,
                          budget: picked?.0, budgetOrigin: picked?.1, review: (winning?.review ?? !reasons.isEmpty) || undated != nil, reviewReasons: reasons,
                          installment: context.transaction.installment ?? context.descriptor.installment, direction: context.direction, flow: flow.flow,
                          rowID: context.rowID, trace: trace, foldedName: context.descriptor.foldedName,
                          merchantKey: recordsMerchantKey ? MerchantKey.of(context) : nil,
                          ruleID: winning?.basis == .userRule ? winning?.evidence.location : nil)
    }

    /// The facts ``FlowPolicy`` decides on, read from the row and the deciding proposal.
    func flowFacts(_ context: ResolutionContext, _ winning: Proposal?, merchant: String?) -> FlowPolicy.Facts {
        // Read in place: a copy of the transaction (400 bytes, 17 references) or the descriptor per row otherwise.
        let method = context.transaction.paymentMethod, stated = context.descriptor.method
        // Read only for money in (``FlowPolicy`` asks it of nothing else): the account lookup is not free.
        let onCard = context.direction == .in && (method == .creditCard || method == .debitCard || context.transaction.format == .openFinanceCard
            || stated == .creditCard || stated == .debitCard || engine.isCardAccount(context.transaction.account))
        return FlowPolicy.Facts(direction: context.direction, category: winning?.category ?? Taxonomy.uncategorized, stated: winning?.flow,
                                refundSignal: context.descriptor.refundWording != nil || context.transaction.operationType == "ESTORNO",
                                setByHand: winning?.basis.isSetByPerson == true,
                                onCard: onCard, fromBrand: winning?.basis == .brand,
                                byCreditTransfer: context.direction == .in && ((method ?? stated).map(FlowPolicy.isCreditTransfer) ?? false),
                                merchantName: merchant)
    }

    /// The merchant in ``MerchantChoice``'s order, with the intermediary and seller the unwrap stage gave.
    func decideMerchant(_ context: ResolutionContext, _ proposals: [Proposal?], winner: Int?) -> Resolution.Merchant {
        let unwrapped = proposals.withUnsafeBufferPointer { proposals in
            proposals.indices.first { stages[$0] == .unwrap && proposals[$0]?.confidence != nil }
        }
        let cp = context.counterparty
        var unwrappedPick: MerchantChoice.Pick?
        if let unwrapped, let candidate = proposals[unwrapped]?.merchant { unwrappedPick = MerchantChoice.Pick(candidate, .resolver(ids[unwrapped])) }
        let wrapper = unwrapped.flatMap { proposals[$0]?.wrapper }
        let baseline = MerchantChoice.baseline(cp, context.descriptor, givenName: context.transaction.counterpartyName != nil, unwrapped: unwrappedPick)
        // The unwrap stage's merchant is part of the baseline, not of the evidence.
        // Captures the stages alone, not `self` (a copy of the whole pipeline per row).
        let stageOf = stages
        let chosen = proposals.withUnsafeBufferPointer { proposals in
            let evidence = proposals.indices.lazy.map { index in stageOf[index] == .unwrap ? nil : proposals[index]?.merchant }
            return MerchantChoice.choose(evidence: evidence, ids: ids, winner: winner, baseline: baseline)
        }
        let intermediary = wrapper?.intermediary ?? cp.processor.map { engine.processors[$0].name } ?? context.descriptor.unknownWrapper
        return Resolution.Merchant(name: chosen.candidate.name, kind: chosen.candidate.kind, brand: chosen.candidate.brandID,
                                   intermediary: intermediary, seller: wrapper?.seller,
                                   document: cp.cnpj.map(\.formatted) ?? cp.cpfMask, confidence: chosen.candidate.confidence, origin: chosen.origin)
    }
}
