import Testing
import GardenFoundation
import GardenCatalog
import GardenResolvers
import GardenNames

/// Issue 8: the merchant's name as printed, cleaned of what is not the name (places of the row's own
/// country, a branch after a dash) and repaired where the bank damaged it (glued words, a trade word cut
/// at the column). Every line is fresh, Brazilian and US.
struct MerchantNameCleaningTests {
    static func name(_ description: String, _ currency: String) -> String? {
        Fixture.resolve(Fixture.row(description, "-50", extra: ",\"currency\":\"\(currency)\"")).merchant.name
    }

    /// A state code names a place on its own country's rows: a US state code after a Brazilian Pix name is
    /// the name cut short at the bank's column ("LUCAS GA…"), kept.
    @Test(arguments: [
        ("PIX TRANSF LUCAS GA", "Lucas Ga"), ("PIX TRANSF MARIANA VA", "Mariana Va"), ("PIX TRANSF PEDRO MO", "Pedro Mo"),
        ("PIX TRANSF RAQUEL NE", "Raquel Ne"), ("PIX TRANSF SILVIA WA", "Silvia Wa"), ("PIX ENVIADO ANA PAULA MI", "Ana Paula Mi"),
    ])
    func aForeignStateCodeIsPartOfTheName(description: String, name: String) {
        #expect(Self.name(description, "BRL") == name)
    }

    /// The row's own country's codes still go: a Brazilian UF on a BRL row, a US state on a USD row.
    @Test(arguments: [
        ("PADARIA BOM GOSTO SP", "BRL", "Padaria Bom Gosto"), ("AUTO PECAS SILVEIRA MG", "BRL", "Auto Pecas Silveira"),
        ("RESTAURANTE DONA ANA SALVADOR BA", "BRL", "Restaurante Dona Ana"), ("OFICINA DO ZECA PR", "BRL", "Oficina do Zeca"),
        ("BAZAR DA VILA RJ", "BRL", "Bazar da Vila"),
        ("LUCKY NOODLE HOUSE AUSTIN TX", "USD", "Lucky Noodle House"), ("MAPLE HARDWARE DENVER CO", "USD", "Maple Hardware"),
        ("RIVERSIDE DINER OMAHA NE", "USD", "Riverside Diner"), ("SUNSET NAILS TAMPA FL", "USD", "Sunset Nails"),
        ("GREEN LEAF CAFE COLUMBUS OH", "USD", "Green Leaf Cafe"),
    ])
    func theRowsOwnStateCodeIsAPlace(description: String, currency: String, name: String) {
        #expect(Self.name(description, currency) == name)
    }

    /// A purchase abroad billed in reais: another country's state code after that country's city is a place.
    @Test(arguments: [
        ("BLUE DOOR BISTRO SEATTLE WA", "Blue Door Bistro"), ("CHEZ MARIE NEW YORK NY", "Chez Marie"),
        ("GOLDEN GATE GRILL SAN DIEGO CA", "Golden Gate Grill"), ("HARBOR BOOKS BOSTON MA", "Harbor Books"),
        ("PIKE DELI CHICAGO IL", "Pike Deli"),
    ])
    func aForeignCodeAfterItsCityIsAPlace(description: String, name: String) {
        #expect(Self.name(description, "BRL") == name)
    }

    /// The places file lists every state code for each country that uses it (AL is Alagoas and Alabama).
    @Test func sharedStateCodesBelongToBothCountries() {
        let places = Fixture.catalog.places
        for code in ["al", "ma", "ms", "mt", "pa", "sc"] {
            #expect(places.isCode(code, country: "BR") && places.isCode(code, country: "US"), "\(code)")
        }
        #expect(places.isCode("sp", country: "BR") && !places.isCode("sp", country: "US"))
        #expect(places.isCode("ca", country: "BR") && places.isCode("de", country: "BR"))
        #expect(places.isCode("tx", country: "US") && !places.isCode("tx", country: "BR"))
        #expect(places.isCode("bra", country: "US") && places.isCode("usa", country: "BR"))
        #expect(places.isCode("mo", country: nil))
    }

