import Testing
import GardenCatalog
import GardenResolvers

/// Issue 35, merchant names: the bank's own wording around a payee is no part of its name. Fresh lines written from
/// the wording the lists in `Rules/operations.tsv`, `Rules/boilerplate.tsv` and `Rules/ach_labels.tsv` describe
/// (Canadian e-Transfers, EFT payroll credits and Interac point-of-sale codes; the Brazilian
/// TED's control number; a purchase "debitado"), none a dev row.
struct OperationWordsFreshTests {
    static let lines: [LineCase] = [
        // CIBC: "Internet Banking" then the operation, a reference, the payee.
        LineCase("Internet Banking E-TRANSFER 204418830912 Marguerite Okafor", "-60", "CAD", merchant: "Marguerite Okafor"),
        LineCase("Internet Banking E-TRANSFER 551902338471 Tomasz Lindqvist", "45", "CAD", merchant: "Tomasz Lindqvist"),
        // Payments Canada Standard 007: an EFT credit, PAY = payroll deposit, the employer after the reference.
        LineCase("Electronic Funds Transfer PAY 40028876512 NORTHWIND TRADERS INC", "2150", "CAD",
                 merchant: "Northwind Traders", category: "income.salary"),
        // Interac debit point-of-sale codes after "POS Purchase".
        LineCase("POS Purchase FPOS LAKESIDE BAKERY HALIFAX", "-12.40", "CAD", merchant: "Lakeside Bakery"),
        LineCase("POS Purchase IPOS FABRIKAM OUTDOORS", "-88", "CAD", merchant: "Fabrikam Outdoors"),
        // The STR control number of a TED, labelled CODIGO TED.
        LineCase("CRED TED-STR HELENA M PACHECO CODIGO TED: T2088413370", "1500", merchant: "Helena M Pacheco"),
        // A card purchase the bank says it has debited, before the merchant's field.
        LineCase("COMPRA CREDITO DEBITADO - No estabelecimento PAPELARIA ESTRELA DO SUL", "-23", merchant: "Papelaria Estrela do Sul"),
    ]

    @Test(arguments: lines) func theBanksWordingIsNoPartOfTheName(_ line: LineCase) {
        let r = Fixture.resolve(line.json)
        #expect(line.mismatches(r) == [])
    }
}
