import Foundation
import Testing
import GardenFoundation
import GardenCatalog
import GardenEngine
import GardenResolvers

/// Issue 35: a person's name begins with a given name (the IBGE Censo 2010's and nam_dict's lists,
/// `Rules/given_names_*.tsv`), so a company's name read from a transfer line is no person's. The lines are written
/// from that fact with made-up names (companies whose first word is their own coinage, people's common given names),
/// none is a row of the dev set.
struct GivenNamesTests {
    static func resolve(_ description: String, amount: String, currency: String = "BRL") -> Resolution {
        Fixture.resolve(Fixture.row(description, amount, extra: ",\"currency\":\"\(currency)\""))
    }

    @Test func theListsAreFoundAndSearchedByFoldedName() {
        let names = Fixture.catalog.givenNames
        #expect(names.isKnown)
        for name in ["maria", "joao", "tamires", "priya", "mohammed", "minh", "lan"] { #expect(names.contains(name), "\(name)") }
        for word in ["zanvex", "kronatec", "parafusos", "embalagens", "de", "da"] { #expect(!names.contains(word), "\(word)") }
    }

    @Test func aListInMemoryIsSearchedAndNoListKnowsNoName() {
        let names = GivenNames(texts: ["# header\nana\t10\nbeatriz\t3\n"])
        #expect(names.isKnown && names.contains("ana") && names.contains("beatriz") && !names.contains("anab"))
        #expect(!GivenNames(texts: []).isKnown)
    }

    @Test(arguments: [
        ("PIX ENVIADO ZANVEX PARAFUSOS", "-120", "BRL"),
        ("Pix - Enviado - 02/03 10:15 Kronatec Vidal", "-89.90", "BRL"),
        ("TED 341.0001ZANVEX PARAFUS", "-400", "BRL"),
        ("Transferência enviada pelo Pix - Quorvex Brasil Norte", "-59", "BRL"),
        ("Zelle payment to BLUVANTE ORCHARD Conf# x1y2z3", "-75", "USD"),
    ])
    func aCompanysNameInATransferLineIsNoPersons(line: String, amount: String, currency: String) {
        let r = Self.resolve(line, amount: amount, currency: currency)
        #expect(r.merchant.kind != .person, "\(line) → \(r.merchant.name ?? "-") \(r.merchant.kind)")
        #expect(r.category != CategoryID.transferToPerson, "\(line) → \(r.category)")
    }

    /// Money in from a company by a transfer is pay for work (the bank-line resolver's rule for a named company); a
    /// name that is no person's only for want of a given name is pay to confirm: flagged.
    @Test(arguments: ["TED 237.3380ZANVEX PARAFUS", "PIX RECEBIDO - ZANVEX PARAFUS"])
    func moneyInFromANameWithoutAGivenNameIsPayFlagged(line: String) {
        let r = Self.resolve(line, amount: "3200")
        #expect(r.category == CategoryID.salary && r.review, "\(r.category) \(r.review)")
    }

    @Test(arguments: [
        ("PIX ENVIADO TAMIRES OLIVEIRA SANTOS", "-50", "BRL"),
        ("Pix - Recebido 01/11 14:16 00052719840363 JOAQUIM R PEIXOTO", "80", "BRL"),
        ("Zelle payment to PRIYA SHANKAR Conf# a1b2c3", "-40", "USD"),
        ("Zelle Transfer Conf# q9w8e7; NGUYEN, MINH", "-60", "USD"),
        ("Transferência enviada pelo Pix - J R Albuquerque Neto", "-15", "BRL"),
    ])
    func aPersonsNameStillReadsAsAPerson(line: String, amount: String, currency: String) {
        let r = Self.resolve(line, amount: amount, currency: currency)
        #expect(r.merchant.kind == .person, "\(line) → \(r.merchant.name ?? "-") \(r.merchant.kind) \(r.category)")
    }
}
