import GardenStore
import GardenCommandKit
import GardenLedger
import GardenSQLite
import GardenFoundation

/// Where `resolve --record` writes its rows: the store, in chunks (each its own short transaction), with
/// the snapshot generation the rows were resolved from, so a correction made meanwhile is not overwritten.
final class LedgerSink {
    let store: Store
    /// What the writes so far did.
    private(set) var outcome = Store.RecordOutcome()
    /// The lines recorded, by the account each names (`(no account)` for none).
    private(set) var byAccount: [String: Int] = [:]
    /// Whether the rows were left off stdout (a terminal without `--verbose`): the summary says how to see them.
    var rowsHidden = false
    let generation: String?
    let reresolve: ([LedgerRow]) throws -> [LedgerRow]
    /// What the rows are resolved under (``ResolutionState``): each row resolved from its stored line is recorded with
    /// its fingerprint, so `recategorize` skips it while nothing that decides it changes; nil records none.
    let state: ResolutionState?

    init(store: Store, session: Session, env: Environment, options: CommandLineOptions, state: ResolutionState?) {
        self.store = store
        generation = (session.pipeline.learned as? StoreLearnedState)?.generation
        reresolve = Session.reresolver(env, options, store)
        self.state = state
    }

    /// Writes `rows`; on failure reports it and returns the exit code (75 when the store stayed busy).
    func write(_ rows: [LedgerRow], _ env: Environment) -> Int32? {
        guard !rows.isEmpty else { return nil }
        var rows = rows
        if let state {
            for index in rows.indices where rows[index].resolvedFromRaw {
                rows[index].resolvedUnder = state.fingerprint(rowID: rows[index].rowID, raw: rows[index].raw)
            }
        }
        do {
            let written = try store.recordRows(rows, generation: generation, reresolve: reresolve)
            outcome += written
            env.committed.recorded(rows.count)
            // Each row under the account it went to (a CSV twin's rows in the OFX's account, newuser36 item 11), not the
            // name its line gave.
            for row in rows {
                let given = (row.entry?.input ?? LedgerInput(raw: row.raw)).account
                byAccount[given.map { written.accountNames[$0] ?? $0 } ?? Self.noAccount, default: 0] += 1
            }
            return nil
        } catch {
            env.complain("recording into the ledger failed: \(error)")
            return (error as? any GardenFailure)?.exitCode ?? Exit.ioError
        }
    }

    /// The name the summary gives rows without an account.
    static let noAccount = "(none)"

    /// The closing lines of `resolve --record` (stderr): `recorded 185 row(s): 180 new, 3 updated, 2 unchanged; 17 flagged
    /// for review (garden review lists them)`, then the lines read by account (`by account: account nubank-card: 65, no account: 2`;
    /// account names as the ledger keeps them: a CPF or card number in one masked, the counts never: `Environment.complainComposed`),
    /// and on a terminal without `--verbose` how to see the rows.
    func summary(_ w: Phrasebook = Phrasebook(.english)) -> String {
        let o = outcome
        var out = w("recorded \(o.new + o.updated + o.unchanged) row(s): \(o.new) new, \(o.updated) updated, \(o.unchanged) unchanged; "
            + "\(o.flagged) flagged for review", "registradas \(o.new + o.updated + o.unchanged) linha(s): \(o.new) nova(s), \(o.updated) atualizada(s), "
            + "\(o.unchanged) sem mudança; \(o.flagged) a revisar") + (o.flagged > 0 ? w(" (garden review lists them)", " (garden review as lista)") : "")
        // What an account key new to the store turned out to be (issue 33: the same month again under a label).
        for a in o.attachments {
            let account = AccountName.shown(a.account)
            out += "\n" + w("matched \(a.rows) row(s) of the \(a.unnamed ? "unnamed " : "")account \"\(account)\"",
                            "\(a.rows) linha(s) já registradas na conta \(a.unnamed ? "sem nome " : "")\"\(account)\"")
                + (a.namedIt.map { w("; named it \"\(AccountName.shown($0))\"", "; ela passa a se chamar \"\(AccountName.shown($0))\"") }
                    ?? w("; the file's account is that account", "; a conta do arquivo é essa conta"))
        }
        out += Self.doubts(o.doubts, w)
        if o.keptCorrected > 0 {
            out += w("\n\(o.keptCorrected) row(s) kept as you corrected them (garden row correct)",
                     "\n\(o.keptCorrected) linha(s) mantida(s) como você as corrigiu (garden row correct)")
        }
        if o.keptDeleted > 0 {
            out += w("\n\(o.keptDeleted) row(s) you deleted not recorded again (garden row delete)",
                     "\n\(o.keptDeleted) linha(s) que você apagou não registrada(s) de novo (garden row delete)")
        }
        // Rows by account once any row names one (rows without any account, as a plain filter's, say nothing of it).
        if byAccount.keys.contains(where: { $0 != Self.noAccount }) {
            out += w("\nby account: ", "\npor conta: ") + Self.accounts(byAccount, w)
        }
        if rowsHidden {
            out += w("\n(the resolved rows are not shown on a terminal: --verbose shows them, a pipe gets them)",
                     "\n(as linhas resolvidas não aparecem num terminal: --verbose as mostra, um pipe as recebe)")
        }
        return out
    }

