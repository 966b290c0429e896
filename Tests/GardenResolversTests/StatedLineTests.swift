import Testing
import GardenCatalog
import GardenEngine
import GardenResolvers

/// Issue 25: what a correction teaches (``CorrectionScope``) reads the line the bank-line proposal stated with the
/// identity (``MerchantIdentity/line``), not the line matched again; and a marketplace row printing its city and the
/// item bought is the marketplace's identity, as its processor-printed rows are. Lines written for these tests.
struct StatedLineTests {
    static func identity(_ description: String, account: String? = nil) -> MerchantIdentity? {
        let extra = account.map { ",\"account\":\"\($0)\"" } ?? ""
        return Fixture.pipeline.identified(Fixture.pipeline.context(Fixture.transaction(Fixture.row(description, extra: extra)))).identity
    }

    @Test func eachLineStatesWhoseLineItIs() {
        let iof = Self.identity("IOF compra internacional 7731")
        #expect(iof?.key == "line:taxes.iof@iof" && iof?.line?.owner == .payee, "\(String(describing: iof))")
        let bill = Self.identity("Pagamento de fatura", account: "Nubank")
        #expect(bill?.isBankLine == true && bill?.line?.owner == .bank, "\(String(describing: bill))")
        // The payee the bank's line names took the identity; the line it was read from is still the bank's.
        let gas = Self.identity("Pagamento Fatura - ENEL DISTRIBUICAO", account: "Nubank")
        #expect(gas?.isBankLine == false && gas?.line == MerchantIdentity.StatedLine(category: bill?.line?.category ?? "", owner: .bank),
                "\(String(describing: gas))")
        // A bill named by its type ("fatura de luz") is the utility's, not the bank's card bill: the utility's brand
        // is the identity and no card-bill line of the bank is stated.
        let light = Self.identity("Pagamento Fatura de Luz - ENEL DISTRIBUICAO", account: "Nubank")
        #expect(light?.isBankLine == false && light?.line == nil, "\(String(describing: light))")
        #expect(Self.identity("PADARIA ALVORADA")?.line == nil)
    }

    /// The scope follows the stated line alone: a row whose words match no bank line, given an identity stated from
    /// the bank's own line, is for that row alone when the correction contradicts the line; stated from a fixed
    /// payee's line type, the payee learns it.
    @Test func theScopeReadsTheStatedLineNotTheDescriptor() {
        var context = Fixture.pipeline.context(Fixture.transaction(Fixture.row("PADARIA ALVORADA")))
        let own = MerchantIdentity.StatedLine(category: "transfer.card_payment", owner: .bank)
        context.identity = MerchantIdentity(.bankLine(category: own.category, bank: "br_nubank", wording: nil), line: own)
        guard case .rowAlone = CorrectionScope.of(context, category: "home.utilities") else {
            Issue.record("a correction contradicting the bank's own line taught more than its row")
            return
        }
        #expect(CorrectionScope.of(context, category: "transfer.loan_payment") == .merchant(context.identity!))
        let payee = MerchantIdentity.StatedLine(category: "taxes.iof", owner: .payee)
        context.identity = MerchantIdentity(.bankLine(category: payee.category, bank: "iof", wording: "iof"), line: payee)
        #expect(CorrectionScope.of(context, category: "education") == .merchant(context.identity!))
        // A payee that took the identity of the bank's own line: a correction of the line's kind stays with the row.
        context.identity = MerchantIdentity(.document("12345678"), line: own)
        guard case .rowAlone = CorrectionScope.of(context, category: "transfer.card_payment") else {
            Issue.record("a correction of the bank's line's kind taught the payee")
            return
        }
        #expect(CorrectionScope.of(context, category: "home.utilities") == .merchant(context.identity!))
    }

    /// A marketplace's row printing its city and the item after its name is the marketplace (`brand:amazon`), as
    /// its processor-printed forms are; a café whose name begins with the brand is a merchant of its own.
    @Test func aMarketplaceRowPrintingTheItemBoughtIsTheMarketplace() {
        let forms = ["AMAZON MARKETPLACE SEATTLE WA Blue Ink Gel Pens 12", "AMZN Mktp US*QX71B02", "AMZN Mktp US Amzn.com/billWA",
                     "AMAZON.COM*RT5KQ SEATTLE WA"]
        for form in forms {
            #expect(Self.identity(form)?.key == "brand:amazon", "\(form): \(String(describing: Self.identity(form)))")
        }
        #expect(Self.identity("APPLE CAFFE 88 CUPERTINO CA")?.key != "brand:apple")
    }
}
