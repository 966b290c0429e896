import Testing
@testable import GardenFoundation
@testable import GardenAnalysis

/// Cleaning and unwrapping descriptors as real banks print them.
struct DescriptorAnalyzerTests {
    func analyze(_ text: String, date: String? = nil) -> Descriptor { TestData.analyze(text, date: date) }

    // MARK: installments, in every printed form, and dates that are not installments

    @Test(arguments: [
        ("LOJA X PARC 03/10", 3, 10), ("Shopee *Parisfashionte - Parcela 1/2", 1, 2), ("MAGAZINE LUIZA - 5/6", 5, 6),
        ("NETSHOES           01/06", 1, 6), ("CASAS BAHIA SAO PAULO01/03", 1, 3), ("LOJA PARC 03 DE 10", 3, 10),
        ("Pg *Nuvem Mariachocola - Parcela 1/4", 1, 4),
    ] as [(String, Int, Int)])
    func readsInstallments(text: String, number: Int, total: Int) {
        let d = analyze(text)
        #expect(d.installment == Installment(number: number, total: total))
        #expect(!d.foldedName.contains(String(total)), "\(d.foldedName)")
        #expect(!(d.cleanedName ?? "").lowercased().contains("parc"))
    }

    @Test(arguments: [
        ("Pagamento cartao credito bce 05/03 19:40 cartao master", "2026-03-05"),
        ("PURCHASE AUTHORIZED ON 07/12 TRADER JOES 058 FAIRVIEW IL CARD 1234", nil),
        ("Compra cartao deb mc 18/03 99. pop 18mar 15h06", "2026-03-18"),
        ("UBER TRIP 06/03", "2026-03-06"),
        ("Juros saldo utiliz ate limite Periodo: 05/02 a 04/03/26", "2026-03-05"),
        ("Taxi 14set 09h09min", "2026-09-15"),
    ] as [(String, String?)])
    func datesAreNeverInstallments(text: String, date: String?) {
        let d = analyze(text, date: date)
        #expect(d.installment == nil, "\(text)")
        #expect(!d.foldedName.contains("/"))
        for word in d.foldedName.split(separator: " ") { #expect(!word.allSatisfy(\.isNumber) || word == "99", "\(d.foldedName)") }
    }

    /// A transfer rail carries no installments: a bare day/month pair ending a Pix, TED or Zelle line is its date;
    /// one written out (`PARC`) is still read, and a card line's trailing pair stays an installment.
    @Test(arguments: [
        ("PIX QR CODE ESTATICO DES: CASA DAS TINTAS 07/07", nil), ("PIX QR CODE DINAMICO DES: PADARIA PAO QUENTE 03/09", nil),
        ("PIX ENVIADO JOANA SOUZA 02/11", nil), ("TED DES: ACME MADEIRAS LTDA 01/04", nil),
        ("ZELLE TO JOHN SMITH 01/12", nil), ("PIX QR CODE DINAMICO DES: LOJA BOA PARC 02/05", Installment(number: 2, total: 5)),
        ("LOJAS RENNER 02/05", Installment(number: 2, total: 5)),
    ] as [(String, Installment?)])
    func transferLinesEndInTheirDate(text: String, installment: Installment?) {
        let d = analyze(text)
        #expect(d.installment == installment, "\(text)")
        #expect(!d.foldedName.contains("/") && !d.foldedName.split(separator: " ").contains { $0.allSatisfy(\.isNumber) }, "\(d.foldedName)")
    }

    // MARK: boilerplate, documents, bank details

    @Test func stripsPixBoilerplateDocumentsAndBankDetails() {
        let d = analyze("Transferência enviada pelo Pix - Marina Vitória Lopes Andrade - •••.482.613-•• - NU PAGAMENTOS - IP (0260) Agência: 1 Conta: 40297716-5")
        #expect(d.cleanedName == "Marina Vitória Lopes Andrade")
        #expect(d.method == .pix)
        #expect(d.directionHint == .out)
        #expect(d.documents == [.cpf(mask: "•••.482.613-••")])
    }

    @Test func rawCPFBesideANameInATransferIsMasked() {
        let d = analyze("Transferência Recebida - MARINA VITORIA LOPES ANDRADE 52817364920 - 47.318.905/0001-22 - NU PAGAMENTOS - IP (0260) Agência: 1 Conta: 31846205-7")
        #expect(d.documents.first == .cpf(mask: "•••.173.649-••"))
        #expect(d.cleanedName == "Marina Vitoria Lopes Andrade")
        #expect(!d.foldedName.contains("52817364920"))
    }

    @Test func findsValidCNPJsOnlyAndAlphanumericOnes() {
        let d = analyze("Transferência enviada pelo Pix - 99 TECNOLOGIA LTDA - 18.033.552/0001-61 - ADYEN DO BRASIL IP LTDA. Agência: 1 Conta: 100000015-8")
        #expect(d.documents == [.cnpj(CNPJ("18033552000161")!)])
        #expect(!d.foldedName.contains("adyen"))
        let alpha = analyze("PIX ENVIADO LOJA NOVA 12.ABC.345/01DE-35")
        #expect(alpha.documents == [.cnpj(CNPJ("12ABC34501DE35")!)])
        let invalid = analyze("PIX ENVIADO LOJA NOVA 12.ABC.345/01DE-36")
        #expect(invalid.documents.isEmpty)
    }

    @Test func usBoilerplateStoreNumbersAndPlaces() {
        #expect(analyze("PURCHASE AUTHORIZED ON 07/12 JOES DINER 058 FAIRVIEW IL CARD 1234").cleanedName == "Joes Diner")
        #expect(analyze("DEBIT CARD PURCHASE POS1234 CORNER MARKET").cleanedName == "Corner Market")
        #expect(analyze("TST* JOES PIZZA 412 LAKE CITY").cleanedName == "Joes Pizza")
        #expect(analyze("STARBUCKS #1234").foldedName == analyze("STARBUCKS #5678").foldedName)
        #expect(analyze("WHOLEFDS MKT 10259").foldedName == analyze("WHOLEFDS MKT 10102").foldedName)
    }

    // MARK: processors, channels, marketplaces

    @Test func unwrapsProcessorPrefixes() {
        for (text, processor, name) in [("Compra no débito - Pag*Luciaferreiramota", "pagseguro", "Lucia Ferreira Mota"),
                                        ("SQ *BLUE BOTTLE COFFEE", "square", "Blue Bottle Coffee"),
                                        ("PAYPAL *STEAM GAMES", "paypal", "Steam Games"),
                                        ("Zig* *Sombrinha", "zig", "Sombrinha"),
                                        ("IFD*RESTAURANTE SABOR", "ifood", "Restaurante Sabor"),
                                        ("MP*LOJADOZE", "mercado_pago", "Lojadoze")] {
            let d = analyze(text)
            #expect(d.processor.map { TestData.catalog.processors[$0].id } == processor, "\(text)")
            #expect(d.cleanedName == name, "\(text)")
        }
    }

    @Test func marketplaceKeepsTheSeller() {
        let d = analyze("Shopee *Parisfashionte - Parcela 1/2")
        #expect(d.processor.map { TestData.catalog.processors[$0].role } == .marketplace)
        #expect(d.seller == "Parisfashionte")
    }

    @Test func gluedNamesAfterAPrefixMatchByPrefix() {
        let raia = analyze("Compra no débito - Pag*Raiadrogasilsa")
        #expect(!raia.brandMatches.isEmpty)
        let uber = analyze("Dl*Uberrides")
        let brand = uber.brandMatches.first.flatMap { match -> String? in
            let entry = TestData.catalog.entries[match.entry]
            return entry.role == .name ? TestData.catalog.brands[entry.record].name : nil
        }
        #expect(brand == "Uber")
    }

    @Test func refundWordingIsRecorded() {
        #expect(analyze("Estorno de compra NETFLIX").refundWording != nil)
        #expect(analyze(#"Crédito de "Google One" (Google One)"#).refundWording == "credito de")
        #expect(analyze("NETFLIX.COM").refundWording == nil)
    }
}

/// The row date's day and month read on its bytes (issue 38) give what `Int(date.dropFirst(n).prefix(2))` gave.
struct RowDateDigitsTests {
    @Test(arguments: ["2026-03-13", "2026-12-01", "2026-3-1", "2026-03", "2026-03-", "2026-03-+5", "2026-03--5", "2026-+1-0x",
                      "20260313", "", "2026-0", "abcdefghij", "2026-03-1\r\n", "2026-é3-13", "2026-03-1a"])
    func matchesTheCharacterReading(_ date: String) {
        for offset in [5, 8] {
            #expect(DescriptorAnalyzer.State.twoCharacterNumber(date, at: offset) == Int(date.dropFirst(offset).prefix(2)), "\(date) at \(offset)")
        }
    }
}