    /// What the write could not decide (``Store/RowDoubt``), one note per pair of accounts and per kind, naming the rows:
    /// `note: 2 row(s) of the account "07188729" may be the same purchases as rows of the account "nubank-card" (the
    /// same date, amount and text; 2 shared rows are too few to tell whether the two accounts are one): line:…@… is
    /// pluggy:nu-0, …; recorded apart and flagged for review — if one is a copy, garden row delete ID` (hostile10 F19, F24),
    /// or `note: the posted row pluggy:q-1 may be the pending row pluggy:p-1 at another amount …` (F7). `resolve` reads
    /// one stream and never sees the file a line came from: the account names it.
    static func doubts(_ doubts: [Store.RowDoubt], _ w: Phrasebook) -> String {
        var out = ""
        var groups: [String: [Store.RowDoubt]] = [:]
        var order: [String] = []
        for doubt in doubts where doubt.kind == .sharedLine {
            let group = doubt.account + "\u{1F}" + doubt.otherAccount
            if groups[group] == nil { order.append(group) }
            groups[group, default: []].append(doubt)
        }
        for group in order {
            let list = groups[group]!
            let account = AccountName.shown(list[0].account), other = AccountName.shown(list[0].otherAccount)
            let pairs = list.map { "\($0.rowID) = \($0.otherID)" }.joined(separator: ", ")
            out += "\n" + w("note: \(list.count) row(s) of the account \"\(account)\" may be the same purchases as rows of the account \"\(other)\" "
                            + "(the same date, amount and text; \(list.count) shared row(s) are too few to tell whether the two accounts are one): "
                            + "\(pairs); recorded apart and flagged for review — if one is a copy, garden row delete ID",
                            "nota: \(list.count) linha(s) da conta \"\(account)\" podem ser as mesmas compras que linhas da conta \"\(other)\" "
                            + "(mesma data, valor e texto; \(list.count) linha(s) em comum são poucas para dizer se as duas contas são uma): "
                            + "\(pairs); registradas à parte e marcadas para revisão — se uma for cópia, garden row delete ID")
        }
        let moved = doubts.filter { $0.kind == .movedLine }
        if let first = moved.first {
            let account = AccountName.shown(first.account), other = AccountName.shown(first.otherAccount)
            let ids = moved.map(\.rowID).joined(separator: ", ")
            out += "\n" + w("note: \(moved.count) row(s) of the account \"\(other)\" are lines of the account \"\(account)\" too and moved to it "
                            + "(the same date, amount and text; \(moved.count) shared row(s) are too few to tell whether the two accounts are one): "
                            + "\(ids); flagged for review — if they are two accounts, garden row correct ID --account \"\(other)\"",
                            "nota: \(moved.count) linha(s) da conta \"\(other)\" também são linhas da conta \"\(account)\" e passaram para ela "
                            + "(mesma data, valor e texto; \(moved.count) linha(s) em comum são poucas para dizer se as duas contas são uma): "
                            + "\(ids); marcadas para revisão — se forem duas contas, garden row correct ID --account \"\(other)\"")
        }
        for doubt in doubts where doubt.kind == .settlement {
            out += "\n" + w("note: the posted row \(doubt.rowID) may be the pending row \(doubt.otherID) at another amount (a tip, a pre-authorisation): "
                            + "both were read in one write, which cannot tell two pages from one page listing two purchases; both recorded, "
                            + "flagged for review — if it is one purchase, garden row delete \(doubt.otherID) (or read the pages in two writes)",
                            "nota: a linha lançada \(doubt.rowID) pode ser a linha pendente \(doubt.otherID) com outro valor (gorjeta, pré-autorização): "
                            + "as duas vieram na mesma gravação, que não distingue duas páginas de uma página com duas compras; as duas registradas, "
                            + "marcadas para revisão — se for uma compra só, garden row delete \(doubt.otherID) (ou leia as páginas em duas gravações)")
        }
        return out
    }

    /// `account Inter: 6, no account: 2`, most rows first, in `w`'s language; an account number shown by the one rule of
    /// messages (``AccountName/shown(_:)``: all but its last four digits hidden), in the import's line and this one alike.
    static func accounts(_ byAccount: [String: Int], _ w: Phrasebook) -> String {
        byAccount.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            .map { $0.key == noAccount ? w("no account: ", "sem conta: ") + "\($0.value)" : w("account ", "conta ") + AccountName.shown($0.key) + ": \($0.value)" }
            .joined(separator: ", ")
    }
}
