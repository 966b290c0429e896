import Foundation
import Testing
@testable import GardenCLI
@testable import GardenCommandKit
@testable import GardenStoreCommands
import GardenStore
import GardenSQLite
import GardenLedger

/// `recategorize` resolves again only rows whose input or knowledge changed (issue 38): each row is recorded with a
/// fingerprint of its id, its stored line and everything that decides how it resolves (`ResolutionState`), and a row
/// whose fingerprint is the one the run would give it counts as examined and unchanged without being resolved.
/// To see whether a row was resolved, a test changes its stored category behind garden's back: a row resolved again
/// gets its category back; a skipped row keeps the changed one. `resolve` writes names in the locale's language
/// (`LANG=C.UTF-8`: English) and so does `recategorize`; the language is part of the fingerprint, so these tests
/// record with `--lang pt`, the language a run without a locale (as here) writes in.
struct RecategorizeSkipTests {
    static let lines = [
        #"{"id":"s1","date":"2026-03-02","description":"PADARIA SAO JOSE","amount":-12.50}"#,
        #"{"id":"s2","date":"2026-03-03","description":"UBER *TRIP","amount":-23.10}"#,
        #"{"id":"s3","date":"2026-03-04","description":"PADARIA SAO JOSE LTDA","amount":-8.00}"#,
        // A CPF in the line: the stored line is masked, so what was resolved is not the stored line (no fingerprint).
        #"{"id":"s4","date":"2026-03-05","description":"PIX ENVIADO 529.982.247-25 JOAO","amount":-50}"#,
    ].joined(separator: "\n") + "\n"

    /// Sets row `id`'s stored category as if something other than a resolution had written it.
    static func tamper(_ scratch: ScratchFolder, _ id: String, category: String = "shopping.general") throws {
        let store = try Store(path: scratch.db)
        try store.db.prepare("UPDATE ledger SET category = ?1 WHERE row_id = ?2").bind(.text(category), .text(id)).run()
    }

    static func category(_ scratch: ScratchFolder, _ id: String) throws -> String? {
        try Store(path: scratch.db, access: .read).ledgerRow(id: id)?.category
    }

    static func fingerprints(_ scratch: ScratchFolder) throws -> Int {
        let store = try Store(path: scratch.db, access: .read)
        let count = try store.db.prepare("SELECT COUNT(*) FROM ledger WHERE resolved_under IS NOT NULL")
        _ = try count.step()
        return Int(count.int(0))
    }

    @Test func anUnchangedStoreResolvesNothingAgain() throws {
        let scratch = ScratchFolder()
        #expect(scratch.run(["resolve", "--record", "--lang", "en"], Self.lines).code == 0)
        // Every row resolved from its stored line carries its fingerprint; the masked one does not.
        #expect(try Self.fingerprints(scratch) == 3)
        let original = try Self.category(scratch, "s2")
        try Self.tamper(scratch, "s2")
        let run = scratch.run(["recategorize"])
        #expect(run.code == 0, "\(run.stderr)")
        // Still counted as examined, as before; nothing resolved again, so the tampered category stays.
        #expect(run.stdout.hasPrefix("4 row(s) examined, "), "\(run.stdout)")
        #expect(try Self.category(scratch, "s2") == "shopping.general")
        #expect(original != "shopping.general")
        // The masked row was resolved (from its stored line) and now carries a fingerprint too.
        #expect(try Self.fingerprints(scratch) == 4)
    }

    /// `recategorize` writes names in the run's language as `resolve --record` does (the locale, or `--lang`):
    /// rows recorded under an English locale are left alone by a run under the same locale, and `--lang pt`
    /// re-writes them in Portuguese.
    @Test func recategorizeWritesInTheLanguageRowsWereRecordedIn() throws {
        let scratch = ScratchFolder()
        let english = ["LANG": "C.UTF-8"]
        #expect(scratch.run(["resolve", "--record"], Self.lines, variables: english).code == 0)
        try Self.tamper(scratch, "s2")
        let same = scratch.run(["recategorize", "--diff"], variables: english)
        #expect(same.code == 0, "\(same.stderr)")
        #expect(same.stdout.isEmpty, "\(same.stdout)")
        #expect(try Self.category(scratch, "s2") == "shopping.general")
        let portuguese = scratch.run(["recategorize", "--diff", "--lang", "pt"], variables: english)
        #expect(portuguese.code == 0, "\(portuguese.stderr)")
        #expect(portuguese.stdout.split(separator: "\n").count >= 3, "\(portuguese.stdout)")
        #expect(try Self.category(scratch, "s2") != "shopping.general")
    }

    @Test func aRowWithoutItsFingerprintIsResolvedAgain() throws {
        let scratch = ScratchFolder()
        #expect(scratch.run(["resolve", "--record", "--lang", "en"], Self.lines).code == 0)
        let original = try Self.category(scratch, "s2")
        try Self.tamper(scratch, "s2")
        let store = try Store(path: scratch.db)
        try store.db.execute("UPDATE ledger SET resolved_under = NULL WHERE row_id = 's2'")
        let run = scratch.run(["recategorize"])
        #expect(run.code == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("4 row(s) examined, 1 changed"), "\(run.stdout)")
        #expect(try Self.category(scratch, "s2") == original)
    }

    @Test func aChangedRuleStillMovesItsRows() throws {
        let scratch = ScratchFolder()
        #expect(scratch.run(["resolve", "--record", "--lang", "en"], Self.lines).code == 0)
        #expect(scratch.run(["recategorize"]).code == 0)
        #expect(scratch.run(["rules", "add", #"if description "padaria sao jose" => category food.restaurants"#]).code == 0)
        let moved = scratch.run(["recategorize", "--diff"])
        #expect(moved.code == 0, "\(moved.stderr)")
        #expect(moved.stderr.hasPrefix("4 row(s) examined, 2 changed"), "\(moved.stderr)")
        #expect(try Self.category(scratch, "s1") == "food.restaurants")
        #expect(try Self.category(scratch, "s3") == "food.restaurants")
        // The rule's --rule run reaches the same rows, and finds them settled; then undo puts them back and the next
        // run moves them again (undo's rows carry no fingerprint).
        let again = scratch.run(["recategorize", "--rule", "r1"])
        #expect(again.stdout.hasPrefix("2 row(s) examined, 0 changed"), "\(again.stdout)")
        // The --rule run changed nothing and wrote no journal entry: undo reverts the run that moved the rows.
        #expect(scratch.run(["undo"]).stdout.hasPrefix("undone: recategorize 4 row(s) examined, 2 changed"))
        #expect(try Self.category(scratch, "s1") != "food.restaurants")
        let redo = scratch.run(["recategorize"])
        #expect(redo.stdout.hasPrefix("4 row(s) examined, 2 changed"), "\(redo.stdout)")
        // A knowledge change that is not a rule (the language names are written in is part of it too): a record with
        // --lang pt, then recategorize (LANG=C: English names) resolves the rows again.
        let english = ScratchFolder()
        #expect(english.run(["resolve", "--record", "--lang", "pt"], Self.lines).code == 0)
        let named = english.run(["recategorize"])
        #expect(named.stdout.hasPrefix("4 row(s) examined, "), "\(named.stdout)")
        #expect(!named.stdout.hasPrefix("4 row(s) examined, 0 changed"), "\(named.stdout)")
    }
}
