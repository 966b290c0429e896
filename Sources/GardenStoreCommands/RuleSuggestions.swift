import GardenFoundation
import GardenCatalog
import GardenEngine
import GardenStore
import GardenCommandKit

/// The rules the user's corrections suggest and no rule makes yet, for `garden review`: one per merchant identity and
/// direction whose corrections agree (memory decides that merchant alone), with its reach — the recorded rows of that
/// merchant it would change, and of other merchants (none: it names the identity). Adding one (`garden rules add`)
/// makes explicit, and editable, what memory already does.
struct RuleSuggestions {
    struct Suggestion: Equatable {
        var rule: String
        var merchantKey: String
        /// Recorded rows of the merchant, in that direction, it would change.
        var changes: Int
        var capped: Bool
    }

    var suggestions: [Suggestion] = []

    /// Consistent corrections a suggestion needs: one, two for a brand (some sell everything).
    static func needed(_ key: String) -> Int { key.hasPrefix("brand:") ? 2 : 1 }

    static func find(_ store: Store) throws -> RuleSuggestions {
        var byMerchant: [String: [String: Int]] = [:]   // "key\tdirection" → category → count
        for entry in try store.memoryEntries() where !entry.key.contains(" ") {
            byMerchant[entry.key + "\t" + entry.direction, default: [:]][entry.category, default: 0] += entry.count
        }
        let covered = Set(try store.rules().compactMap { rule -> String? in
            guard let range = rule.text.range(of: "identity ") else { return nil }
            return String(rule.text[range.upperBound...].prefix(while: { $0 != " " }))
        })
        var found = RuleSuggestions()
        for (merchant, counts) in byMerchant.sorted(by: { $0.key < $1.key }) {
            let parts = merchant.split(separator: "\t").map(String.init)
            let (key, direction) = (parts[0], parts[1])
            guard !covered.contains(key), let best = counts.max(by: { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }) else { continue }
            let consistent = best.value - counts.filter { $0.key != best.key }.reduce(0) { $0 + $1.value }
            guard consistent >= needed(key) else { continue }
            var conditions = ["identity \(key)"]
            if direction != "any" { conditions.append("direction \(direction)") }
            var changes = 0
            let rows = try store.impactCandidates(merchantKey: key, words: [], limit: RuleImpact.limit)
            for row in rows where row.category != best.key && row.source != "manual_override" && (direction == "any" || row.direction == direction) {
                changes += 1
            }
            found.suggestions.append(Suggestion(rule: "if " + conditions.joined(separator: " and ") + " => category \(best.key)", merchantKey: key,
                                                changes: changes, capped: rows.count >= RuleImpact.limit))
        }
        found.suggestions.sort { $0.changes != $1.changes ? $0.changes > $1.changes : $0.rule < $1.rule }
        return found
    }

    /// The review section; empty when there is nothing to suggest.
    func text(limit: Int, db: String?, words: Phrasebook = Phrasebook(.english)) -> String {
        guard !suggestions.isEmpty else { return "" }
        var out = words("suggested rules (your corrections agree; garden rules add makes one explicit):",
                        "regras sugeridas (suas correções concordam; garden rules add torna uma explícita):") + "\n"
        for s in suggestions.prefix(limit) {
            out += "  \(s.rule)\n    " + words("reach: \(s.changes)\(s.capped ? " or more" : "") recorded row(s) of \(s.merchantKey) it would change, 0 of other merchants",
                                               "alcance: mudaria \(s.changes)\(s.capped ? " ou mais" : "") linha(s) registrada(s) de \(s.merchantKey), 0 de outros estabelecimentos")
            out += words("; add: ", "; adicionar: ") + "\(s.command(db: db))\n"
        }
        if suggestions.count > limit { out += "  … " + words("\(suggestions.count - limit) more", "mais \(suggestions.count - limit)") + "\n" }
        return out
    }

    /// The suggestions as JSON lines (`garden review --json`, after the groups), one object each:
    /// `{"suggested_rule": {"rule", "identity", "reach": {"rows_of_merchant", "or_more", "rows_of_other_merchants"},
    /// "add"}}` — `rule` the rule text, `identity` the merchant key it names, `reach` the recorded rows it would change
    /// (`or_more`: the count stopped at ``RuleImpact/limit``; other merchants' rows are always 0, since the rule names
    /// the identity), `add` the `garden rules add` command. The outer key tells these lines from the groups' objects.
    func jsonLines(limit: Int, db: String?) -> String {
        var out = ""
        for s in suggestions.prefix(limit) {
            var w = JSONWriter(capacity: 256)
            w.beginObject()
            w.key("suggested_rule"); w.beginObject()
            w.member("rule", s.rule)
            w.member("identity", s.merchantKey)
            w.key("reach"); w.beginObject()
            w.key("rows_of_merchant"); w.int(s.changes)
            w.key("or_more"); w.bool(s.capped)
            w.key("rows_of_other_merchants"); w.int(0)
            w.endObject()
            w.member("add", s.command(db: db))
            w.endObject()
            w.endObject()
            out += String(decoding: w.bytes, as: UTF8.self) + "\n"
        }
        return out
    }
}

extension RuleSuggestions.Suggestion {
    /// The command that adds the rule (the rule in single quotes, as a shell reads it; a rule holds no quote).
    func command(db: String?) -> String {
        "garden rules add '\(rule)'" + (db.map { " --db \($0)" } ?? "")
    }
}
