import Testing
import GardenFoundation
import GardenCatalog
import GardenResolvers

/// Statement grammar from the standards (issue 21): lines written for these tests from the formats the standards
/// define, with made-up payees (none is a `../shared/dev` row). NACHA: the Company/Batch Header's Standard Entry Class
/// code printed after the company's name (NACHA Operating Rules, Standard Entry Class Code); Fedwire Funds Service:
/// the message's tags as banks print a wire (type, date, time, sequence, {5000} originator ORIG, {4200} beneficiary
/// BNF); card networks: the POS entry words (PIN, signature, recurring) heading a debit-card line and the one-letter
/// tagged transaction identifier at its end (`S`/`P` + 15 digits), before `CARD nnnn` and after the city and state.
struct StatementStandardsTests {
    static let achEntryClassCodes: [LineCase] = [
        LineCase("NORTHWIND UTILITIES TEL ID: 9876543210", "-84.10", "USD", merchant: "Northwind Utilities", category: "home.utilities"),
        LineCase("CONTOSO INSURANCE CCD ID: 1231231234", "-131", "USD", merchant: "Contoso Insurance", category: "insurance"),
        LineCase("FABRIKAM PHARMACY WEB ID: 5556667778", "-22.75", "USD", merchant: "Fabrikam Pharmacy", category: "health.pharmacy"),
        LineCase("WOODGROVE FITNESS PPD ID: 4445556667", "-39", "USD", merchant: "Woodgrove Fitness", category: "health.fitness"),
    ]

    @Test(arguments: achEntryClassCodes) func anEntryClassCodeEndingAnACHEntryIsNoPartOfTheName(_ line: LineCase) {
        #expect(line.mismatches(Fixture.resolve(line.json)) == [])
    }

    /// A word that is an entry class code only ends a name when no ACH field is around it.
    @Test func aNameEndingInACodeWordKeepsItWithoutACHFields() {
        let r = Fixture.resolve(Fixture.row("TAILSPIN TEL", "-20", extra: ",\"currency\":\"USD\""))
        #expect(r.merchant.name == "Tailspin Tel", "\(String(describing: r.merchant.name))")
    }

    static let wires: [LineCase] = [
        LineCase("WIRE TYPE:WIRE IN DATE:240314 TIME:0912 ET TRN:2024031400123456 SEQ:123456/000123 ORIG:CONTOSO LTD ID:123456789 SND BK:FIRST BANK ID:021000021",
                 "2500", "USD", merchant: "Contoso"),
        LineCase("WIRE TYPE:WIRE OUT DATE:240402 TIME:1530 ET TRN:2024040200456789 SEQ:998877/000456 BNF:TAILSPIN HOLDINGS ID:987654321 BNF BK:SECOND BANK ID:026009593 OBI:INVOICE 1182",
                 "-4100", "USD", merchant: "Tailspin Holdings"),
        LineCase("WIRE TYPE:INTL OUT DATE:240510 TIME:1012 ET TRN:2024051000111222 IMAD:20240510B1Q8153C001234 BNF:ALPINE SKI HOUSE ID:11223344 PMT DET:DEPOSIT",
                 "-900", "USD", merchant: "Alpine Ski House"),
    ]

    @Test(arguments: wires) func aWiresOriginatorOrBeneficiaryIsTheCounterparty(_ line: LineCase) {
        #expect(line.mismatches(Fixture.resolve(line.json)) == [])
    }

    static let cardFurniture: [LineCase] = [
        LineCase("PURCHASE AUTHORIZED ON 03/14 HAPPY PAWS GROOMING PORTLAND OR S463327774516012 CARD 1234", "-45", "USD",
                 merchant: "Happy Paws Grooming"),
        LineCase("PURCHASE AUTHORIZED ON 05/02 GREEN LEAF CAFE DENVER CO P000000888123456 CARD 4321", "-12.80", "USD",
                 merchant: "Green Leaf Cafe", category: "food.restaurants"),
        LineCase("PURCH MAPLEWOOD PROPERTIES LLC 512-555-0199 TX", "-1200", "USD", merchant: "Maplewood Properties", category: "home.rent"),
        LineCase("DEBIT PURCH GREEN LEAF CAFE DENVER CO", "-9.40", "USD", merchant: "Green Leaf Cafe", category: "food.restaurants"),
        LineCase("POS SIGNATURE PURCHASE 03/14 GREEN LEAF CAFE DENVER CO", "-15", "USD", merchant: "Green Leaf Cafe", category: "food.restaurants"),
        LineCase("POS PIN PURCHASE RIVERSIDE HARDWARE SPOKANE WA", "-33", "USD", merchant: "Riverside Hardware", category: "home.improvement"),
        LineCase("RECURRING BLUE HERON YOGA STUDIO", "-89", "USD", merchant: "Blue Heron Yoga Studio", category: "health.fitness"),
        LineCase("RECURRING PURCHASE BLUE HERON YOGA STUDIO", "-89", "USD", merchant: "Blue Heron Yoga Studio", category: "health.fitness"),
    ]

    @Test(arguments: cardFurniture) func cardNetworkFurnitureIsNoPartOfTheName(_ line: LineCase) {
        #expect(line.mismatches(Fixture.resolve(line.json)) == [])
    }

    @Test func theFieldsFileReadsItsTwoKindsAndRefusesAnUnknownPlace() throws {
        let fields = Fixture.catalog.statementFields
        #expect(fields.endWords.isSuperset(of: ["ppd", "ccd", "web", "tel"]))
        #expect(fields.referenceTags == ["s", "p"])
        #expect(throws: DataError.self) {
            try StatementFields(TSVFile(name: "f.tsv", text: "ppd\tsec\tstart\n", minimumColumns: 3))
        }
        #expect(throws: DataError.self) {
            try StatementFields(TSVFile(name: "f.tsv", text: "sx\tcard_reference\tglued_digits\n", minimumColumns: 3))
        }
    }
}
