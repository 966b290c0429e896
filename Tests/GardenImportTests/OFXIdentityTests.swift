import Testing
import GardenFoundation
import GardenCatalog
@testable import GardenImport
@testable import GardenImportKit
@testable import GardenCSVImport

/// Ids of OFX rows sharing a FITID (issue 20): the same rows give the same ids in any order, so a
/// re-export sorted differently updates the rows recorded from the first instead of adding a duplicate.
struct OFXIdentityTests {
    static let rows = [
        OFXHostileTests.transaction("B77", "PAGAMENTO BOLETO CONDOMINIO", amount: "-850.00"),
        OFXHostileTests.transaction("B77", "TARIFA BOLETO", amount: "-2.50"),
        OFXHostileTests.transaction("B77", "PAGAMENTO BOLETO CONDOMINIO", amount: "-850.00"),
        OFXHostileTests.transaction("C12", "PADARIA"),
    ]

    /// Each row's id with what it is (amount and name), in any order.
    static func ids(_ order: [Int]) -> Set<String> {
        let text = OFXHostileTests.sgml(order.map { rows[$0] }.joined())
        let result = OFXHostileTests.read(Array(text.utf8))
        return Set(result.rows.map { "\($0.id) \($0.amountText ?? "") \($0.description)" })
    }

    @Test(arguments: [[1, 0, 2, 3], [3, 2, 1, 0], [0, 2, 3, 1], [2, 3, 0, 1]])
    func theIDsOfRowsSharingAFITIDDoNotDependOnTheirOrder(_ order: [Int]) {
        #expect(Self.ids(order) == Self.ids([0, 1, 2, 3]))
        #expect(Self.ids(order).count == 4)
    }

    @Test func theSmallestRowKeepsTheBareFITIDAsNubankPrintsItsIOFFirst() {
        let ids = Self.ids([0, 1, 2, 3])
        #expect(ids.contains("ofx:111:B77 -2.50 TARIFA BOLETO"))
        #expect(ids.contains("ofx:111:C12 -10.00 PADARIA"))
        #expect(ids.filter { $0.hasPrefix("ofx:111:B77:h") && $0.hasSuffix("PAGAMENTO BOLETO CONDOMINIO") }.count == 2)
    }

    @Test func rowsSharingAFITIDFarApartStillGetUniqueIDs() {
        let filler = (0..<(OFXImporter.idWindow + 5)).map { OFXHostileTests.transaction("F\($0)", "FILLER \($0)") }.joined()
        let text = OFXHostileTests.sgml(Self.rows[0] + filler + Self.rows[1])
        let result = OFXHostileTests.read(Array(text.utf8))
        #expect(result.rows.count == OFXImporter.idWindow + 7)
        #expect(Set(result.rows.map(\.id)).count == result.rows.count)
    }
}
