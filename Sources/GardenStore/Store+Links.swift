import Foundation
import GardenFoundation
import GardenLinking
import GardenSQLite

/// The `links` and `link_rows` tables: the links `garden link` found, each with its id, its rows, status,
/// confidence, evidence and detail. Every change is journaled so `garden undo` restores them exactly.
extension Store {
    /// A stored link with its id.
    public struct StoredLink: Sendable, Equatable {
        public var id: Int64
        public var link: Link
    }

    static let linkColumns = "id, key, kind, status, confidence, effect, rows, evidence, detail"

    static func storedLink(_ s: Statement) -> StoredLink? {
        guard let kind = LinkKind(rawValue: s.text(2) ?? ""), let status = LinkStatus(rawValue: s.text(3) ?? "") else { return nil }
        let detail = s.text(8).map { Data($0.utf8) }
        let decoder = JSONDecoder()
        var link = Link(kind: kind, status: status, rows: (s.text(6) ?? "").split(separator: "\t").map(String.init),
                        confidence: Confidence(perMille: Int(s.int(4))), evidence: (s.text(7) ?? "").split(separator: "\n").map(String.init),
                        effect: s.int(5), key: s.text(1) ?? "")
        if let detail, kind == .installmentPlan { link.plan = try? decoder.decode(InstallmentPlan.self, from: detail) }
        if let detail, kind == .recurring { link.series = try? decoder.decode(RecurringSeries.self, from: detail) }
        return StoredLink(id: s.int(0), link: link)
    }

    /// Links in id order: all, of one kind, or those a row is in.
    public func links(kind: LinkKind? = nil, row: String? = nil) throws -> [StoredLink] {
        var sql = "SELECT \(Self.linkColumns) FROM links"
        var values: [Statement.Value] = []
        if let row {
            sql += " WHERE id IN (SELECT link_id FROM link_rows WHERE row_id = ?1)"
            values.append(.text(row))
        } else if let kind {
            sql += " WHERE kind = ?1"
            values.append(.text(kind.rawValue))
        }
        let statement = try db.prepare(sql + " ORDER BY id")
        try statement.bind(values)
        return try statement.all(Self.storedLink).compactMap { $0 }
    }

    /// Links with at least one row among `rowIDs` (a point look-up of `link_rows` per row), in id order.
    public func links(touching rowIDs: some Collection<String>) throws -> [StoredLink] {
        let members = try db.prepare("SELECT link_id FROM link_rows WHERE row_id = ?1")
        var ids = Set<Int64>()
        for id in rowIDs {
            try members.bind(.text(id))
            while try members.step() { ids.insert(members.int(0)) }
        }
        let fetch = try db.prepare("SELECT \(Self.linkColumns) FROM links WHERE id = ?1")
        var found: [StoredLink] = []
        for id in ids.sorted() {
            try fetch.bind(.integer(id))
            if try fetch.step(), let stored = Self.storedLink(fetch) { found.append(stored) }
        }
        return found
    }

    /// The stored link with `key`, if any.
    public func link(key: String) throws -> StoredLink? {
        let statement = try db.prepare("SELECT \(Self.linkColumns) FROM links WHERE key = ?1")
        try statement.bind(.text(key))
        return try statement.step() ? Self.storedLink(statement) : nil
    }

    /// Sets a suggested link's status (`accepted` or `rejected`) or back to `suggested`; journaled.
    /// - Throws: ``StoreFailure/invalid(_:)`` when there is no link `id`.
    @discardableResult
    public func setLinkStatus(id: Int64, _ status: LinkStatus) throws -> StoredLink {
        try db.transaction {
            let statement = try db.prepare("SELECT \(Self.linkColumns) FROM links WHERE id = ?1")
            try statement.bind(.integer(id))
            guard try statement.step(), var stored = Self.storedLink(statement) else { throw StoreFailure.invalid("no link \(id); see garden links") }
            statement.reset()
            let journal = try beginJournal(kind: "link", summary: "link \(id) \(stored.link.kind.rawValue): \(stored.link.status.rawValue) → \(status.rawValue)")
            try journal.remember(.link(id: id), before: Self.linkImage(stored))
            stored.link.status = status
            try writeLink(stored.link, id: id)
            return stored
        }
    }

