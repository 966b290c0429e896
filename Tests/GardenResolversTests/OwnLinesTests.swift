import Foundation
import Testing
import GardenFoundation
import GardenCatalog
import GardenEngine
import GardenResolvers

/// Issue 21: the limits of the readings `FormatLinesTests` holds: where a public body's form, a state, a cuisine or a
/// cut RESTAURANT does not decide, and the data files' errors.
struct OwnLinesTests {
    /// A form must head the merchant words: a city in a card line's place is no payee.
    @Test func aFormInsideTheLineIsNoPayee() {
        let r = Fixture.resolve(Fixture.row("SHELL OIL 5744 CITY OF INDUSTRY CA", "-40", extra: #","currency":"USD""#))
        #expect(r.merchant.kind != .government)
        #expect(!Taxonomy.id(r.category, isWithin: CategoryID.government))
    }

    /// Money in from a city is not a public fee (a city pays its staff and refunds).
    @Test func moneyInFromACityIsNoPublicFee() {
        let r = Fixture.resolve(Fixture.row("CITY OF AUSTIN PAYROLL", "1800", extra: #","currency":"USD""#))
        #expect(!Taxonomy.id(r.category, isWithin: CategoryID.government))
        #expect(r.trace.first { $0.resolver == "bank_line" }?.proposal?.evidence.location.hasPrefix("Rules/public_services.tsv") != true)
    }

    /// A place's county is public only with a service word after it.
    @Test func aCountyWithoutServiceIsAName() {
        let r = Fixture.resolve(Fixture.row("ORANGE COUNTY CHOPPERS", "-40", extra: #","currency":"USD""#))
        #expect(r.trace.first { $0.resolver == "bank_line" }?.proposal?.evidence.location.hasPrefix("Rules/public_services.tsv") != true)
        let taxed = Fixture.resolve(Fixture.row("ORANGE COUNTY TAX COLLECTOR", "-400", extra: #","currency":"USD""#))
        #expect(taxed.category == CategoryID.government)
        #expect(taxed.merchant.name == "Orange County")
    }

    /// A county or township named in its government form (Rules/organisation_words.tsv's public_form: the word last
    /// after its place, or COUNTY OF) is a public body, paid as one, whatever the name-suggestion index's operator of
    /// that name runs: Allegany County operates parks (leisure) and Hanover Township a park in the index, which
    /// made a payment to them entertainment before tools/data/nsi_brands.py left such names to the public-body rule.
    @Test func aCountyInItsGovernmentFormIsAPublicBody() {
        for line in ["ALLEGANY COUNTY MD", "HANOVER TOWNSHIP PA"] {
            let r = Fixture.resolve(Fixture.row(line, "-120", extra: #","currency":"USD""#))
            #expect(r.merchant.kind == .government, "\(line)")
            #expect(Taxonomy.id(r.category, isWithin: CategoryID.government), "\(line): \(r.category)")
        }
    }

    /// PM before a Brazilian municipality is "Prefeitura Municipal" (the form banks print in tax and fee payments), the
    /// municipality completed from IBGE's list (Rules/places.tsv) when the bank cut it; PM before words that are no
    /// municipality, or on a US row, names no public body.
    @Test func pmBeforeAMunicipalityIsItsPrefeitura() {
        let cut = Fixture.resolve(Fixture.row("INT PM PINDAMONHANG 00001234", "-210"))
        #expect(cut.merchant.name == "Prefeitura Municipal de Pindamonhangaba")
        #expect(cut.merchant.kind == .government)
        #expect(Taxonomy.id(cut.category, isWithin: CategoryID.government), "\(cut.category)")
        let whole = Fixture.resolve(Fixture.row("PAG TRIBUTO PM JUNDIAI", "-80"))
        #expect(whole.merchant.name == "Prefeitura Municipal de Jundiai")
        let person = Fixture.resolve(Fixture.row("PM JOAO PEDRO SILVA", "-80"))
        #expect(person.merchant.kind != .government)
        let us = Fixture.resolve(Fixture.row("PM JUNDIAI", "-80", extra: #","currency":"USD""#))
        #expect(us.merchant.name != "Prefeitura Municipal de Jundiai")
    }

    /// Chase's Zelle layout closes the confirmation number with a semicolon: the name is what follows it.
    @Test func aConfirmationNumberClosedByASemicolonIsNoName() {
        let r = Fixture.resolve(Fixture.row("Zelle Transfer Conf# k83jd92hx; Maria Lopez", "-40", extra: #","currency":"USD""#))
        #expect(r.merchant.name == "Maria Lopez", "\(r.merchant.name ?? "-")")
    }

    /// A credit transfer that names no one (ISO 20022 PMNT/ICDT issued, PMNT/RCDT received) is a transfer, neither an
    /// uncategorised purchase nor income; a Pix paid by QR code is a sale's payment, not this.
    @Test func aCreditTransferThatNamesNoOneIsATransfer() {
        for (line, amount) in [("TRANSF ENVIADA TED", "-300"), ("PIX ENVIADO", "-300"), ("TED RECEBIDA", "300")] {
            let r = Fixture.resolve(Fixture.row(line, amount))
            #expect(r.category == CategoryID.transferOther, "\(line): \(r.category)")
        }
        let qr = Fixture.resolve(Fixture.row("CRED PIX QR", "15"))
        #expect(qr.category != CategoryID.transferOther)
    }

    /// An agency with no state beside it keeps what the catalog says; each state's agency is its own payee.
    @Test func eachStatesAgencyIsItsOwnPayee() {
        let california = Fixture.resolve(Fixture.row("CA DMV FEE", "-70", extra: #","currency":"USD""#))
        let ohio = Fixture.resolve(Fixture.row("OHIO BMV ONLINE", "-45", extra: #","currency":"USD""#))
        #expect(california.merchant.name == "California DMV")
        #expect(ohio.merchant.name == "Ohio BMV")
        #expect(california.merchantKey != ohio.merchantKey)
    }

    /// A cut RESTAURANT reads only beside a cuisine or a food word; a cuisine alone only suggests (reviewed).
    @Test func aCutRestaurantNeedsAFoodWord() {
        let bare = Fixture.resolve(Fixture.row("GOLDEN GARDEN RES", "-30", extra: #","currency":"USD""#))
        #expect(bare.category != "food.restaurants")
        let cuisine = Fixture.resolve(Fixture.row("CHINESE GOLDEN DRAGON", "-30", extra: #","currency":"USD""#))
        let keyword = cuisine.trace.first { $0.resolver == "keyword" }?.proposal
        #expect(keyword?.category == "food.restaurants")
        #expect(keyword?.confidence == Confidence(perMille: 550))
    }

    /// A cuisine alone reads a name over a generic word (GARDEN) but not over a trade word of another trade.
    @Test func aCuisineAloneYieldsToAnotherTrade() {
        func keyword(_ line: String) -> String? {
            Fixture.resolve(Fixture.row(line, "-30", extra: #","currency":"USD""#)).trace.first { $0.resolver == "keyword" }?.proposal?.category
        }
        #expect(keyword("THAI GARDEN") == "food.restaurants")
        #expect(keyword("THAI MASSAGE SPA") == "personal.care")
        #expect(keyword("INDIAN HILLS GOLF CLUB") != "food.restaurants")
    }

    /// A head noun decides only at the head of the name.
    @Test func aHeadNounDecidesAtTheHead() {
        let head = Fixture.resolve(Fixture.row("PET CENTER MARGINAL", "-80"))
        #expect(head.category == "shopping.pets")
        #expect(head.categoryResolver == "keyword")
    }

    /// An own-account move whose other words name someone keeps them as a possible person.
    @Test func anOwnMoveNamesNoPerson() {
        let own = Fixture.resolve(Fixture.row("TRANSFER TO SAVINGS", "-100", extra: #","currency":"USD","account":"Navy Federal Credit Union""#))
        #expect(own.category == CategoryID.transferToSelf)
        // The account's bank holds both ends and names the move; its kind is the holder's (issue 35: a person, the
        // holder's own accounts included).
        #expect(own.merchant.name == "Navy Federal Credit Union")
        #expect(own.merchant.kind == .person)
    }

    /// `&` stays in a name as printed.
    @Test func anAmpersandStaysInTheName() {
        #expect(Fixture.resolve(Fixture.row("A&W #1234", "-8", extra: #","currency":"CAD""#)).merchant.name == "A&W")
        #expect(Fixture.resolve(Fixture.row("JOHNSON & SONS HARDWARE", "-8", extra: #","currency":"USD""#)).merchant.name == "Johnson & Sons Hardware")
    }

    /// The data files' records are checked: a kind they do not know or a category the taxonomy lacks is a data error at its line.
    @Test func badRecordsAreDataErrors() throws {
        let taxonomy = Fixture.catalog.taxonomy
        let bad = try TSVFile(name: "Rules/public_services.tsv", text: "# h\nplace\tcity of\t-\t-\nservice\twater\t-\thome.nowhere\n", minimumColumns: 4).records
        #expect(throws: DataError.self) { try PublicServices.read(bad[0], taxonomy: taxonomy) }
        #expect(throws: DataError.self) { try PublicServices.read(bad[1], taxonomy: taxonomy) }
        let signals = try TSVFile(name: "Rules/keyword_signals.tsv", text: "# h\nflavour\tthai\tfood.restaurants\n", minimumColumns: 3).records
        #expect(throws: DataError.self) { try KeywordSignals.read(signals[0], taxonomy: taxonomy) }
        #expect(try PublicServices.read(try TSVFile(name: "x", text: "state\tca\tCalifornia\t-\n", minimumColumns: 4).records[0], taxonomy: taxonomy).patterns.isEmpty)
    }
}
