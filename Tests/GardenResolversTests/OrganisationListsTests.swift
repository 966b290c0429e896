import Foundation
import Testing
import GardenFoundation
import GardenCatalog
import GardenEngine
import GardenResolvers

/// Issue 35, knowledge from maintained lists: online services (2factorauth directory), web domains (UT1), universities
/// (Hipo list), travel brands (MCC 3000–3999 brand codes, OpenFlights). Every line here is written from the list (a
/// record's name as a card line prints it), none is a row of the dev set.
struct OrganisationListsTests {
    static func resolve(_ description: String, currency: String = "USD", amount: String = "-25") -> Resolution {
        Fixture.resolve(Fixture.row(description, amount, extra: ",\"currency\":\"\(currency)\""))
    }

    /// The records of a repository data file, as the catalog reads them.
    static func records(_ file: String, columns: Int) throws -> [TSVFile.Record] {
        try DataDirectory(root: Fixture.root).tsv(file, minimumColumns: columns).records
    }

    // MARK: online services

    /// Each service with a category, printed as its name alone on a card line, takes its directory's category
    /// whenever no brand of the hand-written or generated catalog claims the line (those know it better).
    @Test func everyServiceOfTheDirectoryIsFoundByItsName() throws {
        var checked = 0, right = 0, misses: [String] = []
        for record in try Self.records("Rules/online_services.tsv", columns: 5) where record.columns[1] != "-" {
            guard let pattern = record.columns[4].split(separator: "|").first(where: { !$0.hasPrefix("^") && !$0.hasPrefix("=") }) else { continue }
            let line = String(pattern.filter { $0 != "*" }) + " 8005550100"
            let context = Fixture.pipeline.context(Fixture.transaction(Fixture.row(line, "-25", extra: ",\"currency\":\"USD\"")))
            guard context.matchedBrand == nil else { continue }
            checked += 1
            if OnlineServiceResolver().taking(Fixture.catalog.shipped).propose(context)?.category == record.columns[1] { right += 1 } else { misses.append(line) }
        }
        #expect(checked >= 800)
        #expect(right * 100 >= checked * 97, "\(right)/\(checked); missed \(misses.prefix(20))")
    }

    @Test(arguments: [
        ("DM *AUTODESK", "subscriptions.software", "Autodesk"),
        ("PAYPAL *DASHLANE 8005550100 NY", "subscriptions.software", "Dashlane"),
        ("PAYPAL *DASHLANEUSA 8005550100 NY", "subscriptions.software", "Dashlane"),
        ("VULTR HOLDINGS", "subscriptions.software", "Vultr"),
    ])
    func aServiceDecidesItsCategoryAndIsOnline(line: String, category: String, name: String) {
        let r = Self.resolve(line)
        #expect(r.category == category, "\(line) → \(r.category) \(r.categorySourceName)")
        #expect(r.merchant.name == name && r.merchant.kind == .online, "\(line) → \(r.merchant.name ?? "-") \(r.merchant.kind)")
    }

    /// A service named by a common word (MEGA, Shop) names it only as the whole merchant name: a shop so called is not it.
    @Test func aCommonWordNamesAServiceOnlyAlone() {
        #expect(Self.resolve("MEGA MATERIAIS DE CONSTRUCAO", currency: "BRL").categoryResolver?.name != "online_service")
        #expect(Self.resolve("SHOP DO BAIRRO", currency: "BRL").categoryResolver?.name != "online_service")
    }

    /// Money in from a service names it, and leaves its category to the flow policy (a payout is not a purchase).
    @Test func moneyInFromAServiceNamesItOnly() {
        let context = Fixture.pipeline.context(Fixture.transaction(Fixture.row("AUTODESK PAYOUT", "120", extra: ",\"currency\":\"USD\"")))
        let proposal = OnlineServiceResolver().taking(Fixture.catalog.shipped).propose(context)
        #expect(proposal?.category == nil)
        #expect(proposal?.merchant?.name == "Autodesk")
    }

    // MARK: web domains (UT1)

    /// A sorted file is searched by key: every key is found, keys between them and beyond both ends are not.
    @Test func aSortedFileIsSearchedByKey() {
        let text = "# header\n# Columns: domain\tcategory\nalpha.com\ta\nbeta.com\tb\nbeta.com.br\tc\ngamma.org\td\n"
        let table = SortedTSVFile(MappedBytes(copying: Array(text.utf8)))
        #expect(table.value(for: "alpha.com".utf8)?.first == "a")
        #expect(table.value(for: "beta.com".utf8)?.first == "b")
        #expect(table.value(for: "beta.com.br".utf8)?.first == "c")
        #expect(table.value(for: "gamma.org".utf8)?.first == "d")
        for absent in ["aaa.com", "beta.co", "beta.comx", "delta.net", "zeta.org", "# header", ""] {
            #expect(table.value(for: absent.utf8) == nil, "\(absent)")
        }
    }

