import Foundation
import GardenLinking
import GardenFoundation
import GardenLedger
import GardenSQLite
import GardenStore

/// The `link_facts` table: what linking reads of each row (``LinkFacts``), kept beside the ledger so a run
/// finds partners through indexes (day; party, direction and day; end-to-end id; plan key) instead of
/// reading every input line again. A cache: rebuilt from the ledger whenever a row is examined.
extension Store {
    static let factColumns = """
        row_id, date, day, amount, currency, account, direction, flow, category, budget, budget_name, party, party_name, is_person, \
        nature, rail, e2e, me, inst_number, inst_total, purchase_date, plan_total, foreign_, plan, bank, named_bank, source_id
        """

    /// Facts within the amounts garden reads (``Money/largestMagnitude``): one saved by an older garden
    /// with a larger amount is no partner (its own row, examined again, is reported and left out).
    static let amountInRange = "amount BETWEEN -\(Money.largestMagnitude) AND \(Money.largestMagnitude)"

    /// Saves the facts of rows (replacing what was there), inside the caller's transaction or its own.
    public func saveFacts(_ facts: [LinkFacts]) throws {
        let statement = try db.prepare("INSERT OR REPLACE INTO link_facts(\(Self.factColumns)) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21, ?22, ?23, ?24, ?25, ?26, ?27)")
        func integer(_ value: Int?) -> Statement.Value { value.map { .integer(Int64($0)) } ?? .null }
        for f in facts {
            try statement.bind(.text(f.rowID), .text(f.date), .integer(Int64(f.day)), .integer(f.amount), .text(f.currency), Self.value(f.account),
                               Self.value(f.direction), .text(f.flow), .text(f.category), Self.value(f.budget), Self.value(f.budgetName),
                               Self.value(f.party), Self.value(f.partyName), .integer(f.isPerson ? 1 : 0), .text(f.nature.rawValue), Self.value(f.rail),
                               Self.value(f.endToEndID), .integer(f.counterpartyIsMe ? 1 : 0), integer(f.installmentNumber), integer(f.installmentTotal),
                               Self.value(f.purchaseDate), f.planTotal.map { .integer($0) } ?? .null, .integer(f.foreign ? 1 : 0), Self.value(f.planKey),
                               Self.value(f.bank), Self.value(f.namedBank), Self.value(f.sourceID))
            try statement.run()
        }
    }

    /// Facts of rows matching `condition` (SQL over `link_facts`, with `?1`… bound to `values`), minus those
    /// whose id `skip` says to leave out (read, but not kept).
    public func facts(where condition: String, _ values: [Statement.Value], skip: (String) -> Bool = { _ in false },
                      cache: StatementCache? = nil) throws -> [LinkFacts] {
        let sql = "SELECT \(Self.factColumns) FROM link_facts WHERE (\(condition)) AND \(Self.amountInRange)"
        let statement = try cache?.prepare(sql) ?? db.prepare(sql)
        try statement.bind(values)
        var found: [LinkFacts] = []
        while try statement.step() {
            if !skip(statement.text(0) ?? "") { found.append(Self.facts(statement)) }
        }
        return found
    }

    /// How many rows of a party and direction fall between two days (through the party index), counted up
    /// to 401 (one more than ``RecurringSeriesMatcher/maximumRows``).
    public func factCount(party: String, direction: String, from: Int, through: Int, cache: StatementCache? = nil) throws -> Int {
        // Counted up to one past the series limit: a busier counterparty need not be counted to the end.
        let sql = "SELECT COUNT(*) FROM (SELECT 1 FROM link_facts WHERE party = ?1 AND direction = ?2 AND day BETWEEN ?3 AND ?4 LIMIT 401)"
        let statement = try cache?.prepare(sql) ?? db.prepare(sql)
        try statement.bind(.text(party), .text(direction), .integer(Int64(from)), .integer(Int64(through)))
        _ = try statement.step()
        return Int(statement.int(0))
    }

    /// A counterparty's rows in one direction between two days, with only what a recurring series reads
    /// (no parcels), minus the rows `skip` holds.
    public func seriesFacts(party: String, direction: String, from: Int, through: Int, skip: Set<String>, cache: StatementCache? = nil) throws -> [LinkFacts] {
        let sql = "SELECT row_id, date, day, amount, currency, party_name, nature, flow FROM link_facts "
            + "WHERE party = ?1 AND direction = ?2 AND day BETWEEN ?3 AND ?4 AND inst_total IS NULL AND \(Self.amountInRange)"
        let s = try cache?.prepare(sql) ?? db.prepare(sql)
        try s.bind(.text(party), .text(direction), .integer(Int64(from)), .integer(Int64(through)))
        var found: [LinkFacts] = []
        while try s.step() {
            let id = s.text(0) ?? ""
            guard !skip.contains(id) else { continue }
            found.append(LinkFacts(rowID: id, date: s.text(1) ?? "", day: Int(s.int(2)), amount: s.int(3), currency: s.text(4) ?? "BRL",
                                   direction: direction, flow: s.text(7) ?? "expense", party: party, partyName: s.text(5),
                                   nature: LinkFacts.Nature(rawValue: s.text(6) ?? "") ?? .other))
        }
        return found
    }

