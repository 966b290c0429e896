import Foundation
import Testing
import GardenStore
import GardenLedger
import GardenFoundation
@testable import GardenCLI
@testable import GardenCommandKit

/// hostile10 F11: the month read again in a thinner rendering (garden's own CSV export, another format of the month)
/// is the same rows, and keeps what their recorded input knows: the OFX `FITID` (`source_id`), payment method, check
/// number and the OFX account identity are not replaced by their absence, and the IOF fee links made from the FITIDs
/// stay. File: `Tests/Fixtures/import-samples/br_nubank_card_2026-10.ofx` (PROVENANCE.md there).
struct RecordedInputTests {
    typealias Workspace = StoreHardeningTests.Workspace

    /// Each recorded row's input members, by row id.
    static func inputs(_ w: Workspace) throws -> [String: [String: Any]] {
        var out: [String: [String: Any]] = [:]
        try Store(path: w.db, access: .read).forEachLedgerRow { row in
            out[row.rowID] = try JSONSerialization.jsonObject(with: Data(row.raw.utf8)) as? [String: Any]
        }
        return out
    }

    /// The links `garden links --json` lists, as `kind status rows`.
    static func links(_ w: Workspace) throws -> [String] {
        try w.run(["links", "--json"]).stdout.split(separator: "\n").map { line in
            let link = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            return "\(link["kind"]!) \(link["status"]!) \((link["rows"] as! [String]).joined(separator: ","))"
        }.sorted()
    }

    @Test func theOwnCSVExportReadAgainKeepsTheOFXFieldsAndItsIOFLinks() throws {
        let w = Workspace()
        RowIdentityTests.record(w, [RowIdentityTests.ofx])
        #expect(w.run(["link"]).code == 0)
        let before = try Self.inputs(w)
        let linksBefore = try Self.links(w)
        #expect(before.count == 22)
        #expect(linksBefore.contains { $0.hasPrefix("fee ") }, "\(linksBefore)")
        let exported = w.run(["export", "--format", "csv"])
        #expect(exported.code == 0, "\(exported.stderr)")
        let file = w.folder + "/export.csv"
        try exported.stdout.write(toFile: file, atomically: true, encoding: .utf8)
        RowIdentityTests.record(w, [file])
        let relinked = w.run(["link", "--since", "2026-01-01"])
        #expect(relinked.code == 0, "\(relinked.stderr)")
        let after = try Self.inputs(w)
        #expect(Set(after.keys) == Set(before.keys))
        for (id, input) in before {
            for key in ["source_id", "payment_method", "check_number", "account_key", "account_type"] where input[key] != nil {
                #expect(after[id]?[key] as? String == input[key] as? String, "\(id) \(key)")
            }
        }
        #expect(try Self.links(w) == linksBefore)
    }
}