    /// The shipped domain file is sorted (or binary search would miss keys), and every 997th domain printed as a card
    /// line prints it takes its category.
    @Test func theShippedDomainsAreSortedAndFoundAsPrinted() throws {
        let text = try String(contentsOf: Fixture.root.appendingPathComponent(WebDomainResolver.file), encoding: .utf8)
        let lines = text.split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(lines.count >= 150_000)
        let keys = lines.map { Array($0.prefix { $0 != "\t" }.utf8) }
        #expect(zip(keys, keys.dropFirst()).allSatisfy { $0.lexicographicallyPrecedes($1) })
        var checked = 0, right = 0, misses: [String] = []
        for (index, line) in lines.enumerated() where index % 997 == 0 {
            let columns = line.split(separator: "\t")
            let printed = "PAYPAL *WWW." + columns[0].uppercased()
            let context = Fixture.pipeline.context(Fixture.transaction(Fixture.row(printed, "-25", extra: ",\"currency\":\"USD\"")))
            guard context.matchedBrand == nil else { continue }
            checked += 1
            if WebDomainResolver().taking(Fixture.catalog.shipped).propose(context)?.category == String(columns[1]) { right += 1 } else { misses.append(printed) }
        }
        #expect(checked >= 150 && right == checked, "\(right)/\(checked); missed \(misses.prefix(20))")
    }

    @Test(arguments: [
        ("help.hbomax.com", ["help.hbomax.com", "hbomax.com"]),
        ("www.loja.com.br", ["loja.com.br"]),
        ("shop.example.co.uk", ["shop.example.co.uk", "example.co.uk"]),
        ("escogroup.orgil", ["escogroup.org"]),
        ("shop.x", []),
    ])
    func aPrintedHostIsLookedUpFromItsFullNameDown(word: String, expected: [String]) {
        #expect(WebDomainResolver.dotted(Array(word.utf8)) == expected)
    }

    /// A name glued to COM is looked up whole and without a billing subdomain, never by any other ending
    /// (`PRIVACYCOM` is not ivacy.com).
    @Test func aGluedNameIsLookedUpWholeOrWithoutItsBillingSubdomain() {
        #expect(WebDomainResolver.candidates(in: "DM*HELPHBOMAXCOM") == ["helphbomax.com", "hbomax.com"])
        #expect(WebDomainResolver.candidates(in: "FOUNDATION PRIVACYCOM") == ["privacy.com"])
        #expect(WebDomainResolver.candidates(in: "TELECOM SUL") == [])
        // Numbers with dots are no hosts: a CNPJ, an amount.
        #expect(WebDomainResolver.candidates(in: "PIX BAR CAMPO 82.001.234/0001-56") == [])
        #expect(WebDomainResolver.candidates(in: "TOTAL 1.234,56") == [])
    }

    // MARK: universities

    @Test(arguments: [
        ("UNIV OF TORONTO BOOKSTORE", "CAD", "University of Toronto"),
        ("MCGILL UNIV MONTREAL", "CAD", "McGill University"),
        ("DLHS UNIV HALIFAX", "CAD", "Dalhousie University"),
        ("DALH UNIV HALIFAX NS", "CAD", "Dalhousie University"),
        ("UNV ALBERTA EDMONTON", "CAD", "University of Alberta"),
        ("UFMG BELO HORIZONTE", "BRL", "Universidade Federal de Minas Gerais"),
    ])
    func aUniversityIsFoundByItsNameItsAcronymOrItsWordCut(line: String, currency: String, name: String) {
        let r = Self.resolve(line, currency: currency, amount: "-450")
        #expect(r.category == "education", "\(line) → \(r.category) \(r.categorySourceName)")
        #expect(r.merchant.name == name && r.merchant.kind == .local, "\(line) → \(r.merchant.name ?? "-")")
    }

    /// A short form names a university only beside a university word, on the side its word stands on in the name
    /// (Dalhousie University: DALH UNIV, never UNIV DALH).
    @Test(arguments: ["DLHS PIZZA HALIFAX", "DALH AUTO BODY", "UNIV DALH HALIFAX"])
    func aShortFormAloneIsNoUniversity(line: String) {
        let context = Fixture.pipeline.context(Fixture.transaction(Fixture.row(line, "-25", extra: ",\"currency\":\"CAD\"")))
        #expect(UniversityResolver().taking(Fixture.catalog.shipped).propose(context) == nil)
    }

    // MARK: travel brands

    /// Every MCC travel brand, printed as its first pattern, takes its code range's category where no catalog brand
    /// claims the line.
    @Test func everyTravelBrandCodeIsFoundByItsName() throws {
        var checked = 0, right = 0, misses: [String] = []
        for record in try Self.records("Rules/travel_brands_mcc.tsv", columns: 3) {
            guard let pattern = record.columns[2].split(separator: "|").first else { continue }
            let line = pattern.replacingOccurrences(of: "*", with: "XXXXX0162345") + " 123"
            let context = Fixture.pipeline.context(Fixture.transaction(Fixture.row(line, "-25", extra: ",\"currency\":\"USD\"")))
            guard context.matchedBrand == nil else { continue }
            checked += 1
            if TravelBrandResolver().taking(Fixture.catalog.shipped).propose(context)?.category == record.columns[1] { right += 1 } else { misses.append(line) }
        }
        #expect(checked >= 250)
        #expect(right * 100 >= checked * 97, "\(right)/\(checked); missed \(misses.prefix(20))")
    }

