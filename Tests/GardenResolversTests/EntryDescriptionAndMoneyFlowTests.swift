import Testing
import GardenFoundation
import GardenCatalog
import GardenResolvers

/// NACHA Company Entry Descriptions, Canadian chequing lines, money in and debt out, and public bodies (issue 21 §3, §5):
/// lines written for these tests from the published formats, with made-up payees (none is a `../shared/dev` row).
/// NACHA Operating Rules, Appendix Three, Company/Batch Header field 7 (the mandated descriptions REVERSAL, RETURN FEE,
/// RETRY PYMT, HCCLAIMPMT, REDEPCHECK, ACCTVERIFY and the Rules' examples PAYROLL, INS. PREM.) in the layouts Chase
/// (company, description, SEC, `ID:`), Bank of America (`DES:` `ID:` `INDN:` `CO ID:`) and Wells Fargo (company,
/// description, YYMMDD, individual ID, individual name) print; RBC, TD and Desjardins chequing wording; Regulation E's
/// provisional credit; platforms' payout wording.
struct EntryDescriptionAndMoneyFlowTests {
    static let entryDescriptions: [LineCase] = [
        LineCase("TAILSPIN TOYS PAYROLL PPD ID: 1234567890", "2450", "USD", merchant: "Tailspin Toys", category: "income.salary"),
        LineCase("ALPINE VIEW APARTMENTS  RENT PMT  WEB ID: 1112223334", "-1650", "USD", merchant: "Alpine View Apartments", category: "home.rent"),
        LineCase("WOODGROVE GYM RETURN FEE PPD ID: 5556667778", "-25", "USD", merchant: "Woodgrove Gym", category: "fees.bank"),
        LineCase("WOODGROVE FITNESS RETRY PYMT PPD ID: 5556667778", "-39", "USD", merchant: "Woodgrove Fitness", category: "health.fitness"),
        LineCase("LAKESIDE DENTAL REDEPCHECK RCK ID: 4445556667", "-150", "USD", merchant: "Lakeside Dental", category: "health.care"),
        LineCase("FOURTH COFFEE BANK ACCTVERIFY PPD ID: 9990001112", "0.32", "USD", category: "transfer.other"),
        LineCase("ADVENTURE WORKS PAYROLL 260316 XXXXX4821 ROE RICHARD", "1980", "USD", merchant: "Adventure Works", category: "income.salary"),
        // INS after MUTUAL is completed as business names print it (Rules/business_words_us.tsv: "mutual insurance").
        LineCase("LITWARE MUTUAL INS PREMIUM 260316 XXXXX9911 ROE RICHARD", "-96", "USD", merchant: "Litware Mutual Insurance", category: "insurance"),
    ]

    @Test(arguments: entryDescriptions) func anEntryDescriptionIsWhatTheEntryIsNotTheCompanysName(_ line: LineCase) {
        #expect(line.mismatches(Fixture.resolve(line.json)) == [])
    }

    /// Without an ACH field around it, a word that is also an entry description stays in the name.
    @Test func aDescriptionWordStaysInANameWithoutACHFields() {
        let r = Fixture.resolve(Fixture.row("LAKESIDE PREMIUM OUTLETS", "-20", extra: ",\"currency\":\"USD\""))
        #expect(r.merchant.name == "Lakeside Premium Outlets", "\(String(describing: r.merchant.name))")
    }

    /// An individual's name (`INDN:`) and ID (`ID:`) never become the merchant, nor its identity.
    @Test func theIndividualsNameIsNeverTheMerchant() {
        let r = Fixture.resolve(Fixture.row("TAILSPIN TOYS DES:PAYROLL ID:XXXXX4821 INDN:ROE,RICHARD CO ID:XXXXX98765 PPD", "2450",
                                            extra: ",\"currency\":\"USD\""))
        #expect(r.merchant.name == "Tailspin Toys", "\(String(describing: r.merchant.name))")
        #expect(r.category == "income.salary")
        #expect(!(r.merchant.name ?? "").lowercased().contains("richard"))
    }

    static let payouts: [LineCase] = [
        LineCase("UBER USA PAYOUT 260316 PPD ID: 4455667788", "520", "USD", merchant: "Uber", category: "income.sales"),
        LineCase("LYFT DRIVER PAYOUT 260316 PPD ID: 5566778899", "190", "USD", merchant: "Lyft", category: "income.sales"),
        LineCase("DOORDASH DASHER PAYMENT PPD ID: 1234567890", "312.45", "USD", merchant: "DoorDash", category: "income.sales"),
        LineCase("TRANSFERENCIA RECEBIDA IFOOD REPASSE", "1540", "BRL", merchant: "iFood", category: "income.sales"),
    ]

    @Test(arguments: payouts) func aPlatformPayingOutIsIncomeForThePayee(_ line: LineCase) {
        #expect(line.mismatches(Fixture.resolve(line.json)) == [])
    }

    /// Money out to the same platform is still what the platform sells.
    @Test func aPaymentToThePlatformKeepsItsCategory() {
        #expect(Fixture.resolve(Fixture.row("UBER TRIP HELP.UBER.COM", "-18", extra: ",\"currency\":\"USD\"")).category == "transport.rideshare")
    }