    /// Inserts (or rewrites) a link under `id` (a new id when nil) with its rows; returns the id.
    @discardableResult
    package func writeLink(_ link: Link, id: Int64?, cache: StatementCache? = nil) throws -> Int64 {
        if let id { try deleteLink(id: id, cache: cache) }
        let detail = Self.detailJSON(link)
        let insert = "INSERT INTO links(id, key, kind, status, confidence, effect, rows, evidence, detail) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)"
        let statement = try cache?.prepare(insert) ?? db.prepare(insert)
        try statement.bind(id.map { .integer($0) } ?? .null, .text(link.key), .text(link.kind.rawValue), .text(link.status.rawValue),
                           .integer(Int64(link.confidence.perMille)), .integer(link.effect), .text(link.rows.joined(separator: "\t")),
                           .text(link.evidence.joined(separator: "\n")), Self.value(detail))
        try statement.run()
        let linkID = id ?? db.lastInsertRowID
        let memberSQL = "INSERT OR IGNORE INTO link_rows(row_id, link_id) VALUES (?1, ?2)"
        let member = try cache?.prepare(memberSQL) ?? db.prepare(memberSQL)
        for row in link.rows { try member.bind(.text(row), .integer(linkID)); try member.run() }
        return linkID
    }

    package func deleteLink(id: Int64, cache: StatementCache? = nil) throws {
        for sql in ["DELETE FROM link_rows WHERE link_id = ?1", "DELETE FROM links WHERE id = ?1"] {
            let statement = try cache?.prepare(sql) ?? db.prepare(sql)
            try statement.bind(.integer(id))
            try statement.run()
        }
    }

    /// The plan or series of a link as JSON (sorted keys), nil for the other kinds.
    static func detailJSON(_ link: Link) -> String? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = link.plan.flatMap { try? encoder.encode($0) } ?? link.series.flatMap { try? encoder.encode($0) }
        return data.map { String(decoding: $0, as: UTF8.self) }
    }

    /// A link's before-image for the journal: its id and the stored link, as JSON.
    package static func linkImage(_ stored: StoredLink) -> String {
        image([("id", .integer(stored.id)), ("key", .text(stored.link.key)), ("kind", .text(stored.link.kind.rawValue)),
               ("status", .text(stored.link.status.rawValue)), ("confidence", .integer(Int64(stored.link.confidence.perMille))),
               ("effect", .integer(stored.link.effect)), ("rows", .text(stored.link.rows.joined(separator: "\t"))),
               ("evidence", .text(stored.link.evidence.joined(separator: "\n"))), ("detail", Self.value(Self.detailJSON(stored.link)))])
    }

    /// Undoes one journaled change to the linking tables: a link (rewritten from its before-image, or
    /// deleted when it did not exist) or a linking watermark.
    func restoreLinking(_ change: JournalChange, _ before: String?) throws {
        let fields = before.flatMap { try? JSONScanner.parse(Array($0.utf8)) }
        func text(_ name: StaticString) -> String? { fields.flatMap { $0.scalarText($0.member(name, of: $0.root)) } }
        func integer(_ name: StaticString) -> Int64 { text(name).flatMap { Int64($0) } ?? 0 }
        switch change {
        case .link(let id):
            try deleteLink(id: id)
            guard fields != nil, let kind = LinkKind(rawValue: text("kind") ?? ""), let status = LinkStatus(rawValue: text("status") ?? "") else { return }
            var link = Link(kind: kind, status: status, rows: (text("rows") ?? "").split(separator: "\t").map(String.init),
                            confidence: Confidence(perMille: Int(integer("confidence"))), evidence: (text("evidence") ?? "").split(separator: "\n").map(String.init),
                            effect: integer("effect"), key: text("key") ?? "")
            (link.plan, link.series) = try detail(before: text("detail"), kind: kind)
            try writeLink(link, id: id)
        case .linkState(let name):
            let statement = try db.prepare(fields == nil ? "DELETE FROM link_state WHERE name = ?1" : "INSERT OR REPLACE INTO link_state(name, value) VALUES (?1, ?2)")
            try statement.bind(fields == nil ? [.text(name)] : [.text(name), .integer(integer("value"))])
            try statement.run()
        default:
            let (table, key) = change.stored
            throw StoreFailure.unknownJournalChange(table: table, key: key)
        }
    }

    private func detail(before: String?, kind: LinkKind) throws -> (InstallmentPlan?, RecurringSeries?) {
        guard let data = before.map({ Data($0.utf8) }) else { return (nil, nil) }
        let decoder = JSONDecoder()
        return (kind == .installmentPlan ? try? decoder.decode(InstallmentPlan.self, from: data) : nil,
                kind == .recurring ? try? decoder.decode(RecurringSeries.self, from: data) : nil)
    }
}
