import Testing
import GardenFoundation
import GardenCatalog
@testable import GardenImport
@testable import GardenImportKit
@testable import GardenCSVImport

/// Ids of OFX rows sharing a FITID (issues 20, 33): the same rows give the same ids in any order and whatever
/// other rows the file holds, so a re-export sorted differently, or holding fewer rows, updates the rows recorded
/// from the first instead of adding a duplicate or overwriting another row.
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

    /// A row's id is its own (``BankLineKey``), whatever else the file holds: the purchase an IOF line shares its
    /// `FITID` with has the same id in a later export that holds the purchase alone, and the `FITID` stays beside it.
    @Test func aRowsIDDoesNotDependOnTheOtherRowsOfItsFile() {
        func rows(_ order: [Int]) -> [ImportedRow] { OFXHostileTests.read(Array(OFXHostileTests.sgml(order.map { Self.rows[$0] }.joined()).utf8)).rows }
        let alone = rows([0]), withFee = rows([1, 0]), all = rows([0, 1, 2, 3])
        #expect(alone.first?.id == withFee.last?.id && alone.first?.id == all.first?.id)
        #expect(alone.first?.id.hasPrefix("line:") == true && alone.first?.id.hasSuffix("-1") == true)
        #expect(withFee.map(\.sourceID) == ["B77", "B77"])
        // Two identical rows of one file are two rows, the second `-2`.
        #expect(all[2].id == String(all[0].id.dropLast()) + "2")
    }

    @Test func rowsSharingAFITIDFarApartStillGetUniqueIDs() {
        let filler = (0..<5000).map { OFXHostileTests.transaction("F\($0)", "FILLER \($0)") }.joined()
        let text = OFXHostileTests.sgml(Self.rows[0] + filler + Self.rows[1])
        let result = OFXHostileTests.read(Array(text.utf8))
        #expect(result.rows.count == 5002)
        #expect(Set(result.rows.map { $0.id }).count == result.rows.count)
    }
}
