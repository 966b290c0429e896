import Foundation
import Testing
@testable import GardenCLI
@testable import GardenCommandKit
@testable import GardenStoreCommands
import GardenStore
import GardenFoundation
import GardenSQLite

/// `garden merchants merge` and `split` change only identities the store knows, never into a cycle, and never
/// store a CPF inside a key; what they refuse leaves the store as it was (exit 65, nothing journaled).
struct MerchantLinkChecksTests {
    static func store() -> ScratchFolder {
        let scratch = ScratchFolder()
        let rows = [#"{"id":"a1","date":"2026-10-03","description":"PADARIA DO ZE","amount":-12.5}"#,
                    #"{"id":"a2","date":"2026-10-04","description":"MERCADO BOM PRECO","amount":-40}"#]
        #expect(scratch.run(["resolve", "--record"], rows.joined(separator: "\n") + "\n").code == 0)
        return scratch
    }

    /// The merchant links the store holds (`key → follows`, `key → -` for a split).
    static func links(_ scratch: ScratchFolder) throws -> [String] {
        let db = try Database(path: scratch.db, readOnly: true)
        return try db.prepare("SELECT merchant_key, coalesce(follows, '-') FROM merchant_links ORDER BY merchant_key").all { "\($0.text(0) ?? "") → \($0.text(1) ?? "")" }
    }

    @Test func anIdentityNoRowMemoryOrMergeKnowsIsRefused() throws {
        let scratch = Self.store()
        for arguments in [["merge", "name:nothere", "--into", "name:padariadoze"], ["merge", "name:padariadoze", "--into", "name:nothere"],
                          ["split", "name:nothere"]] {
            let run = scratch.run(["merchants"] + arguments)
            #expect(run.code == Exit.dataError, "\(arguments): \(run.stdout)")
            #expect(run.stderr.contains("knows the merchant identit") && run.stderr.contains("name:nothere"), "\(run.stderr)")
        }
        #expect(try Self.links(scratch).isEmpty)
        #expect(scratch.run(["merchants", "merge", "name:padariadoze", "--into", "name:mercadobompreco"]).code == 0)
        #expect(try Self.links(scratch) == ["name:padariadoze → name:mercadobompreco"])
    }

    @Test func aMergeThatWouldCloseACycleIsRefused() throws {
        let scratch = Self.store()
        #expect(scratch.run(["merchants", "merge", "name:padariadoze", "--into", "name:mercadobompreco"]).code == 0)
        let back = scratch.run(["merchants", "merge", "name:mercadobompreco", "--into", "name:padariadoze"])
        #expect(back.code == Exit.dataError)
        #expect(back.stderr.contains("cycle"), "\(back.stderr)")
        #expect(try Self.links(scratch) == ["name:padariadoze → name:mercadobompreco"])
        // The merged rows still follow their merchant.
        let listed = scratch.run(["merchants"]).stdout
        #expect(listed.contains("name:mercadobompreco  2 row(s)"), "\(listed)")
    }

    @Test func aKeyHoldingACPFIsNeverStored() throws {
        let scratch = Self.store()
        for arguments in [["merge", "name:joao52998224725", "--into", "name:padariadoze"], ["split", "cnpj:52998224725"],
                          ["merge", "name:padariadoze", "--into", "name:joao529.982.247-25"]] {
            let run = scratch.run(["merchants"] + arguments)
            #expect(run.code == Exit.dataError, "\(arguments)")
            #expect(run.stderr.contains("holds a CPF") && !run.stderr.contains("52998224725") && !run.stderr.contains("529.982.247-25"), "\(run.stderr)")
        }
        #expect(try Self.links(scratch).isEmpty)
        #expect(try Store(path: scratch.db, access: .read).history().isEmpty)
    }
}