    static func facts(_ s: Statement) -> LinkFacts {
        func optionalInt(_ column: Int32) -> Int? { s.isNull(column) ? nil : Int(s.int(column)) }
        return LinkFacts(rowID: s.text(0) ?? "", date: s.text(1) ?? "", day: Int(s.int(2)), amount: s.int(3), currency: s.text(4) ?? "BRL", account: s.text(5),
                              direction: s.text(6), flow: s.text(7) ?? "expense", category: s.text(8) ?? "uncategorized", budget: s.text(9),
                              budgetName: s.text(10), party: s.text(11), partyName: s.text(12), isPerson: s.int(13) != 0,
                              nature: LinkFacts.Nature(rawValue: s.text(14) ?? "") ?? .other, rail: s.text(15), endToEndID: s.text(16),
                              counterpartyIsMe: s.int(17) != 0, installmentNumber: optionalInt(18), installmentTotal: optionalInt(19),
                              purchaseDate: s.text(20), planTotal: s.isNull(21) ? nil : s.int(21), foreign: s.int(22) != 0,
                              bank: s.text(24), namedBank: s.text(25), sourceID: s.text(26))
    }

    /// Visits the rows recorded or changed after `seq` in `link_dirty` (and, with `since`, every row dated on
    /// or after it), each once, in the order first seen; returns the highest sequence number seen.
    @discardableResult
    /// `body` also gets whether the row was first recorded in that range (it is then in no link yet).
    public func forEachChangedRow(after seq: Int64, orDatedFrom since: String? = nil, _ body: (LedgerRow, Bool) throws -> Void) throws -> Int64 {
        let last = try db.prepare("SELECT COALESCE(MAX(seq), 0) FROM link_dirty")
        _ = try last.step()
        let through = max(seq, last.int(0))
        last.reset()
        let columns = ledgerColumns.split(separator: ",").map { "l." + $0.trimmingCharacters(in: .whitespaces) }.joined(separator: ", ")
        let dirty = try db.prepare("SELECT \(columns), d.new FROM link_dirty d JOIN ledger l ON l.row_id = d.row_id WHERE d.seq > ?1 AND d.seq <= ?2 ORDER BY d.seq")
        try dirty.bind(.integer(seq), .integer(through))
        var seen = Set<String>()
        while try dirty.step() {
            let row = ledgerRow(dirty)
            if seen.insert(row.rowID).inserted { try body(row, dirty.int(dirty.columnCount - 1) != 0) }
        }
        if let since {
            let dated = try db.prepare("SELECT \(ledgerColumns) FROM ledger WHERE date >= ?1 ORDER BY date, row_id")
            try dated.bind(.text(since))
            while try dated.step() {
                let row = ledgerRow(dated)
                if seen.insert(row.rowID).inserted { try body(row, false) }
            }
        }
        return through
    }

    /// How far `garden link` has examined `link_dirty` (0 before the first run).
    public func linkedThrough() throws -> Int64 {
        let statement = try db.prepare("SELECT value FROM link_state WHERE name = 'linked_through'")
        return try statement.step() ? statement.int(0) : 0
    }
}

extension Store {
    /// Ledger rows dated from `from` up to but not including `before` (`YYYY-MM-DD`), in date order.
    public func ledgerRows(from: String, before: String) throws -> [LedgerRow] {
        let statement = try db.prepare("SELECT \(ledgerColumns) FROM ledger WHERE date >= ?1 AND date < ?2 ORDER BY date, row_id")
        try statement.bind(.text(from), .text(before))
        return try statement.all { ledgerRow($0) }
    }

    /// The month (`YYYY-MM`) of the latest dated row of the ledger; nil when no row has a date.
    public func latestMonth() throws -> String? {
        let statement = try db.prepare("SELECT substr(max(date), 1, 7) FROM ledger WHERE date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'")
        return try statement.step() ? statement.text(0) : nil
    }

    /// The ids of the recorded rows without a date (`YYYY-MM-DD`), in id order: no month's budgets or report can count
    /// them, and `budgets` and `report` name them (hostile10 F25).
    public func undatedRowIDs() throws -> [String] {
        let statement = try db.prepare("SELECT row_id FROM ledger WHERE date IS NULL OR date NOT GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]' ORDER BY row_id")
        return try statement.all { $0.text(0) ?? "" }
    }

    /// Rows recorded or changed since the last `garden link`.
    public func unlinkedChanges() throws -> Int {
        let statement = try db.prepare("SELECT COUNT(DISTINCT row_id) FROM link_dirty WHERE seq > ?1")
        try statement.bind(.integer(try linkedThrough()))
        _ = try statement.step()
        return Int(statement.int(0))
    }
}
