import Foundation
import Testing
@testable import GardenStore
@testable import GardenSQLite
@testable import GardenLedger
@testable import GardenLinkStore
@testable import GardenSnapshot
import GardenFoundation
import GardenEngine

/// A resolution's typed fields are read from the text garden writes and written back byte for byte.
struct LedgerResolutionTests {
    static let written = [
        #"{"merchant":{"name":"McDonald's","kind":"chain","brand":"br_mcdonalds","intermediary":"iFood","seller":null,"document":null,"confidence":0.9,"source":"brand_catalog"},"category":{"id":"food.delivery","name":"Delivery","confidence":0.9,"source":"brand_catalog"},"budget":{"id":"comer_fora","name":"Comer fora"},"review":false,"review_reasons":[],"installment":null,"direction":"out","flow":"expense","row_id":"nu-1"}"#,
        #"{"merchant":{"name":"João Pedro Alves","kind":"person","brand":null,"intermediary":null,"seller":null,"document":"•••.405.879-••","confidence":0.85,"source":"bank_line"},"category":{"id":"transfer.person","name":"Transferência para pessoa","confidence":0.85,"source":"bank_line"},"budget":null,"review":false,"review_reasons":[],"installment":null,"direction":"out","flow":"transfer","row_id":"b1999"}"#,
        #"{"merchant":{"name":null,"kind":"unknown","brand":null,"intermediary":null,"seller":null,"document":null,"confidence":0.0,"source":"none"},"category":{"id":"uncategorized","name":"Sem categoria","confidence":0.0,"source":"none"},"budget":null,"review":true,"review_reasons":["no evidence for a category","a \"quoted\" reason"],"installment":{"number":3,"total":10},"direction":null,"flow":"expense","row_id":"h1f"}"#,
    ]

    @Test(arguments: written)
    func readsAndWritesBackGardensText(_ text: String) throws {
        let resolution = try #require(LedgerResolution(json: text))
        #expect(resolution.json() == text)
    }

    @Test func readsEveryField() throws {
        let r = try #require(LedgerResolution(json: Self.written[2]))
        #expect(r.merchant == nil && r.merchantKind == "unknown" && r.review && r.reviewReasons.count == 2)
        #expect(r.installment == Installment(number: 3, total: 10) && r.direction == nil && r.rowID == "h1f")
        let first = try #require(LedgerResolution(json: Self.written[0]))
        #expect(first.intermediary == "iFood" && first.budget == "comer_fora" && first.budgetName == "Comer fora" && first.confidence.perMille == 900)
    }

    @Test(arguments: ["{}", "not json", #"{"merchant":{}}"#, "[]"])
    func aTextThatIsNoResolutionReadsAsNone(_ text: String) {
        #expect(LedgerResolution(json: text) == nil)
    }

    @Test func anUnknownMemberIsLeftOutOfTheTextWrittenBack() throws {
        let text = Self.written[0].dropLast() + #","status":"pending"}"#
        let resolution = try #require(LedgerResolution(json: String(text)))
        #expect(resolution.json() == Self.written[0])
    }

    @Test func theInputIsReadInWhateverShapeItCame() {
        let pluggy = LedgerInput(raw: #"{"id":"p1","description":"UBER *TRIP","amount":12.5,"type":"DEBIT","currencyCode":"USD","date":"2026-09-01T10:00:00.000Z"}"#)
        #expect(pluggy.amount == -1_250 && pluggy.currency == "USD" && pluggy.decimalAmount == "-12.50")
        let canonical = LedgerInput(raw: #"{"description":"X","amount":"-0.05","account":"Nubank","memo":"m"}"#)
        #expect(canonical == LedgerInput(amount: -5, currency: "BRL", minorDigits: 2, account: "Nubank", description: "X", memo: "m"))
        #expect(canonical.decimalAmount == "-0.05")
        #expect(LedgerInput(raw: "not json") == LedgerInput())
        #expect(LedgerInput(amount: 1234, currency: "JPY", minorDigits: 0).decimalAmount == "1234")
    }
}

/// garden's own resolution text is read in one pass (``LedgerResolution/init(canonical:)``): the same fields as the
/// JSON reading, and only texts its columns write back byte for byte.
struct CanonicalResolutionTests {
    @Test(arguments: LedgerResolutionTests.written)
    func readsWhatTheDocumentReadingReads(_ text: String) throws {
        let escaped = text.contains("\\")
        let read = LedgerResolution(canonical: text)
        // A text with an escape is left to the document reading (the reason of the third one is quoted).
        #expect((read == nil) == escaped)
        if let read {
            #expect(read == LedgerResolution(parsing: text))
            #expect(read.json() == text)
        }
    }

    static let variants: [(String, String)] = [
        (#""confidence":0.9,"source":"brand_catalog"}"#, #""confidence":0.90,"source":"brand_catalog"}"#),
        (#""review":false"#, #""review": false"#),
        (#""row_id":"nu-1"}"#, #""row_id":"nu-1","status":"pending"}"#),
        (#""name":"McDonald's""#, #""name":"McDonald\u0027s""#),
        (#""direction":"out""#, #""direction":null,"direction":"out""#),
        (#""seller":null"#, #""seller":3"#),
    ]

    /// Every other form of the same resolution is read by the document reading; none is taken here, so no row
    /// is stored as columns that would write another text back.
    @Test(arguments: variants)
    func anyOtherFormIsLeftToTheDocumentReading(_ variant: (String, String)) throws {
        let text = LedgerResolutionTests.written[0]
        #expect(text.contains(variant.0))
        let changed = text.replacingOccurrences(of: variant.0, with: variant.1)
        #expect(LedgerResolution(canonical: text) != nil)
        #expect(LedgerResolution(canonical: changed) == nil)
    }

    @Test func anInstallmentIsReadInItsShortestForm() throws {
        let text = LedgerResolutionTests.written[1].replacingOccurrences(of: #""installment":null"#, with: #""installment":{"number":2,"total":12}"#)
        let read = try #require(LedgerResolution(canonical: text))
        #expect(read.installment == Installment(number: 2, total: 12) && read.json() == text)
        #expect(LedgerResolution(canonical: text.replacingOccurrences(of: #""number":2"#, with: #""number":02"#)) == nil)
    }

    /// A row whose own columns say another category than its resolution text keeps the text as given.
    @Test func theColumnsKeepTheTextWhenTheRowOverridesAField() throws {
        let text = LedgerResolutionTests.written[0]
        var row = LedgerRow(rowID: "nu-1", raw: #"{"description":"X"}"#, folded: "x", merchantKey: nil, direction: "out", date: nil,
                            resolution: text, category: "food.delivery", source: "brand_catalog", rule: nil)
        #expect(LedgerColumns(row).verbatimResolution == nil)
        row.category = "food.restaurants"
        let columns = LedgerColumns(row)
        #expect(columns.verbatimResolution == text && columns.entry.resolution.category == "food.restaurants")
        #expect(columns.entry.resolution.json() != text)
    }
}
