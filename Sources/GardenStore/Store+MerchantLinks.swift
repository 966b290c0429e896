import GardenFoundation
import GardenCatalog
import GardenEngine

/// The user's say over which printed forms are one merchant (`garden merchants merge` and `split`), and the printed
/// forms the ledger holds per identity, for `garden merchants`. Every change is one journal entry (`garden undo`).
extension Store {
    /// The merges (key → the identity it follows, who set it) and splits (key → who set it); empty for a store made
    /// before merges existed (read as it is by a read-only command).
    /// `words`: the words of the taught names (``Correction/merchantWords``), by key.
    public func merchantLinks() throws -> (merges: [String: (target: String, origin: String)], splits: [String: String], words: [String: [String]]) {
        let exists = try db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'merchant_links'")
        guard try exists.step() else { return ([:], [:], [:]) }
        var merges: [String: (target: String, origin: String)] = [:]
        var splits: [String: String] = [:]
        let statement = try db.prepare("SELECT merchant_key, follows, origin FROM merchant_links")
        while try statement.step() {
            let key = statement.text(0) ?? "", origin = statement.text(2) ?? ""
            if let target = statement.text(1) { merges[key] = (target, origin) } else { splits[key] = origin }
        }
        var words: [String: [String]] = [:]
        let names = try db.prepare("SELECT merchant_key, words FROM merchant_names")
        while try names.step() { words[names.text(0) ?? ""] = (names.text(1) ?? "").split(separator: " ").map(String.init) }
        return (merges, splits, words)
    }

    /// Makes `key` one merchant with `target` (memory, rules and the ledger then key its rows on `target`), replacing a
    /// split or an earlier merge of `key`; one journal entry.
    /// - Throws: ``StoreFailure/invalid(_:)`` when `target` already follows `key` through the merges (`a` into `b`,
    ///   then `b` into `a`: a cycle, which would make neither follow the other), checked inside the write
    ///   transaction, or when a key holds a CPF.
    @discardableResult
    public func mergeMerchant(_ key: String, into target: String, origin: String) throws -> Int64 {
        try setMerchantLink(key, follows: target, origin: origin, summary: "merchants: \(key) is one merchant with \(target)")
    }

    /// The keys `key` follows through the stored merges, in order (`a` into `b`, `b` into `c`: b, c for a), up to a repeat.
    func mergeChain(from key: String) throws -> [String] {
        let read = try db.prepare("SELECT follows FROM merchant_links WHERE merchant_key = ?1")
        var chain: [String] = []
        while let next = try read.bind(.text(chain.last ?? key)).all({ $0.text(0) }).first ?? nil {
            chain.append(next)
            if next == key || chain.dropLast().contains(next) { break }
        }
        return chain
    }

    /// Every merchant identity key the store holds: the recorded rows' (``recordedMerchantKeys()``), memory's, the
    /// merges' and splits' (both sides) and the taught names'.
    public func storedMerchantKeys() throws -> Set<String> {
        let sql = "SELECT merchant_key FROM memory UNION SELECT merchant_key FROM merchant_links UNION SELECT follows FROM merchant_links "
            + "UNION SELECT merchant_key FROM merchant_names"
        return Set(try recordedMerchantKeys().map(\.key)).union(try db.prepare(sql).all { $0.text(0) }.compactMap { $0 })
    }

    /// Keeps `key` apart: it follows no merge and no similar name; one journal entry.
    @discardableResult
    public func splitMerchant(_ key: String, origin: String) throws -> Int64 {
        try setMerchantLink(key, follows: nil, origin: origin, summary: "merchants: \(key) stands alone")
    }

    private func setMerchantLink(_ key: String, follows target: String?, origin: String, summary: String) throws -> Int64 {
        for text in [key, target].compactMap({ $0 }) where CPFScrubber.scrub(text) != text {
            throw StoreFailure.invalid("\(CPFScrubber.scrub(text)) holds a CPF: a merchant identity never does (garden keeps a CPF only masked); nothing changed")
        }
        return try db.transaction {
            if let target {
                let chain = try mergeChain(from: target)
                if target == key || chain.contains(key) {
                    let path = ([target] + chain.prefix { $0 != key } + [key]).joined(separator: " → ")
                    throw StoreFailure.invalid("\(key) cannot follow \(target): \(target) is already one merchant with \(key) (\(path)), and a cycle "
                        + "would leave neither one merchant with the other; garden merchants split \(target) first to turn the merge around")
                }
            }
            let journal = try beginJournal(kind: "merchants", summary: summary)
            let read = try db.prepare("SELECT follows, origin FROM merchant_links WHERE merchant_key = ?1")
            try read.bind(.text(key))
            let before = try read.step() ? Self.image([("follows", Self.value(read.text(0))), ("origin", Self.value(read.text(1)))]) : nil
            read.reset()
            try journal.remember(.merchantLink(key: key), before: before)
            try run("INSERT OR REPLACE INTO merchant_links(merchant_key, follows, origin) VALUES (?1, ?2, ?3)", .text(key), Self.value(target), .text(origin))
            return journal.id
        }
    }

    /// Puts a merchant link back as it was before a journaled change (`existed` false: there was none).
    func restoreMerchantLink(_ key: String, _ image: BeforeImage, existed: Bool) throws {
        try run("DELETE FROM merchant_links WHERE merchant_key = ?1", .text(key))
        guard existed else { return }
        try run("INSERT INTO merchant_links(merchant_key, follows, origin) VALUES (?1, ?2, ?3)", .text(key), image["follows"], image["origin"])
    }

    /// The distinct merchant identity keys the recorded rows were recorded under, with their row counts.
    public func recordedMerchantKeys() throws -> [(key: String, rows: Int)] {
        let statement = try db.prepare("SELECT merchant_key, COUNT(*) FROM ledger WHERE merchant_key IS NOT NULL GROUP BY merchant_key ORDER BY merchant_key")
        return try statement.all { (key: $0.text(0) ?? "", rows: Int($0.int(1))) }
    }
}
