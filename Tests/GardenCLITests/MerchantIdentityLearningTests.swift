import Foundation
import Testing
import GardenStore
import GardenSQLite
import GardenLedger
import GardenLinkStore
import GardenSnapshot
@testable import GardenCLI
@testable import GardenCommandKit
@testable import GardenStoreCommands

/// Issue 11: one correction moves every row of that merchant, and nothing else.
struct MerchantIdentityLearningTests {
    typealias Workspace = LearningEndToEndTests.Workspace

    static func ledger(_ w: Workspace) throws -> [String: LedgerRow] {
        let store = try Store(path: w.db)
        var rows: [String: LedgerRow] = [:]
        try store.forEachLedgerRow { rows[$0.rowID] = $0 }
        return rows
    }

    static let uberForms = [#"{"id":"u1","description":"UBER *TRIP","amount":-12}"#,
                            #"{"id":"u2","description":"Dl*Uberrides","amount":-20}"#,
                            #"{"id":"u3","description":"Pix enviado: \"Cp :14796606-UBER DO BRASIL TECNOLOGIA LTDA\"","amount":-15}"#,
                            #"{"id":"u4","description":"Compra cartao deb mc 06/03 uber uber .trip hel","amount":-9}"#]
    static let others = [#"{"id":"o1","description":"NETFLIX.COM","amount":-39.9}"#,
                         #"{"id":"o2","description":"PADARIA ZE DO BAIRRO","amount":-7}"#,
                         #"{"id":"o3","description":"UBER EATS","amount":-30}"#]

    @Test func everyPrintedFormOfABrandIsOneMerchantKey() throws {
        let w = Workspace()
        #expect(w.run(["resolve", "--record"], (Self.uberForms + Self.others).joined(separator: "\n") + "\n").code == 0)
        let rows = try Self.ledger(w)
        for id in ["u1", "u2", "u3", "u4"] { #expect(rows[id]?.merchantKey == "brand:uber", "\(id)") }
        #expect(rows["o3"]?.merchantKey != "brand:uber")
        #expect(w.run(["explain", "--id", "u2"]).stdout.contains("  identity      brand:uber\n"))
    }

    @Test func aBankLineWithAFixedPayeeIsOneMerchantWhateverElseItPrints() throws {
        let w = Workspace()
        let rows = [#"{"id":"i1","description":"IOF de \"Manning\"","amount":-1.2}"#,
                    #"{"id":"i2","description":"IOF: \"08427\"","amount":-0.8}"#,
                    #"{"id":"i3","description":"IOF COMPRA INTERNACIONAL NETFLIX","amount":-2.1}"#]
        #expect(w.run(["resolve", "--record"], rows.joined(separator: "\n") + "\n").code == 0)
        let ledger = try Self.ledger(w)
        let keys = Set(["i1", "i2", "i3"].compactMap { ledger[$0]?.merchantKey })
        #expect(keys.count == 1, "\(keys)")
        #expect(keys.first?.hasPrefix("line:taxes.iof") == true, "\(keys)")
    }

    /// A line with a fixed payee that is what the payee's brand always is (a federal tax line, Receita Federal)
    /// is that brand, whichever stage named it; a line of another flow to the same payee, or of a bank or a
    /// wallet (the payee of many flows), stays a line of its own.
    @Test func aFixedPayeeLineOfTheBrandsOwnCategoryIsTheBrand() throws {
        let w = Workspace()
        let rows = [#"{"id":"d1","description":"Pagamento efetuado: \"DAS - SIMPLES NACIONAL\"","amount":-86}"#,
                    #"{"id":"d2","description":"PAGTO ELETRON TRIBUTO DARF","amount":-412}"#,
                    #"{"id":"d3","description":"IRRF S/ APLICACAO","amount":-3}"#,
                    #"{"id":"c1","description":"CASH APP*ADD CASH","amount":-50,"currency":"USD"}"#,
                    #"{"id":"w1","description":"NON-WF ATM WITHDRAWAL FEE","amount":-2.5,"currency":"USD"}"#]
        #expect(w.run(["resolve", "--record"], rows.joined(separator: "\n") + "\n").code == 0)
        let ledger = try Self.ledger(w)
        for id in ["d1", "d2", "d3"] { #expect(ledger[id]?.merchantKey == "brand:receitafederal", "\(id)") }
        #expect(ledger["c1"]?.merchantKey == "line:transfer.own@cashapp")
        // A bank's fee line stays a line: the bank is the payee of many flows (its card bill is another).
        #expect(ledger["w1"]?.merchantKey == "line:fees.bank@wellsfargo")
        #expect(w.run(["teach", "--id", "d2", "--category", "donations"]).code == 0)
        #expect(w.run(["recategorize"]).code == 0)
        for id in ["d1", "d3"] { #expect(try Self.ledger(w)[id]?.category == "donations", "\(id)") }
    }

    @Test func aRowWithoutAnAmountFollowsAMerchantTaughtInOneDirectionOnly() throws {
        let w = Workspace()
        let noAmount = #"{"description":"Dl*Uberrides"}"#
        #expect(w.run(["teach", "--category", "travel.other"], #"{"description":"UBER *TRIP","amount":-12}"#).code == 0)
        #expect(try w.category(w.run(["resolve"], noAmount + "\n").lines[0]) == ("travel.other", "merchant_memory"))
        // Taught both ways, the direction would decide: a row without one is not decided by memory.
        #expect(w.run(["teach", "--category", "income.other"], #"{"description":"UBER *TRIP","amount":30}"#).code == 0)
        #expect(try w.category(w.run(["resolve"], noAmount + "\n").lines[0]).1 != "merchant_memory")
    }

    @Test func oneCorrectionMovesEveryRowOfTheMerchantAndNothingElse() throws {
        let w = Workspace()
        #expect(w.run(["resolve", "--record"], (Self.uberForms + Self.others).joined(separator: "\n") + "\n").code == 0)
        let before = try Self.ledger(w)
        let taught = w.run(["teach", "--id", "u1", "--category", "travel.other"])
        #expect(taught.stdout.contains("merchant memory: brand:uber (out): 1 consistent correction(s); it now decides this merchant's rows alone"))
        #expect(w.run(["recategorize"]).code == 0)
        let after = try Self.ledger(w)
        for id in ["u2", "u3", "u4"] { #expect(after[id]?.category == "travel.other", "\(id)") }
        for id in ["o1", "o2", "o3"] { #expect(after[id]?.category == before[id]?.category, "\(id)") }
        // A new row of the same merchant follows in resolve --db too.
        let fresh = w.run(["resolve"], #"{"id":"n1","description":"UBER   *TRIP HELP.UBER.COM","amount":-11}"# + "\n")
        #expect(try w.category(fresh.lines[0]) == ("travel.other", "merchant_memory"))
    }

    /// A local merchant (no catalog brand, no CNPJ) as card processors, Pix and the bank's own lines print it:
    /// spaced or glued, with a legal suffix, a store number, a date or a city.
    static let localForms = ["PADARIA DO ZE", "PAG*PADARIADOZE", "MP *PADARIADOZE", "PAYPAL *PADARIADOZE", "SumUp *Padaria do Zé",
                             "Pix enviado: \"Cp :12345678-PADARIA DO ZE LTDA\"", "Compra cartao deb mc 06/03 padaria do ze",
                             "PADARIA DO ZE 123 SAO PAULO SP", "Padaria Do Ze 01/03"]

    @Test func everyPrintedFormOfALocalMerchantIsOneMerchantKey() throws {
        let w = Workspace()
        let rows = Self.localForms.enumerated().map { "{\"id\":\"l\($0.offset)\",\"description\":\"\($0.element.replacingOccurrences(of: "\"", with: "\\\""))\",\"amount\":-5}" }
        #expect(w.run(["resolve", "--record"], (rows + Self.others).joined(separator: "\n") + "\n").code == 0)
        let ledger = try Self.ledger(w)
        for index in Self.localForms.indices { #expect(ledger["l\(index)"]?.merchantKey == "name:padariadoze", "\(Self.localForms[index])") }
        // One correction of the spaced form moves the glued ones, and no other merchant ("PADARIA ZE DO BAIRRO").
        #expect(w.run(["teach", "--id", "l0", "--category", "donations"]).code == 0)
        #expect(w.run(["recategorize"]).code == 0)
        let after = try Self.ledger(w)
        for index in Self.localForms.indices { #expect(after["l\(index)"]?.category == "donations", "\(Self.localForms[index])") }
        for id in ["o1", "o2", "o3"] { #expect(after[id]?.category == ledger[id]?.category, "\(id)") }
    }

    /// README ("How many corrections move a merchant's rows"): without `--apply`, memory alone moves a merchant's
    /// other rows, recorded (after recategorize) and new, after one correction; after two for a brand that sells
    /// everything; and a disagreeing correction cancels one that agreed (memory is then evidence, flagged, at most).
    @Test(arguments: [("UBER *TRIP", "Dl*Uberrides", 1), ("PADARIA DO ZE", "PAG*PADARIADOZE", 1),
                      ("AMAZON MARKETPLACE SAO PAULO", "AMZN Mktp US*V16ZJ5L", 2)])
    func memoryAloneMovesAMerchantAfterTheCorrectionsTheREADMESays(_ taught: String, _ other: String, _ needed: Int) throws {
        let w = Workspace()
        let rows = (1...needed + 1).map { "{\"id\":\"t\($0)\",\"description\":\"\(taught)\",\"amount\":-\($0 + 10)}" }
            + ["{\"id\":\"x\",\"description\":\"\(other)\",\"amount\":-3}"]
        #expect(w.run(["resolve", "--record"], rows.joined(separator: "\n") + "\n").code == 0)
        func follows() throws -> (recorded: Bool, new: Bool) {
            #expect(w.run(["recategorize"]).code == 0)
            let fresh = w.run(["resolve"], "{\"id\":\"n\",\"description\":\"\(other)\",\"amount\":-4}\n")
            // Decided alone: memory's category, not flagged (below its count memory is evidence at 0.55, flagged).
            let decided = try w.category(fresh.lines[0]) == ("donations", "merchant_memory") && fresh.lines[0].contains(#""review":false"#)
            return (try Self.ledger(w)["x"]?.category == "donations", decided)
        }
        for count in 1...needed {
            #expect(w.run(["teach", "--id", "t\(count)", "--category", "donations"]).code == 0)
            let moved = try follows()
            #expect(moved.recorded == (count == needed), "after \(count) correction(s)")
            #expect(moved.new == (count == needed), "after \(count) correction(s)")
        }
        #expect(w.run(["teach", "--id", "t\(needed + 1)", "--category", "education"]).code == 0)
        #expect(try follows().new == false)
    }

    /// A name the bank cut at its column limit follows the whole name taught, while one remembered name alone
    /// completes it; a short descriptor was not cut.
    @Test func aNameTheBankCutFollowsTheWholeNameTaught() throws {
        let w = Workspace()
        #expect(w.run(["teach", "--category", "donations"], #"{"description":"SUPERMERCADO BOM PRECO LTDA","amount":-50}"#).code == 0)
        let cut = #"{"description":"PAG*SupermercadoBomPre","amount":-20}"# + "\n"
        #expect(try w.category(w.run(["resolve"], cut).lines[0]) == ("donations", "merchant_memory"))
        let short = w.run(["resolve"], #"{"description":"SUPERMERCADOBOM","amount":-20}"# + "\n")
        #expect(try w.category(short.lines[0]).1 != "merchant_memory")
        #expect(w.run(["teach", "--category", "education"], #"{"description":"SUPERMERCADO BOM PRECOS NOVOS","amount":-50}"#).code == 0)
        #expect(try w.category(w.run(["resolve"], cut).lines[0]).1 != "merchant_memory")
    }

    /// A trade alone names no merchant; a city after a trade is the merchant's name, not where it is.
    @Test(arguments: [("Taxi 14set 09h09min", nil), ("DROGARIA 0234", nil), ("SUPERMERCADO FILIAL 2", nil),
                      ("DROGARIA SAO JOAO 0234", "name:drogariasaojoao"), ("RED FERN COFFEE #12 OAKLAND CA", "name:redferncoffee")])
    func aTradeAloneIsNoMerchant(_ descriptor: String, _ key: String?) throws {
        let w = Workspace()
        #expect(w.run(["resolve", "--record"], "{\"id\":\"t\",\"description\":\"\(descriptor)\",\"amount\":-10}\n").code == 0)
        #expect(try Self.ledger(w)["t"]?.merchantKey == key)
        if key == nil {
            let taught = w.run(["teach", "--id", "t", "--category", "donations"])
            #expect(taught.stdout.contains("merchant memory: nothing to remember"))
        }
    }

    /// A wallet billing for its own store, printed alone (the App Store's `APPLE.COM/BILL`), is the merchant the
    /// catalog stage names: its brand, as the brand's other forms are.
    @Test(arguments: [("APPLE.COM/BILL", "brand:apple"), ("APPLE.COM/BILL 866-712-7753 CA", "brand:apple"), ("ICLOUD", "brand:apple")])
    func aWalletBillingForItselfIsItsBrand(_ descriptor: String, _ key: String?) throws {
        let w = Workspace()
        #expect(w.run(["resolve", "--record"], "{\"id\":\"t\",\"description\":\"\(descriptor)\",\"amount\":-10}\n").code == 0)
        #expect(try Self.ledger(w)["t"]?.merchantKey == key)
    }

    @Test(arguments: ["CIELO SA", "Cielo Vendas Crédito", "PIX QR CODE ESTATICO DES: PIX 13/04", "MP *LTDA", "COMPRA 1234", "DA 123"])
    func leftoversAreNoMerchant(_ descriptor: String) throws {
        let w = Workspace()
        let taught = w.run(["teach", "--category", "donations"], "{\"description\":\"\(descriptor)\",\"amount\":-10}")
        #expect(taught.code == 0)
        #expect(taught.stdout.contains("merchant memory: nothing to remember"))
        #expect(taught.stdout.contains("no rule proposed"))
        // Another row with the same leftover is not moved.
        let other = w.run(["resolve"], "{\"id\":\"x\",\"description\":\"\(descriptor) 77\",\"amount\":-99}\n")
        #expect(try w.category(other.lines[0]).1 != "merchant_memory")
    }

    @Test func aRuleProposalNamesTheBrandNotTheDescriptor() throws {
        let w = Workspace()
        let rows = [#"{"id":"b1","description":"AMAZON MARKETPLACE SAO PAULO(13/13)","amount":-50}"#,
                    #"{"id":"b2","description":"AMAZON BR SAO PAULO(05/11)","amount":-30}"#,
                    #"{"id":"b3","description":"AMZN Mktp US*V16ZJ5L","amount":-20}"#] + Self.others
        #expect(w.run(["resolve", "--record"], rows.joined(separator: "\n") + "\n").code == 0)
        let taught = w.run(["teach", "--id", "b1", "--category", "education", "--apply"])
        #expect(taught.stdout.contains("proposed rule: if brand br_amazon and direction out => category education"))
        #expect(taught.stdout.contains("it would change 2 of this merchant and 0 of other merchants"))
        #expect(w.run(["recategorize"]).code == 0)
        let after = try Self.ledger(w)
        #expect(after["b2"]?.category == "education")
        #expect(after["b3"]?.category == "education")
        #expect(after["o1"]?.category != "education")
        // A new row of the merchant follows in resolve --db: the rule decides it (memory alone needs a second
        // correction for a brand that sells everything).
        let fresh = w.run(["resolve"], #"{"description":"AMAZON BR SAO PAULO(01/02)","amount":-12}"# + "\n")
        #expect(try w.category(fresh.lines[0]) == ("education", "user_rule"))
        let other = w.run(["resolve"], #"{"description":"NETFLIX.COM","amount":-12}"# + "\n")
        #expect(try w.category(other.lines[0]).0 != "education")
    }

    /// A proposal names the merchant's identity, so it changes the merchant's rows and none of another merchant
    /// whose name holds the same words ("PADARIA ZE DO BAIRRO" is not "PADARIA ZE").
    @Test func aProposalChangesTheMerchantsRowsAndNoneOfAnotherMerchant() throws {
        let w = Workspace()
        let rows = [#"{"id":"p1","description":"PADARIA ZE 123 SAO PAULO SP","amount":-8}"#,
                    #"{"id":"p2","description":"PADARIA ZE","amount":-9}"#] + Self.others
        #expect(w.run(["resolve", "--record"], rows.joined(separator: "\n") + "\n").code == 0)
        let taught = w.run(["teach", "--id", "p1", "--category", "donations"])
        #expect(taught.stdout.contains(#"proposed rule: if identity name:padariaze and direction out => category donations"#), "\(taught.stdout)")
        #expect(taught.stdout.contains("it would change 1 of this merchant and 0 of other merchants"))
        #expect(taught.stdout.contains("this merchant:  p2: food.groceries → donations"))
        #expect(!taught.stdout.contains("o2:"))
    }

    /// A bank's own line is proposed by its wording at that bank: the same words at another bank are another merchant.
    @Test func aBankLineProposalNamesTheWordingAtThatBank() throws {
        let w = Workspace()
        let rows = [#"{"id":"t1","description":"TARIFA PACOTE DE SERVICOS","amount":-34,"account":"Banco do Brasil"}"#,
                    #"{"id":"t2","description":"TARIFA PACOTE DE SERVICOS","amount":-36,"account":"Banco do Brasil"}"#,
                    #"{"id":"t3","description":"TARIFA PACOTE DE SERVICOS","amount":-30,"account":"Itau"}"#]
        #expect(w.run(["resolve", "--record"], rows.joined(separator: "\n") + "\n").code == 0)
        let taught = w.run(["teach", "--id", "t1", "--category", "fees.interest", "--apply"])
        #expect(taught.stdout.contains(#"and identity line:fees.bank@"#), "\(taught.stdout)")
        #expect(w.run(["recategorize"]).code == 0)
        let after = try Self.ledger(w)
        #expect(after["t2"]?.category == "fees.interest")
        #expect(after["t3"]?.category == "fees.bank")
    }

    @Test func aProposalMatchingOnlyTheTaughtRowSaysSo() throws {
        let w = Workspace()
        #expect(w.run(["resolve", "--record"], (Self.others + [#"{"id":"s1","description":"SORVETERIA GELATO FINO","amount":-18}"#]).joined(separator: "\n") + "\n").code == 0)
        let taught = w.run(["teach", "--id", "s1", "--category", "food.restaurants"])
        #expect(taught.stdout.contains("it matches only the taught row"))
        #expect(!taught.stdout.contains("add it with --apply"))
    }

    @Test func aChannelsCategoryHoldsOnlyThroughTheChannel() throws {
        let w = Workspace()
        let rows = [#"{"id":"i1","description":"Ifd*Arcos Dourados Com","amount":-32}"#, #"{"id":"i2","description":"MCDONALDS 112","amount":-22}"#,
                    #"{"id":"i3","description":"IFD*MCDONALDS","amount":-40}"#]
        #expect(w.run(["resolve", "--record"], rows.joined(separator: "\n") + "\n").code == 0)
        let taught = w.run(["teach", "--id", "i1", "--category", "food.delivery", "--merchant", "McDonald's"])
        #expect(taught.stdout.contains("if brand br_mcdonalds and intermediary ifood and direction out => category food.delivery"))
        #expect(taught.stdout.contains("merchant memory: brand:mcdonalds via ifood (out)"))
        // Taught as travel (not the channel's category), the correction holds for the brand everywhere.
        let other = w.run(["teach", "--id", "i2", "--category", "travel.other"])
        #expect(other.stdout.contains("if brand br_mcdonalds and direction out => category travel.other"))
    }
}
