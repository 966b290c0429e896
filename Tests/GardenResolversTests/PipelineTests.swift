import Testing
import GardenFoundation
import GardenCatalog
import GardenEngine
import GardenResolvers

/// The precedence and the decisions around it: threshold, review, direction and flow, budgets, rules.
struct PipelineTests {
    @Test func theFirstProposalReachingTheThresholdWins() {
        // MCC (0.8, precedence 7) wins over a trade word (0.8, precedence 11) and is beaten by CNAE (0.85, precedence 6).
        let r = Fixture.resolve(Fixture.row("RESTAURANTE DO ZE", "-30", extra: #","mcc":"5912","cnae":"5611201""#))
        #expect(r.category == "food.restaurants")
        #expect(r.categoryResolver == "cnae")
        let mcc = Fixture.resolve(Fixture.row("RESTAURANTE DO ZE", "-30", extra: #","mcc":"5912""#))
        #expect(mcc.categoryResolver == "mcc")
        #expect(mcc.category == "health.pharmacy")
        #expect(mcc.trace.first { $0.resolver == "keyword" }?.status == .outranked)
    }

    @Test func belowTheThresholdTheMostConfidentIsUsedAndFlagged() {
        let r = Fixture.resolve(Fixture.row("ADEGA PAO QUENTE", "-12"))
        #expect(r.category == "food.groceries")
        #expect(r.review)
        #expect(r.reviewReasons.first?.contains("low confidence") == true)
    }

    @Test func noEvidenceIsUncategorizedAndFlagged() {
        let r = Fixture.resolve(Fixture.row("XKCD QWERTY", "-12"))
        #expect(r.category == "uncategorized")
        #expect(r.categoryConfidence == .zero)
        #expect(r.review)
    }

    @Test func theThresholdIsConfigurable() {
        let strict = Pipeline(catalog: Fixture.catalog, resolvers: BuiltInResolvers.all, threshold: Confidence(perMille: 950))
        #expect(Fixture.resolve(Fixture.row("NETFLIX.COM", "-39.9"), pipeline: strict).review)
        #expect(!Fixture.resolve(Fixture.row("NETFLIX.COM", "-39.9")).review)
    }

    @Test func moneyInNeverGetsASpendingCategoryByAccident() {
        let refund = Fixture.resolve(Fixture.row("Estorno de compra NETFLIX.COM", "39.9"))
        #expect(refund.flow == .refund)
        #expect(refund.category == "subscriptions.streaming")
        let credit = Fixture.resolve(Fixture.row(#"Crédito de "Google One" (Google One)"#, "20.82"))
        #expect(credit.flow == .refund)
        let iof = Fixture.resolve(Fixture.row("IOF de volta de Boardgamearena", "1.09"))
        #expect(iof.category == "taxes.iof")
        #expect(iof.flow == .refund)
        let odd = Fixture.resolve(Fixture.row("TED RECEBIDA NETFLIX", "100", extra: #","payment_method":"ted""#))
        #expect(odd.flow != .expense)
        #expect(!Taxonomy.id(odd.category, isWithin: "subscriptions") || odd.flow == .refund)
        let cashback = Fixture.resolve(Fixture.row("CASHBACK NUBANK", "5"))
        #expect(cashback.category == "income.cashback")
        let transferIn = Fixture.resolve(Fixture.row("Transferência recebida pelo Pix - JOAO PEDRO ALVES - •••.111.222-•• - BCO X", "50"))
        #expect(transferIn.category == "transfer.person")
        #expect(transferIn.direction == .in)
    }

    @Test func aBanksOwnLinesNameTheAccountBank() {
        let r = Fixture.resolve(#"{"description":"Juros saldo utiliz ate limite","amount":-14.01,"account":"Santander"}"#)
        #expect(r.merchant.name == "Santander")
        #expect(r.category == "fees.interest")
        let bill = Fixture.resolve(#"{"description":"Pagamento cartao credito bce 05/03 19:40 cartao master","amount":-2172.88,"account":"Santander","date":"2026-03-05"}"#)
        #expect(bill.category == "transfer.card_payment")
        #expect(bill.flow == .transfer)
        #expect(bill.merchant.name == "Santander")
    }

    @Test func budgetsFollowTheCategoryDefault() {
        let r = Fixture.resolve(Fixture.row("NETFLIX.COM", "-39.9"))
        #expect(r.budget?.id == "assinaturas")
        #expect(r.budgetOrigin == .category)
        #expect(Fixture.resolve(Fixture.row("PAGAMENTO FATURA", "-100")).budget == nil)
    }

    @Test func userRulesComeFirstAndSetMerchantAndBudget() throws {
        let pipeline = try Fixture.pipeline(rules: """
        # my rules
        if description "padaria do ze" and direction out => category food.groceries, merchant "Padaria do Zé", budget mercado
        if description "netflix" and amount > 100 => category entertainment
        if mcc 5812 => category food.restaurants, review
        """)
        let r = Fixture.resolve(Fixture.row("PAG*PADARIA DO ZE 12", "-8"), pipeline: pipeline)
        #expect(r.category == "food.groceries")
        #expect(r.categoryResolver == "user_rule")
        #expect(r.merchant.name == "Padaria do Zé")
        #expect(r.budget?.id == "mercado")
        #expect(Fixture.resolve(Fixture.row("PADARIA DO ZE", "8"), pipeline: pipeline).categoryResolver != "user_rule")
        #expect(Fixture.resolve(Fixture.row("NETFLIX.COM", "-150"), pipeline: pipeline).category == "entertainment")
        #expect(Fixture.resolve(Fixture.row("NETFLIX.COM", "-39.9"), pipeline: pipeline).category == "subscriptions.streaming")
        let flagged = Fixture.resolve(Fixture.row("LUGAR QUALQUER", "-39.9", extra: #","mcc":5812"#), pipeline: pipeline)
        #expect(flagged.categoryResolver == "user_rule")
        #expect(flagged.review)
    }

    @Test func ruleFileErrorsNameFileLineAndColumn() throws {
        #expect(throws: DataError(file: "test.rules", line: 2, column: 32, "unknown category \"food.grocery\"; did you mean \"food.groceries\", \"food.delivery\", \"food\"?")) {
            try Fixture.pipeline(rules: "# ok\nif description \"x\" => category food.grocery")
        }
        #expect(throws: DataError.self) { try Fixture.pipeline(rules: "if amount 10..5 => category food.groceries") }
        #expect(throws: DataError.self) { try Fixture.pipeline(rules: "if document 12.345.678/0001-90 => category donations") }
        // A rule with no text condition is checked on every row.
        let big = try Fixture.pipeline(rules: "if amount > 1000 and direction out => review")
        #expect(Fixture.resolve(Fixture.row("NETFLIX.COM", "-5000"), pipeline: big).review)
        #expect(!Fixture.resolve(Fixture.row("NETFLIX.COM", "-50"), pipeline: big).review)
        #expect(throws: DataError.self) { try Fixture.pipeline(rules: "if colour \"red\" => category food.groceries") }
    }

    /// One entry per resolver, a family's members (``ResolverDescription/family``) as one entry under the family's id.
    @Test func theTraceListsEveryResolverInPrecedenceOrder() {
        let r = Fixture.resolve(Fixture.row("IFD*RESTAURANTE SABOR", "-40", extra: #","mcc":"5812""#))
        var printed: [ResolverID] = []
        for id in BuiltInResolvers.all.map({ type(of: $0).description.printedID }) where printed.last != id { printed.append(id) }
        #expect(r.trace.map(\.resolver) == printed)
        #expect(Set(printed).count == printed.count)
        #expect(r.trace.filter { $0.status == .taken }.count == 1)
        #expect(r.trace.first { $0.resolver == "mcc" }?.status == .outranked)
        #expect(r.trace.first { $0.resolver == "brand_catalog" }?.proposal?.evidence.location.hasPrefix("Rules/processors.tsv:") == true)
    }

    @Test func amountRoundingIsAReviewReason() {
        let r = Fixture.resolve(Fixture.row("NETFLIX.COM", "-39.905"))
        #expect(r.review)
        #expect(r.reviewReasons.contains { $0.contains("rounded") })
    }
}