    static let canadian: [LineCase] = [
        LineCase("PAYROLL DEPOSIT FOURTH COFFEE INC", "2100", "CAD", merchant: "Fourth Coffee", category: "income.salary"),
        LineCase("E-TRANSFER SENT RICHARD ROE", "-50", "CAD", merchant: "Richard Roe", category: "transfer.person"),
        LineCase("INTERAC E-TRANSFER AUTODEPOSIT MARY MAJOR", "60", "CAD", merchant: "Mary Major", category: "transfer.person"),
        LineCase("VIREMENT INTERAC ENVOYE /MARIE GAGNON", "-30", "CAD", merchant: "Marie Gagnon", category: "transfer.person"),
        LineCase("DEPOT SALAIRE /CENTRE DE SERVICES SCOLAIRE", "1900", "CAD", category: "income.salary"),
        LineCase("RETRAIT GUICHET AUTOMATIQUE", "-100", "CAD", category: "cash.withdrawal"),
        LineCase("FEDERAL PAYMENT CANADA FPT", "120", "CAD", category: "income.other"),
        LineCase("GST CANADA", "124.50", "CAD", category: "income.other"),
        LineCase("CANADA CCB", "456.12", "CAD", category: "income.other"),
        LineCase("PROVISIONAL CREDIT CLAIM 4581123", "45", "USD", category: "transfer.other"),
    ]

    @Test(arguments: canadian) func canadianAndTemporaryCreditLinesReadByTheirWording(_ line: LineCase) {
        #expect(line.mismatches(Fixture.resolve(line.json)) == [])
    }

    static let publicBodies: [(name: String, isPublic: Bool)] = [
        ("maple county diner", false), ("county plumbing", false), ("orange county cablevision", false),
        ("county line bbq", false), ("king county", true), ("county of hamilton", true),
        ("travis county tax office", true), ("harris county treasurer", true), ("washington township", true),
        ("prefeitura de itu", true),
    ]

    @Test(arguments: publicBodies) func countyNamesAPublicBodyOnlyInAGovernmentForm(_ c: (name: String, isPublic: Bool)) {
        #expect(Fixture.catalog.namesPublicBody(c.name) == c.isPublic, "\(c.name)")
    }

    @Test func aCountyBusinessIsNoPublicBodyAndACountyOfXKeepsItsPlace() {
        let plumbing = Fixture.resolve(Fixture.row("COUNTY PLUMBING", "-150", extra: ",\"currency\":\"USD\""))
        #expect(plumbing.category != "taxes.government")
        #expect(plumbing.merchant.kind != .government)
        let county = Fixture.resolve(Fixture.row("COUNTY OF HAMILTON CHECK PMT ARC ID: 3334445556", "-62", extra: ",\"currency\":\"USD\""))
        #expect(county.merchant.name == "County of Hamilton", "\(String(describing: county.merchant.name))")
        #expect(county.category == "taxes.government")
    }

    @Test(arguments: ["DROGARIA E PERFUMARIA PRIMAVERA", "FARMACIA E PERFUMARIA BOM JESUS"])
    func aDrugstoreAndPerfumeryIsAPharmacy(_ name: String) {
        #expect(Fixture.resolve(Fixture.row(name, "-35")).category == "health.pharmacy")
    }

    @Test func perfumeryAloneStaysPersonalCare() {
        #expect(Fixture.resolve(Fixture.row("PERFUMARIA PRIMAVERA", "-35")).category == "personal.care")
    }

    @Test func theFieldsFileReadsEntryDescriptions() throws {
        let fields = try StatementFields(TSVFile(name: "f.tsv", text: "return fee\tentry_description\tafter_name\npayroll\tentry_description\tafter_name\n", minimumColumns: 3))
        #expect(fields.entryDescriptions == ["return fee", "payroll"])
        #expect(fields.longestEntryDescription == 2)
        #expect(Fixture.catalog.statementFields.entryDescriptions.isSuperset(of: ["reversal", "return fee", "retry pymt", "hcclaimpmt", "redepcheck"]))
    }
}

/// Codes Canadian banks print after the payee (TD Canada Trust: PAY, INS), read only as the line's last word.
struct CanadianEndCodeTests {
    static let codes: [LineCase] = [
        LineCase("FOURTH COFFEE PAY", "1800", "CAD", merchant: "Fourth Coffee", category: "income.salary"),
        LineCase("LITWARE INS", "-112", "CAD", merchant: "Litware", category: "insurance"),
    ]

    @Test(arguments: codes) func aCodeAfterThePayeeSaysWhatTheLineIs(_ line: LineCase) {
        #expect(line.mismatches(Fixture.resolve(line.json)) == [])
    }

    @Test func theCodeInsideALineIsNoCode() {
        let r = Fixture.resolve(Fixture.row("PAY FOURTH COFFEE", "1800", extra: ",\"currency\":\"CAD\""))
        #expect(r.category != "income.salary" || r.review, "\(r.category)")
    }

    @Test func theFlagIsRead() {
        #expect(Fixture.catalog.bankLines.contains { $0.pattern == "pay" && $0.lastOnly })
        #expect(Fixture.catalog.statementFields.canadianEndCodes == ["pay", "ins"])
    }
}