    /// An airline's name cut at AIR with the ticket number masked and glued after it.
    @Test func anAirlineCutAtItsColumnLimitIsTheAirline() {
        let r = Self.resolve("UNITED AIRXXXXX0162345 HOUSTON TX", amount: "-320")
        #expect(r.category == "travel.air")
        #expect(r.merchant.kind == .chain)
    }

    // MARK: state tax agencies

    @Test(arguments: [
        ("OH DEPT OF REVEN WEB PMT", "Ohio Department of Revenue"),
        ("MISSOURI DEPT OF REVEN 573", "Missouri Department of Revenue"),
        ("UT DEPARTMENT OF TAXAT", "Utah Department of Taxation"),
        ("FLORIDA COMPTROLLER", "Florida Comptroller"),
    ])
    func aStateAndItsTaxBodyIsTheStatesAgency(line: String, name: String) {
        let r = Self.resolve(line, amount: "-210")
        #expect(r.category == "taxes.government", "\(line) → \(r.category) \(r.categorySourceName)")
        #expect(r.merchant.name == name && r.merchant.kind == .government, "\(line) → \(r.merchant.name ?? "-")")
    }

    /// The state must head the name and a tax body's name follow it; in another currency a state code is something else.
    @Test(arguments: [("OHIO VALLEY DINER", "USD"), ("DEPT OF REVENUE OH", "USD"), ("PA DEPT OF REVENUE", "BRL")])
    func aStateWithoutItsTaxBodyIsNoAgency(line: String, currency: String) {
        let context = Fixture.pipeline.context(Fixture.transaction(Fixture.row(line, "-25", extra: ",\"currency\":\"\(currency)\"")))
        #expect(StateAgencyResolver().propose(context) == nil)
    }

    // MARK: a state's own body by its form (Rules/state_offices.tsv, from the .gov registry's state bodies)

    /// Names written from state bodies of the CISA .gov registry as card and ACH lines print them: the state (name or
    /// code) and the word or initialism its bodies are named by; a cut office word at the name's end.
    @Test(arguments: [
        ("ohio department of transportation", true), ("ks dot", true), ("michigan secretary of state", true),
        ("new jersey division of revenue", true), ("wa dor", true), ("nm sos", true), ("utah departme", true),
        ("nevada state bank", false), ("california attorney", false), ("texas roadhouse", false), ("ohio", false),
        ("ga", false), ("ohio valley diner", false), ("utah depa", false), ("new york dor extra", true),
    ])
    func aStateAndAnOfficeWordNameAStateBody(name: String, isStateBody: Bool) {
        #expect(Fixture.catalog.namesStateBody(name) == isStateBody, "\(name)")
    }

    /// A US row paid to a state body read from its form is kind government; the category is not decided by the form.
    @Test func aStateBodyReadByItsFormIsGovernment() {
        for line in ["WA DOR WEB PMT", "NM SOS 505-827-3600 NM", "KS DOT OVERSIZE 785-296-0000"] {
            let body = Self.resolve(line, amount: "-45")
            #expect(body.merchant.kind == .government, "\(line) → \(body.merchant.name ?? "-") \(body.merchant.kind)")
        }
        let bank = Self.resolve("NEVADA STATE BANK 123 RENO NV", amount: "-45")
        #expect(bank.merchant.kind != .government)
        let elsewhere = Self.resolve("WA DOR WEB PMT", currency: "BRL", amount: "-45")
        #expect(elsewhere.merchant.kind != .government, "a state's form is read on US rows only")
    }

    // MARK: a financial institution acting as itself (issue 35's kind `bank`)

    /// A chain brand whose own catalog category is a bank's business (a vehicle maker's bank, the exchange's custody fee)
    /// paid for that business is the institution acting as itself, kind bank; an online lender keeps its kind.
    @Test(arguments: [("BANCO HONDA PARCELA 05/24", "BRL", MerchantKind.bank), ("BMF BOVESPA TAXA DE CUSTODIA", "BRL", .bank),
                      ("AFFIRM PAYMENT", "USD", .online)])
    func aChainWhoseOwnBusinessIsABanksIsTheBank(line: String, currency: String, kind: MerchantKind) {
        let r = Self.resolve(line, currency: currency, amount: "-45")
        #expect(r.merchant.kind == kind, "\(line) → \(r.merchant.name ?? "-") \(r.merchant.kind) \(r.category)")
    }

    // MARK: a supermarket chain's fuel station (NSI: the brand is also amenity=fuel)

    @Test(arguments: [("MEIJER GAS 123 LANSING MI", "transport.fuel"), ("FRED MEYER FUE 0452 PORTLAND OR", "transport.fuel"),
                      ("MEIJER 123 LANSING MI", "food.groceries")])
    func aChainsFuelStationIsFuelAndItsStoreIsNot(line: String, category: String) {
        let r = Self.resolve(line, amount: "-48")
        #expect(r.category == category, "\(line) → \(r.category) \(r.categorySourceName)")
    }
}