    /// A glued name may end in a roman numeral (the owner's second shop): split before it, shown in capitals.
    @Test(arguments: [
        ("Pag*Padariasantaritaiii", "BRL", "Padaria Santa Rita III"), ("Pag*Acougueboigordoii", "BRL", "Acougue Boi Gordo II"),
        ("Pag*Lanchonetedocentroi", "BRL", "Lanchonete do Centro I"), ("Pag*Mercadinhoboavistai", "BRL", "Mercadinho Boavista I"),
        ("TST* PIZZERIAROMAII", "USD", "Pizzeria Roma II"), ("SQ *GOLDENDRAGONNOODLESII", "USD", "Golden Dragon Noodles II"),
    ])
    func aGluedNameMayEndInARomanNumeral(description: String, currency: String, name: String) {
        #expect(Self.name(description, currency) == name)
    }

    /// A numeral is only the last piece, and only where the words before it split on their own.
    @Test func aNumeralIsOnlyTheLastPiece() {
        let splitter = Fixture.catalog.gluedNames
        #expect(splitter.split("postobeirarioi") == ["posto", "beira", "rio", "i"])
        #expect(splitter.split("lanchonetedocentroi") == ["lanchonete", "do", "centro", "i"])
        #expect(splitter.split("iiipostobeirario") == nil)
        #expect(splitter.split("mariachocolai") == nil)
    }

    /// A dash between spaces after the name starts its branch or place ("- FILIAL 2", "- HOUSTON ST", a column
    /// cutting it: "- HOUS"); a dash inside a word is part of the name.
    @Test(arguments: [
        ("DROGARIA BOA SAUDE - FILIAL 2", "BRL", "Drogaria Boa Saude"), ("AUTO POSTO ESTRELA - UNID CENTRO", "BRL", "Auto Posto Estrela"),
        ("MERCADO BOM PRECO - LOJA 04", "BRL", "Mercado Bom Preco"), ("PADARIA NOVA ERA - SAO JOSE SC", "BRL", "Padaria Nova Era"),
        ("PIX QR CODE ESTATICO DES: CASA DAS TINTAS - MATRIZ 07/07", "BRL", "Casa das Tintas"),
        ("SQ *MOONLIGHT DINER - MIDTOWN", "USD", "Moonlight Diner"), ("TST* BLUE HERON CAFE - EAST", "USD", "Blue Heron Cafe"),
        ("SUNRISE MARKET - HOUSTON ST", "USD", "Sunrise Market"), ("HARBOR GRILL - PIER 39", "USD", "Harbor Grill"),
        ("CEDAR BOOKS -  DOWNTONEW YORK", "USD", "Cedar Books"), ("LOJA X-TUDO CENTRO", "BRL", "Loja X Tudo Centro"),
    ])
    func aSpacedDashStartsTheBranch(description: String, currency: String, name: String) {
        #expect(Self.name(description, currency) == name)
    }

    /// A dash after an operation word separates the operation from the name, which is kept.
    @Test(arguments: [
        ("ELECTRONIC DEPOSIT - RIVERTON FARMS", "USD", "Riverton Farms"), ("ONLINE PAYMENT - MAPLE LEAF DAYCARE", "USD", "Maple Leaf Daycare"),
        ("PAGAMENTO - CLINICA SORRISO FELIZ", "BRL", "Clinica Sorriso Feliz"), ("DEPOSITO - ESCRITORIO CONTABIL SOL", "BRL", "Escritorio Contabil Sol"),
        ("TRANSFERENCIA - OFICINA DO TONHO", "BRL", "Oficina do Tonho"), ("ACH DEBIT - BLUE RIDGE LANDSCAPING", "USD", "Blue Ridge Landscaping"),
    ])
    func aDashAfterAnOperationWordKeepsTheName(description: String, currency: String, name: String) {
        #expect(Self.name(description, currency)?.hasSuffix(name) == true, "\(description) → \(Self.name(description, currency) ?? "nil")")
    }

