import Testing
import GardenFoundation
import GardenResolvers

/// Issue 8 §5 and §6: text as banks and exporters damage it; people, businesses and false matches.
/// Every line is a fresh example of its kind (none is a dev row).
struct DamagedTextAndPeopleTests {
    /// HTML/XML entities, UTF-8 read as Windows-1252, and a U+FFFD standing for one lost letter.
    static let damagedText: [LineCase] = [
        LineCase("C&amp;A MODAS 0123", "-100", merchant: "C&A"),
        LineCase("AT&amp;T BILL PAYMENT", "-80", "USD", merchant: "AT&T"),
        LineCase("MC DONALD&#39;S #4411", "-9", "USD", merchant: "McDonald's"),
        LineCase("PÃƒO DE AÃ‡ÃšCAR 1234", "-100", merchant: "Pão de Açúcar"),
        LineCase("DROGARIA SÃƒO PAULO", "-45", merchant: "Drogaria São Paulo"),
        LineCase("P\u{FFFD}O DE A\u{FFFD}UCAR", "-100", merchant: "Pão de Açúcar"),
        LineCase("DROGARIA S\u{FFFD}O PAULO", "-45", merchant: "Drogaria São Paulo"),
    ]

    @Test(arguments: damagedText) func damagedTextStillMatches(_ line: LineCase) {
        #expect(line.mismatches(Fixture.resolve(line.json)) == [])
    }

    @Test(arguments: [
        ("C&amp;A", "C&A"), ("Caf&eacute;", "Caf&eacute;"), ("A &#x26; B", "A & B"), ("AT&T", "AT&T"),
        ("SÃƒO JOSÃ‰", "SÃO JOSÉ"), ("CAFÃ‰", "CAFÉ"), ("AÃ‡AÃ", "AÇAÃ"), ("SÃO JOSÉ", "SÃO JOSÉ"), ("Â§", "§"),
    ]) func repairIsExactAndLeavesGoodTextAlone(_ damaged: String, _ repaired: String) {
        #expect(TextRepair.repaired(damaged, knownWords: []) == repaired)
    }

    /// Not a person: organisation words, legal suffixes and their abbreviations, trade words.
    static let notAPerson: [LineCase] = [
        LineCase("PIX ENVIADO IGREJA BATISTA CENTRAL", "-100"),
        LineCase("PIX ENVIADO ASSOCIACAO DE MORADORES VILA NOVA", "-50"),
        LineCase("TED ENVIADA CONDOMINIO EDIFICIO AURORA", "-700"),
        LineCase("PIX ENVIADO PAROQUIA SANTA RITA", "-20"),
        LineCase("ZELLE PAYMENT TO GREEN VALLEY CHURCH", "-40", "USD"),
        LineCase("ZELLE PAYMENT TO OAKWOOD PROPERTY MGMT", "-1500", "USD"),
        LineCase("ZELLE PAYMENT TO RIVERA CLEANING SVC", "-120", "USD"),
        LineCase("ZELLE PAYMENT TO BRIGHT SMILE FOUNDATION", "-25", "USD"),
    ]

    @Test(arguments: notAPerson) func organisationsAreNotPeople(_ line: LineCase) {
        let r = Fixture.resolve(line.json)
        #expect(r.merchant.kind != .person)
        #expect(r.category != "transfer.person")
    }

    /// A leading De/Para left from "recebido de" / "enviado para" is not part of a person's name.
    static let leadingConnector: [LineCase] = [
        LineCase("PIX RECEBIDO DE JOAO SILVA", "100", merchant: "Joao Silva", kind: .person),
        LineCase("Pix enviado para Maria Clara Souza", "-35", merchant: "Maria Clara Souza", kind: .person),
        LineCase("TED RECEBIDA DE ANTONIO CARLOS MELO", "900", merchant: "Antonio Carlos Melo", kind: .person),
        LineCase("TRANSF ENVIADA PARA LUCIA HELENA REIS", "-60", merchant: "Lucia Helena Reis", kind: .person),
        LineCase("ZELLE FROM ROBERT KING", "75", "USD", merchant: "Robert King", kind: .person),
    ]

    @Test(arguments: leadingConnector) func aLeadingDeOrParaIsNotPartOfTheName(_ line: LineCase) {
        #expect(line.mismatches(Fixture.resolve(line.json)) == [])
    }

    /// A number glued to letters is a longer name, not the brand made of that number.
    @Test(arguments: ["99DESIGNS*LOGO CONTEST", "99PLEDG*ANNA LEE", "99RANCH MARKET #12", "7ELEVENISH DELI", "123CONTACTFORM"])
    func aNumberGluedToLettersIsNotANumberBrand(_ description: String) {
        let r = Fixture.resolve(Fixture.row(description, "-10", extra: ",\"currency\":\"USD\""))
        #expect(r.merchant.brand != "br_99")
        #expect(r.category != "transport.rideshare")
    }

    /// A completion only where the descriptor was really cut: a whole word never becomes a longer brand.
    @Test(arguments: ["LAVANDERIA EXPRESS", "PIZZARIA BELLA EXPRESS", "AUTO LAVAGEM EXPRESS", "CHAVEIRO EXPRESS 24H"])
    func aWholeWordIsNotCompletedToALongerBrand(_ description: String) {
        let r = Fixture.resolve(Fixture.row(description, "-20"))
        #expect(!(r.merchant.name ?? "").contains("Expresso"))
    }

    @Test func aWordReallyCutAtTheColumnLimitIsStillCompleted() {
        #expect(Fixture.resolve(Fixture.row("Dl*Google Youtub", "-20")).merchant.name == "YouTube Premium")
    }
}
