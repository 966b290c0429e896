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
import GardenFoundation

/// Four writers (`resolve --record`, `teach`, `recategorize`, `rules add`) and readers at once on one
/// store, on threads of this process: every row of every successful writer is recorded, every
/// successful teach is still in force at the end, nothing hangs, every failure is the busy message.
struct ConcurrentWritersTests {
    final class Outcomes: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var runs: [(kind: String, arguments: [String], run: ResolveCommandTests.Run)] = []
        func add(_ kind: String, _ arguments: [String], _ run: ResolveCommandTests.Run) { lock.lock(); runs.append((kind, arguments, run)); lock.unlock() }
    }

    @Test func fourWritersAndReadersOnOneStore() throws {
        let w = StoreHardeningTests.Workspace()
        let base = (0..<40).map { #"{"id":"t\#($0)","date":"2026-02-0\#($0 % 9 + 1)","description":"PADARIA ESTRELA \#($0)","amount":-\#($0 + 1).50}"# }
        #expect(w.run(["resolve", "--record"], base.joined(separator: "\n") + "\n").code == 0)
        let db = w.db
        let outcomes = Outcomes()
        DispatchQueue.concurrentPerform(iterations: 6) { worker in
            let w = StoreHardeningTests.Workspace.sharing(db)
            for round in 0..<4 {
                let arguments: [String]
                var input = ""
                switch worker {
                case 0:
                    arguments = ["resolve", "--record", "--jobs", "1"]
                    input = (0..<25).map { #"{"id":"w\#(round)-\#($0)","description":"MERCADO LIVRE \#($0)","amount":-\#($0 + 2).00}"# }.joined(separator: "\n") + "\n"
                case 1: arguments = ["teach", "--id", "t\(round * 3)", "--category", round % 2 == 0 ? "food.restaurants" : "shopping.general"]
                case 2: arguments = ["recategorize"]
                case 3: arguments = ["rules", "add", #"if description "mercado livre \#(round)" => category shopping.general"#]
                case 4: arguments = ["resolve"]; input = base.joined(separator: "\n") + "\n"
                default: arguments = ["explain", "--id", "t\(round)"]
                }
                outcomes.add(["record", "teach", "recategorize", "rules", "read", "explain"][worker], arguments, w.run(arguments, input))
            }
        }
        let ledger = try w.ledger()
        let overrides = try StoreLearnedState(store: try Store(path: db, access: .read))
        var succeeded = 0
        for (kind, arguments, run) in outcomes.runs {
            guard run.code == 0 else {
                #expect(run.code == Exit.busy && run.stderr.contains("is busy"), "\(arguments): \(run.code) \(run.stderr)")
                continue
            }
            succeeded += 1
            if kind == "record" {
                for line in run.lines {
                    let id = try #require(line.firstMatch(of: #/"id":"(w[0-9-]+)"/#)).output.1
                    #expect(ledger[String(id)] != nil, "row \(id) of a successful record is missing")
                }
                #expect(run.lines.count == 25)
            }
        }
        // Teaching the same rows in rounds: the last successful teach of each row is what stays.
        var taught: [String: String] = [:]
        for (kind, arguments, run) in outcomes.runs where kind == "teach" && run.code == 0 { taught[arguments[2]] = arguments[4] }
        for (id, category) in taught {
            #expect(overrides.override(rowID: id)?.category == category)
            #expect(ledger[id]?.category == category, "\(id): the ledger lost a teach")
            #expect(ledger[id]?.source == "manual_override")
        }
        #expect(succeeded >= outcomes.runs.count / 2)
    }
}