    /// SulAmérica sold its auto and property insurance to Allianz in 2019: the bare name is the health plan
    /// company; its life and pension companies, printed with SEGUROS, VIDA or PREVIDENCIA, are insurance.
    @Test(arguments: [
        ("PAG BOLETO SULAMERICA", "SulAmérica", "health.plan"), ("DEB AUTOMATICO SUL AMERICA", "SulAmérica", "health.plan"),
        ("BOLETO SUL AMERICA SAUDE", "SulAmérica Saúde", "health.plan"), ("SULAMERICA SEGUROS APOLICE", "SulAmérica Seguros", "insurance"),
        ("DEBITO AUTOMATICO SULAMERICA VIDA", "SulAmérica Seguros", "insurance"),
        ("PAGAMENTO SULAMERICA PREVIDENCIA", "SulAmérica Seguros", "insurance"),
    ])
    func sulAmericaIsAHealthPlanFirst(description: String, name: String, category: String) {
        let r = Fixture.resolve(Fixture.row(description, "-350", extra: ",\"currency\":\"BRL\""))
        #expect(r.merchant.name == name)
        #expect(r.category == category, "\(description) → \(r.category)")
    }

    /// Abbreviations of business names are written out in the displayed name, by the row's language; a phrase
    /// decides a form that depends on the word before it (MAT CONSTR, MATERIAIS ELET).
    @Test(arguments: [
        ("PIX QR CODE ESTATICO DES: CASA NOVA MAT DE CONSTR 12/03", "BRL", "Casa Nova Materiais de Construção"),
        ("DROG BOA VIDA", "BRL", "Drogaria Boa Vida"), ("SUPERM BOM JESUS", "BRL", "Supermercado Bom Jesus"),
        ("PANIF PAO QUENTE", "BRL", "Panificadora Pao Quente"), ("ESTAC CENTRAL PARK", "BRL", "Estacionamento Central Park"),
        ("PIX ENVIADO LUZ FORTE MATERIAIS ELET", "BRL", "Luz Forte Materiais Elétricos"),
        ("RIVERSIDE PROPERTY MGMT ACH", "USD", "Riverside Property Management"), ("LAKESIDE DENTAL SVCS", "USD", "Lakeside Dental Services"),
        ("GREENWAY INTL MKT", "USD", "Greenway International Market"), ("SUNNYVALE COMMUNITY CTR", "USD", "Sunnyvale Community Center"),
        ("OAKWOOD HOMEOWNERS ASSN", "USD", "Oakwood Homeowners Association"),
    ])
    func anAbbreviationIsWrittenOut(description: String, currency: String, name: String) {
        #expect(Self.name(description, currency) == name)
    }

    /// ASSOC is Associação on a Brazilian row and Association on a US one; a one-word name stays as printed.
    @Test func anAbbreviationIsWrittenInTheRowsLanguage() throws {
        let file = try TSVFile(name: "Rules/x.tsv", text: "assoc\tAssociação\tBR\nassoc\tAssociation\tUS\n", minimumColumns: 3)
        let abbreviations = try NameAbbreviations(file)
        #expect(abbreviations.expanded("Assoc Amigos", country: "BR") == "Associação Amigos")
        #expect(abbreviations.expanded("Parents Assoc", country: "US") == "Parents Association")
        #expect(abbreviations.expanded("Parents Assoc", country: "CA") == "Parents Association")
        #expect(abbreviations.expanded("Assoc", country: "BR") == "Assoc")
        let bad = try TSVFile(name: "Rules/x.tsv", text: "assoc\tAssociação\tPT\n", minimumColumns: 3)
        #expect(throws: DataError(file: "Rules/x.tsv", line: 1, column: 3, "unknown country \"PT\"; expected BR, US or -")) {
            try NameAbbreviations(bad)
        }
    }
}
