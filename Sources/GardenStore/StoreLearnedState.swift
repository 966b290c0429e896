import GardenFoundation
import GardenEngine
import GardenCatalog
import Foundation

/// The store's learned state as the resolvers read it: a snapshot taken when a command starts (manual
/// overrides, merchant memory, the naive-Bayes counts, the holder's identities), so resolving reads
/// memory, not SQLite, and several threads can share it.
public struct StoreLearnedState: LearnedState {
    var overrides: [String: ManualOverride] = [:]
    /// merchant key → direction → category → (count, merchant)
    var memoryTable: [String: [String: [String: (Int, String?)]]] = [:]
    /// The remembered keys, sorted, for ``memoryKey(completing:)``.
    var memoryKeys: [String] = []
    public private(set) var model = NaiveBayesModel()
    /// The leave-one-out threshold (``NaiveBayesCalibration``), computed when the model speaks.
    public private(set) var naiveBayesThreshold: Double?
    var identities: [Identity] = []
    var identityKey: [UInt8] = []
    var names: [[String]] = []
    /// The holder of each account (its text folded, ``UserRule/holderKey(_:)``) when `me` binds accounts to two names or
    /// more: ``holder(account:)``.
    var holders: [String: String] = [:]
    /// ``Store/learnedGeneration()`` when the snapshot was read.
    public private(set) var generation = ""
    /// The holder's documents that cannot be recognised because the identity key beside the store is
    /// missing (a store copied without its `.key`), when the snapshot was read with `allowingMissingKey`.
    public private(set) var unrecognisedDocuments = 0
    /// Whether the key beside the store is another store's (``Store/identityKeyStanding()``), rather than missing, when
    /// ``unrecognisedDocuments`` is not 0.
    public private(set) var keyIsForeign = false
    /// Which remembered merchant a printed form follows (merges, splits, similar names).
    public private(set) var following = MerchantFollowing()
    /// Credit row id → the purchase `garden link` found it refunds (a refund link applied or accepted: the same merchant's
    /// money back, or a reversal of exactly the purchase's amount, ``GardenLinking/RefundMatcher``), with that purchase's
    /// category as the ledger holds it now.
    var refunds: [String: (rowID: String, category: String)] = [:]

    /// Reads the snapshot.
    /// - Parameter allowingMissingKey: read it although the identity key is missing (a command that only
    ///   reads): the holder's documents are then not recognised (``unrecognisedDocuments``); otherwise a
    ///   missing key is refused (``IdentityKey/load(databasePath:create:)``), so nothing resolved without
    ///   it is written.
    public init(store: Store, allowingMissingKey: Bool = false) throws {
        self = try store.db.reading { try Self(reading: store, allowingMissingKey: allowingMissingKey) }
    }

    private init(reading store: Store, allowingMissingKey: Bool) throws {
        let db = store.db
        generation = try store.learnedGeneration()
        let o = try db.prepare("SELECT row_id, category, merchant, budget, origin FROM overrides")
        while try o.step() {
            overrides[o.text(0) ?? ""] = ManualOverride(category: o.text(1), merchant: o.text(2), budget: o.text(3), origin: o.text(4) ?? "")
        }
        let m = try db.prepare("SELECT merchant_key, direction, category, merchant, count FROM memory")
        while try m.step() {
            memoryTable[m.text(0) ?? "", default: [:]][m.text(1) ?? "", default: [:]][m.text(2) ?? ""] = (Int(m.int(4)), m.text(3))
        }
        memoryKeys = memoryTable.keys.sorted()
        let links = try store.merchantLinks()
        following = MerchantFollowing(remembered: memoryKeys, words: links.words, merges: links.merges, splits: links.splits)
        let f = try db.prepare("SELECT feature, category, count FROM nb_feature")
        while try f.step() { model.load(feature: f.text(0) ?? "", category: f.text(1) ?? "", count: Int(f.int(2))) }
        let c = try db.prepare("SELECT category, documents, tokens FROM nb_category")
        while try c.step() { model.load(category: c.text(0) ?? "", documents: Int(c.int(1)), tokens: Int(c.int(2))) }
        if hasModel { naiveBayesThreshold = NaiveBayesCalibration.threshold(model: model, examples: try store.naiveBayesExamples(limit: NaiveBayesCalibration.maximumExamples)) }
        identities = try store.identities()
        let documents = identities.filter { $0.documentHMAC != nil }.count
        if documents > 0 {
            // Another store's key beside the store is no key of this one (hostile10 F20): treated as a missing one.
            switch try store.identityKeyStanding() {
            case .own(let key), .unrecorded(let key): identityKey = key
            case .missing where allowingMissingKey: unrecognisedDocuments = documents
            case .foreign where allowingMissingKey:
                unrecognisedDocuments = documents
                keyIsForeign = true
            case .missing: identityKey = try IdentityKey.load(databasePath: store.path, create: false)
            case .foreign: throw Store.foreignKeyRefusal(IdentityKey.path(databasePath: store.path))
            }
        }
        names = identities.compactMap { $0.name }.map { TextFold.fold($0).split(separator: " ").map(String.init) }
        holders = Self.holders(identities)
        refunds = (try? Self.refunds(store)) ?? [:]
    }

