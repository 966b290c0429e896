import Testing
import GardenFoundation
import GardenAnalysis
import GardenEngine
import GardenResolvers

/// Faults found by trying garden as a user and as a hostile tester; each is a kind of fault, not a row.
struct RegressionTests {
    @Test func referenceNumbersBesideAPersonsNameKeepItAPerson() {
        let r = Fixture.resolve(Fixture.row("ZELLE PAYMENT TO PARKER LUKE 84321", "-120"))
        #expect(r.category == "transfer.person")
        #expect(r.merchant.kind == .person)
        let pix = Fixture.resolve(Fixture.row("PIX TRANSF  MARIA S04/10", "-50", extra: #","date":"2026-10-04""#))
        #expect(pix.category == "transfer.person")
    }

    @Test func aBrandGluedInsideALongerKeywordLoses() {
        for text in ["Zp *Estacionamento Shop", "Pag*Estacionamentocentral"] {
            let r = Fixture.resolve(Fixture.row(text))
            #expect(r.category == "transport.parking_tolls", "\(text)")
            #expect(r.merchant.brand == nil, "\(text)")
        }
    }

    @Test func aMarketplaceSellerIsNotReadAsAKeyword() {
        let r = Fixture.resolve(Fixture.row("Mercadolivre*Mercadol - Parcela 3/10", "-80"))
        #expect(r.category == "shopping.marketplace")
        #expect(r.installment == Installment(number: 3, total: 10))
    }

    @Test func rowIDsOfDifferentRowsDiffer() {
        let a = Fixture.transaction(#"{"description":"PIX","amount":-10,"counterparty":{"name":"ANA"}}"#)
        let b = Fixture.transaction(#"{"description":"PIX","amount":-10,"counterparty":{"name":"BIA"}}"#)
        #expect(Pipeline.rowID(a) != Pipeline.rowID(b))
        #expect(Pipeline.rowID(Fixture.transaction(#"{"id":"529.982.247-25","description":"X"}"#)).hasPrefix("h"))
        #expect(Pipeline.rowID(Fixture.transaction(#"{"id":"abc-1","description":"X"}"#)) == "abc-1")
    }

    @Test func theScrubberMasksEveryCPFShape() {
        #expect(CPFScrubber.scrub("52998224725 Joao") == "•••.982.247-•• Joao")
        #expect(CPFScrubber.scrub("５２９９８２２４７２５") == "•••.982.247-••")
        #expect(CPFScrubber.scrub("cpf 529.982.247-25.") == "cpf •••.982.247-••.")
        #expect(CPFScrubber.scrub("phone 119876543210") == "phone 119876543210")     // 12 digits: not a CPF
        #expect(CPFScrubber.scrub("Padaria do Zé") == "Padaria do Zé")
    }

    @Test func hugeDescriptorsAreAnalyzedOnlyUpToTheBound() {
        // A 1 MiB descriptor must not cost more than a long real one (no quadratic path can run on it).
        let text = String(repeating: "1 ", count: 400_000) + "NETFLIX"
        let descriptor = Fixture.pipeline.analyzer.analyze(Fixture.transaction(Fixture.row(text)))
        #expect(descriptor.text.source.count <= DescriptorAnalyzer.maximumDescriptorBytes)
        let accented = String(repeating: "é", count: 600)
        #expect(Fixture.pipeline.analyzer.analyze(Fixture.transaction(Fixture.row(accented))).text.source.count <= DescriptorAnalyzer.maximumDescriptorBytes)
    }
    @Test func aP2PAppPayingANamedPersonNamesThePerson() {
        for text in ["VENMO *KAYLA MORENO", "Cash App*Derek Mills"] {
            let r = Fixture.resolve(Fixture.row(text))
            #expect(r.merchant.kind == .person, "\(text)")
            #expect(r.category == "transfer.person", "\(text)")
        }
        // No person after the app: the app stays the payee; a top-up moves the holder's own money.
        let payment = Fixture.resolve(Fixture.row("VENMO PAYMENT 1023456789 WEB ID: 3264681992"))
        #expect(payment.merchant.name == "Venmo")
        #expect(Fixture.resolve(Fixture.row("CASH APP*ADD CASH 8774174551 CA")).category == "transfer.own")
    }

    @Test func rentWordsAreHousingButARentalCarIsTravel() {
        #expect(Fixture.resolve(Fixture.row("RENT PAYMENT TO OAKWOOD PROPERTY MGMT")).category == "home.rent")
        #expect(Fixture.resolve(Fixture.row("SUNSET RENT A CAR")).category == "travel.other")
    }
    @Test func aShortNameBeforeAPlaceWasNotCutShort() {
        // A truncated brand needs the name to reach the card column limit; a place after a short name proves it was not cut.
        #expect(Fixture.resolve(Fixture.row("GUITAR CENTER ALLEN TX")).merchant.brand != "us_centerpoint")
        #expect(Fixture.resolve(Fixture.row("CENTERPOINT ENERGY HOUSTON TX")).merchant.brand == "us_centerpoint")
        // A city that is also a brand's word stays with the brand.
        #expect(Fixture.resolve(Fixture.row("BOOST MOBILE NY")).merchant.name == "Boost Mobile")
        #expect(Fixture.resolve(Fixture.row("TAQUERIA EL SOL COVINGTON KY")).merchant.name == "Taqueria El Sol")
    }
}
