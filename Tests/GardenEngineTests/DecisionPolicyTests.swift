import Testing
@testable import GardenFoundation
@testable import GardenCatalog
@testable import GardenEngine

/// The pipeline's decision policies, each a small pure function, checked by tables.
struct DecisionPolicyTests {
    static func c(_ perMille: Int) -> Confidence { Confidence(perMille: perMille) }

    // MARK: category

    static let categoryCases: [([Int?], Int?, Bool)] = [
        ([], nil, false),
        ([nil, nil], nil, false),
        ([nil, 900, 1000], 1, false),       // the first at the threshold wins, not the most confident
        ([600, 900], 0, false),             // the threshold itself is enough
        ([400, 550, 550, nil], 1, true),    // none reaches it: the most confident, ties to precedence
        ([nil, 300, 700], 2, false),
    ]

    @Test(arguments: categoryCases)
    func theCategoryIsTheFirstAtTheThresholdElseTheMostConfident(confidences: [Int?], index: Int?, below: Bool) {
        let choice = CategoryChoice.choose(confidences.map { $0.map(Self.c) }, threshold: Self.c(600))
        #expect(choice?.index == index)
        if index != nil { #expect(choice?.belowThreshold == below) }
    }

    // MARK: flow

    static let flowCases: [(FlowPolicy.Facts, Flow, String, Bool)] = [
        (.init(direction: .out, category: "food.restaurants"), .expense, "food.restaurants", false),
        (.init(direction: .out, category: "transfer.own"), .transfer, "transfer.own", false),
        (.init(direction: .out, category: "cash.withdrawal"), .transfer, "cash.withdrawal", false),
        (.init(direction: .in, category: "income.salary"), .income, "income.salary", false),
        (.init(direction: .in, category: "food.restaurants", refundSignal: true), .refund, "food.restaurants", false),
        (.init(direction: nil, category: "food.restaurants", refundSignal: true), .refund, "food.restaurants", false),
        (.init(direction: .out, category: "food.restaurants", refundSignal: true), .expense, "food.restaurants", false),
        (.init(direction: .in, category: "food.restaurants", setByHand: true), .refund, "food.restaurants", false),
        (.init(direction: .in, category: "food.restaurants", onCard: true), .refund, "food.restaurants", false),
        (.init(direction: .in, category: "shopping.general", fromBrand: true, merchantName: "Renner"), .refund, "shopping.general", true),
        // A brand paying by Pix/TED/ACH credit pays the holder (a marketplace's payout); with reversal wording it is a refund.
        (.init(direction: .in, category: "shopping.marketplace", fromBrand: true, byCreditTransfer: true, merchantName: "Amazon"), .income, "income.other", false),
        (.init(direction: .in, category: "transport.rideshare", refundSignal: true, fromBrand: true, byCreditTransfer: true, merchantName: "Uber"),
         .refund, "transport.rideshare", false),
        (.init(direction: .in, category: "food.restaurants"), .income, "income.other", true),
        (.init(direction: .in, category: "food.restaurants", stated: .transfer), .transfer, "food.restaurants", false),
        // Money out under an income category nobody chose (a payroll provider's tax debit under its salary category):
        // uncategorized and flagged; a stated reversal, reversal wording or a person's choice keep it as negative income.
        (.init(direction: .out, category: "income.salary", fromBrand: true, merchantName: "ADP"), .expense, "uncategorized", true),
        (.init(direction: .out, category: "income.salary", refundSignal: true), .income, "income.salary", false),
        (.init(direction: .out, category: "income.salary", setByHand: true), .income, "income.salary", false),
        (.init(direction: .out, category: "income.interest", stated: .income), .income, "income.interest", false),
    ]

    @Test(arguments: flowCases)
    func moneyInNeverKeepsASpendingCategoryByAccident(facts: FlowPolicy.Facts, flow: Flow, category: String, flagged: Bool) {
        let outcome = FlowPolicy.decide(facts)
        #expect(outcome.flow == flow)
        #expect(outcome.category == category)
        #expect((outcome.reviewReason != nil) == flagged)
    }

    // MARK: merchant

    static let base = MerchantChoice.Pick(MerchantCandidate(name: "Padaria Ze", kind: .local, confidence: c(650)), .descriptor)
    static func evidence(_ name: String?, _ kind: MerchantKind, brand: String? = nil, _ perMille: Int) -> MerchantCandidate {
        MerchantCandidate(name: name, kind: kind, brandID: brand, confidence: c(perMille))
    }

    static let merchantCases: [([MerchantCandidate?], Int?, String?, MerchantKind, MerchantOrigin)] = [
        ([nil, nil], nil, "Padaria Ze", .local, .descriptor),                                          // nothing: the row's own reading
        ([evidence("Uber", .chain, brand: "br_uber", 500), nil], nil, "Uber", .chain, .resolver("r0")),  // a brand keeps its place
        ([evidence("Ze", .local, 500), evidence("Zé Bar", .local, 600)], nil, "Padaria Ze", .local, .descriptor),
        ([evidence("Ze", .local, 500), evidence("Zé Bar", .local, 900)], nil, "Zé Bar", .local, .resolver("r1")),
        ([evidence("Ze", .local, 900), evidence("Zé Bar", .local, 900)], nil, "Ze", .local, .resolver("r0")), // ties: precedence
        ([evidence("Bar", .local, 950), evidence("Mercado", .chain, 700)], 1, "Mercado", .chain, .resolver("r1")), // the winner's
        ([evidence("Padaria Ze", .person, 500)], nil, "Padaria Ze", .person, .descriptor),               // same name: its kind kept
    ]

    @Test(arguments: merchantCases)
    func theMerchantFollowsOneExplicitOrder(candidates: [MerchantCandidate?], winner: Int?, name: String?, kind: MerchantKind, origin: MerchantOrigin) {
        let ids = candidates.indices.map { ResolverID("r\($0)") }
        let pick = MerchantChoice.choose(evidence: candidates, ids: ids, winner: winner, baseline: Self.base)
        #expect(pick.candidate.name == name)
        #expect(pick.candidate.kind == kind)
        #expect(pick.origin == origin)
    }

    static let kindCases: [(MerchantKind, String?, String, Bool, MerchantKind)] = [
        (.local, nil, "taxes.government", false, .government),
        (.unknown, nil, "taxes.government.iptu", false, .government),
        (.chain, nil, "taxes.government", false, .chain),
        (.local, "br_detran", "taxes.government", false, .local),
        (.local, nil, "food.restaurants", true, .government),
        (.person, nil, "food.restaurants", true, .person),
        (.local, nil, "food.restaurants", false, .local),
    ]

    @Test(arguments: kindCases)
    func publicBodiesAreGovernment(kind: MerchantKind, brand: String?, category: String, publicBody: Bool, expected: MerchantKind) {
        #expect(MerchantChoice.kind(kind, brand: brand, named: true, category: category, namesPublicBody: publicBody,
                                    financialInstitution: false) == expected)
    }

    /// A financial institution acting as itself (its fees, interest, card bills, loans, investments, rewards) is
    /// `bank`; the same institution named for something else, or a company that is no bank, keeps its kind.
    static let bankCases: [(MerchantKind, String?, Bool, String, Bool, MerchantKind)] = [
        (.chain, "br_itau", true, "fees.bank", true, .bank),              // a bank brand's fee
        (.online, "br_nubank", true, "transfer.card_payment", true, .bank), // a card bill to a digital bank
        (.chain, "us_kohls", true, "transfer.card_payment", false, .bank),  // a store card's bill: its issuer's
        (.chain, nil, false, "fees.interest", false, .bank),               // a nameless interest line
        (.local, nil, true, "transfer.investment", false, .bank),          // a name read from the descriptor only
        (.bank, nil, true, "income.interest", true, .bank),                // the account's bank
        (.chain, "br_cpfl", true, "income.interest", false, .chain),       // a company's dividends: the company
        (.online, "us_affirm", true, "transfer.loan_payment", false, .online), // an online lender keeps its kind
        (.chain, "us_chase", true, "cash.withdrawal", true, .chain),       // an ATM is no bank's own business here
        (.person, nil, true, "transfer.card_payment", false, .person),
        (.bank, "us_navy_federal", true, "transfer.own", true, .person),   // the holder's own accounts
        (.online, "us_venmo", true, "transfer.own", false, .online),       // a wallet's cash-out keeps the wallet
    ]

    @Test(arguments: bankCases)
    func aFinancialInstitutionActingAsItselfIsABank(kind: MerchantKind, brand: String?, named: Bool, category: String,
                                                   institution: Bool, expected: MerchantKind) {
        #expect(MerchantChoice.kind(kind, brand: brand, named: named, category: category, namesPublicBody: false,
                                    financialInstitution: institution) == expected)
    }

    /// A salary whose payer the line does not name ("CRED SALARIO", a conta-salário's TED) is an employer's: a
    /// company, `local`; a named payer and other unnamed money in keep their kind (issue 35).
    static let unnamedPayerCases: [(MerchantKind, Bool, String, MerchantKind)] = [
        (.unknown, false, "income.salary", .local),
        (.unknown, false, "income.other", .unknown),
        (.chain, true, "income.salary", .chain),
        (.person, false, "income.salary", .person),
    ]

    @Test(arguments: unnamedPayerCases)
    func anUnnamedSalaryIsAnEmployers(kind: MerchantKind, named: Bool, category: String, expected: MerchantKind) {
        #expect(MerchantChoice.kind(kind, brand: nil, named: named, category: category, namesPublicBody: false,
                                    financialInstitution: false) == expected)
    }

    /// An insurer is a company a regulator licenses (SUSEP, a state's or province's insurance department), never one
    /// shop; a software or streaming subscription is delivered online (issue 35). A brand keeps the kind its catalog
    /// gives; a person stays a person.
    static let tradeKindCases: [(MerchantKind, String?, String, MerchantKind)] = [
        (.local, nil, "insurance", .chain),
        (.local, nil, "insurance.vehicle", .chain),
        (.local, nil, "subscriptions.software", .online),
        (.local, nil, "subscriptions.streaming", .online),
        (.local, "br_porto", "insurance", .local),
        (.person, nil, "insurance", .person),
        (.local, nil, "health.plan", .local),
        // A bank collecting for the holder (boletos, card sales: income.sales) acts as an acquirer, a chain.
        (.bank, nil, "income.sales", .chain),
        (.bank, "br_itau", "income.sales", .chain),
        (.bank, nil, "income.interest", .bank),
    ]

    @Test(arguments: tradeKindCases)
    func insurersAreChainsAndSubscriptionsOnline(kind: MerchantKind, brand: String?, category: String, expected: MerchantKind) {
        #expect(MerchantChoice.kind(kind, brand: brand, named: true, category: category, namesPublicBody: false,
                                    financialInstitution: false) == expected)
    }

    // MARK: review

    static let reasonCases: [(ResolverID?, Bool, String?, [String])] = [
        (nil, false, nil, ["no evidence for a category"]),
        ("mcc", false, nil, []),
        ("mcc", true, nil, ["low confidence: best evidence is mcc at 0.5 (below 0.6)"]),
        ("brand_catalog", true, "Amazon sells everything", ["low confidence: best evidence is brand_catalog at 0.5 (below 0.6)", "Amazon sells everything"]),
    ]

    @Test(arguments: reasonCases)
    func categoryReviewReasons(resolver: ResolverID?, below: Bool, requested: String?, expected: [String]) {
        #expect(ReviewPolicy.categoryReasons(resolver: resolver, confidence: Self.c(500), belowThreshold: below,
                                             requested: requested, threshold: Self.c(600)) == expected)
    }

    static func merchant(_ name: String?, brand: String? = nil, _ perMille: Int) -> Resolution.Merchant {
        Resolution.Merchant(name: name, kind: .local, brand: brand, intermediary: nil, seller: nil, document: nil,
                            confidence: c(perMille), origin: .descriptor)
    }

    static let merchantReasonCases: [(Resolution.Merchant, Bool, Bool)] = [
        (merchant("Padaria Ze", 550), false, true),
        (merchant("Padaria Ze", 550), true, false),   // the bank's line type decided
        (merchant("Padaria Ze", 800), false, false),
        (merchant(nil, 0), false, false),
    ]

    @Test(arguments: merchantReasonCases)
    func aNameReadFromTheDescriptorAloneIsFlagged(merchant: Resolution.Merchant, bankLine: Bool, flagged: Bool) {
        #expect((ReviewPolicy.merchantReadOnly(merchant, threshold: Self.c(600), bankLineDecided: bankLine) != nil) == flagged)
        #expect((ReviewPolicy.unknownWrapper("XY", merchant, threshold: Self.c(600)) != nil) == (merchant.confidence < Self.c(600)))
    }

    @Test func flagsWithoutACategoryAreAddedOnce() {
        let flag = Proposal(category: nil, confidence: Self.c(0), basis: .brand, reviewReason: "MP* without a document", evidence: Evidence(matched: "MP*", location: "x"))
        let rule = Proposal(category: nil, confidence: Self.c(0), basis: .userRule, review: true, evidence: Evidence(matched: "", location: "r3"))
        var reasons = ["MP* without a document"]
        ReviewPolicy.addFlags(of: [flag, nil, rule], to: &reasons)
        #expect(reasons == ["MP* without a document", "flagged by rule r3"])
    }

    // MARK: trace

    @Test func theTraceSaysWhyEachProposalWasNotTaken() {
        let p = { (category: String?, perMille: Int) in
            Proposal(category: category, confidence: Self.c(perMille), basis: .tradeWord, evidence: Evidence(matched: "", location: ""))
        }
        let proposals: [Proposal?] = [nil, p(nil, 700), p("a", 500), p("b", 800), p("c", 900)]
        let ids: [ResolverID] = ["r0", "r1", "r2", "r3", "r4"]
        let choice = CategoryChoice.choose(proposals.map { $0?.category == nil ? nil : $0!.confidence }, threshold: Self.c(600))
        let trace = Resolution.TraceEntry.entries(ids: ids, proposals: proposals, choice: choice, threshold: Self.c(600))
        #expect(trace.map(\.status) == [.noProposal, .outranked, .belowThreshold, .taken, .outranked])
        #expect(trace[1].reason == "merchant evidence only")
        #expect(trace[4].reason == "r3 comes first in the precedence")
    }
}