    /// The refund links of one purchase and one credit, applied or accepted, with the purchase's category (a store of
    /// an older schema, read as it is, has none).
    static func refunds(_ store: Store) throws -> [String: (rowID: String, category: String)] {
        let statement = try store.db.prepare("""
            SELECT r.rows, g.category FROM links r JOIN ledger g ON g.row_id = substr(r.rows, 1, instr(r.rows, char(9)) - 1)
            WHERE r.kind = 'refund' AND r.status IN ('applied', 'accepted')
            """)
        var found: [String: (rowID: String, category: String)] = [:]
        while try statement.step() {
            let rows = (statement.text(0) ?? "").split(separator: "\t").map(String.init)
            guard rows.count == 2, let category = statement.text(1) else { continue }
            found[rows[1]] = (rows[0], category)
        }
        return found
    }

    public func refundedPurchase(rowID: String) -> (rowID: String, category: String)? { refunds[rowID] }

    /// Account (folded, ``UserRule/holderKey(_:)``) → holder, from the `me` entries that give both a name and an
    /// account, when they name two holders or more; empty otherwise (one person's store keeps one memory).
    static func holders(_ identities: [Identity]) -> [String: String] {
        var holders: [String: String] = [:]
        for identity in identities {
            guard let name = identity.name, let account = identity.account else { continue }
            let holder = UserRule.holderKey(name), key = UserRule.holderKey(account)
            guard !holder.isEmpty, !key.isEmpty else { continue }
            holders[key] = holder
        }
        return Set(holders.values).count >= 2 ? holders : [:]
    }

    public func holder(account: String?) -> String? {
        guard !holders.isEmpty, let account else { return nil }
        return holders[UserRule.holderKey(account)]
    }

    public func override(rowID: String) -> ManualOverride? { overrides[rowID] }

    public func prediction(features: [String]) -> (category: String, probability: Double, topFeatures: [String])? {
        model.prediction(features: features)
    }

    /// Merchant memory or a refund link (``refundedPurchase(rowID:)``, read by the memory resolver) exists.
    public var hasMemory: Bool { !memoryTable.isEmpty || !refunds.isEmpty }

    /// The model speaks once it has seen enough corrections to compare categories (10).
    public var hasModel: Bool { model.exampleCount >= 10 && model.documents.count >= 2 }

