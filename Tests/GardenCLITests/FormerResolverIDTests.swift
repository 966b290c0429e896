import Foundation
import Testing
@testable import GardenCLI
import GardenStore
import GardenSQLite

/// A row stored under the id of a resolver that has since been split (issue 34, `ResolverDescription.formerly`) is not
/// a change: `recategorize` compares a stored `source` with today's through `ResolverIDs.same`, and stored ids are never
/// rewritten. The store is changed behind garden's back to hold a successor's id, as a store recorded once a family is
/// dissolved would, and its fingerprints are cleared so the rows are resolved again.
struct FormerResolverIDTests {
    static let lines = #"{"id":"f1","date":"2026-03-02","description":"IOF COMPRA INTERNACIONAL","amount":-1.23,"account":"Nubank"}"# + "\n"

    /// Replaces the stored category and merchant source `from` with `to` and drops the rows' fingerprints.
    static func restamp(_ scratch: ScratchFolder, from: String, to: String) throws {
        let store = try Store(path: scratch.db)
        try store.db.prepare("UPDATE ledger SET source = replace(source, ?1, ?2), merchant_source = replace(merchant_source, ?1, ?2), "
            + "resolved_under = NULL").bind(.text(from), .text(to)).run()
    }

    @Test func aRowStoredUnderAFamilyMembersIDIsUnchanged() throws {
        let scratch = ScratchFolder()
        #expect(scratch.run(["resolve", "--record", "--lang", "en"], Self.lines).code == 0)
        // `public_body` is one of the five resolvers `bank_line` was split into: the same source.
        try Self.restamp(scratch, from: "bank_line", to: "public_body")
        let same = scratch.run(["recategorize", "--dry-run", "--lang", "en"])
        #expect(same.code == 0 && same.stdout.hasPrefix("1 row(s) examined, 0 changed"), "\(same.stdout)\(same.stderr)")
        // Another resolver's id is a change.
        try Self.restamp(scratch, from: "public_body", to: "keyword")
        let other = scratch.run(["recategorize", "--dry-run", "--lang", "en"])
        #expect(other.code == 0 && other.stdout.hasPrefix("1 row(s) examined, 1 changed"), "\(other.stdout)\(other.stderr)")
    }
}