    public func memory(merchantKey: String, direction: Direction?) -> MerchantMemory? {
        guard let byDirection = memoryTable[merchantKey] else { return nil }
        // A correction of money out never categorizes money in (and the reverse); "any" fits both.
        var counts: [String: (Int, String?)] = byDirection["any"] ?? [:]
        // A row taught without an amount (direction "any") as money in (the `income` group) says what the merchant pays
        // the holder, nothing about money the holder sends it: a payment out is never income (issue 37: `ZELLE INSTANT
        // PMT FROM …` taught as income turned a Zelle payment sent into income).
        if direction == .out, !counts.isEmpty { counts = counts.filter { FlowPolicy.flow(of: $0.key) != .income } }
        // A row of unknown direction (no amount printed) follows a merchant taught in one direction only;
        // taught both ways, the direction would decide, so only "any" counts.
        let taught = byDirection.keys.filter { $0 != "any" }
        let side = direction?.rawValue ?? (taught.count == 1 ? taught.first : nil)
        if let side, let own = byDirection[side] {
            for (category, entry) in own { counts[category] = ((counts[category]?.0 ?? 0) + entry.0, entry.1 ?? counts[category]?.1) }
        }
        guard let best = counts.max(by: { $0.value.0 != $1.value.0 ? $0.value.0 < $1.value.0 : $0.key > $1.key }) else { return nil }
        let others = counts.filter { $0.key != best.key }.reduce(0) { $0 + $1.value.0 }
        return MerchantMemory(category: best.key, merchant: best.value.1, consistentCorrections: best.value.0 - others,
                              origin: "merchant memory \(merchantKey) (\(direction?.rawValue ?? "any"))")
    }

    public func merchantKey(following key: String, words: [String]?) -> String? {
        following.isEmpty ? nil : following.following(key, words: words)?.key
    }

    /// A name key (`name:instacar`) completes to the one remembered name or brand key that begins with its letters and
    /// adds fewer letters than half of them (`name:instacart`, `brand:instacart`): a cut takes the end of a name, not
    /// most of it. Nil when none or several do, and for a key that is no name's.
    public func memoryKey(completing prefix: String) -> String? {
        guard prefix.hasPrefix("name:") else { return nil }
        let letters = prefix.dropFirst(5)
        var found: (key: String, added: Int)?
        for namespace in ["name:", "brand:"] {
            guard let key = completion(namespace + letters) else { continue }
            if key.isEmpty || found != nil { return nil }
            found = (key, key.utf8.count - namespace.utf8.count - letters.utf8.count)
        }
        guard let found, 2 * found.added < letters.utf8.count else { return nil }
        return found.key
    }

    /// The one remembered key longer than `prefix` that begins with it, "" when several do, nil when none. A key of a
    /// merchant through a channel (`name:x via ifood`) is that merchant's, no other name.
    private func completion(_ prefix: String) -> String? {
        // Binary search for the first key not below the prefix; the completions follow it.
        var low = 0, high = memoryKeys.count
        while low < high {
            let middle = (low + high) / 2
            if memoryKeys[middle] < prefix { low = middle + 1 } else { high = middle }
        }
        var found: String?
        while low < memoryKeys.count, memoryKeys[low].hasPrefix(prefix) {
            let key = memoryKeys[low]
            low += 1
            guard key != prefix, !key.utf8.contains(UInt8(ascii: " ")) else { continue }
            if found != nil { return "" }
            found = key
        }
        return found
    }

    public func classify(features: [String]) -> [(category: String, probability: Double, topFeatures: [String])] {
        model.classify(features: features)
    }

    public func isAccountHolder(name: String?, document: String?) -> Bool {
        if let document, !identityKey.isEmpty, let visible = IdentityKey.visibleDigits(document) {
            let hmac = IdentityKey.hmac(visible, key: identityKey)
            if identities.contains(where: { $0.documentHMAC == hmac }) {
                // A CPF shows only six digits: the first name must agree too when a name is given.
                guard let name, CNPJ(document.uppercased()) == nil else { return true }
                return matchesName(name, firstNameOnly: true)
            }
        }
        if let name, matchesName(name), document == nil { return true }
        return false
    }

    /// The holder's first and last names appear in `name`, middle names possibly as initials
    /// ("JOAO P ALVES" for João Pedro Alves); with `firstNameOnly`, the first name is enough.
    func matchesName(_ name: String, firstNameOnly: Bool = false) -> Bool {
        let words = TextFold.fold(name).split(whereSeparator: { !$0.isLetter }).map(String.init)
        let set = Set(words)
        return names.contains { holder in
            guard let first = holder.first, let last = holder.last, set.contains(first) else { return false }
            if firstNameOnly { return true }
            guard set.contains(last) else { return false }
            // Middle names: whole, or as their initial.
            return holder.dropFirst().dropLast().allSatisfy { middle in set.contains(middle) || set.contains(String(middle.prefix(1))) || words.count == 2 }
        }
    }
}
