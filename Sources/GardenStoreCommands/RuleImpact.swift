import GardenStore
import GardenCommandKit

/// What a proposed rule would do to the recorded rows: how many other rows it matches, how many of them
/// it would change that belong to the taught merchant, and how many that belong to other merchants.
struct RuleImpact {
    /// Recorded rows the rule matches, the taught row excluded.
    var matched = 0
    /// Rows of the same merchant identity it would change (category or merchant).
    var sameMerchant = 0
    /// Rows of other merchants it would change.
    var otherMerchants = 0
    /// A few changed rows of this merchant, for the user to judge.
    var sameSample: [String] = []
    /// A few changed rows of other merchants, for the user to judge.
    var sample: [String] = []
    /// Whether the candidate rows were cut at ``limit``.
    var capped = false

    /// Candidate rows read: enough to show the reach, bounded so `teach` stays fast on a large ledger.
    static let limit = 2_000

    /// Measures `proposal` for a correction of row `rowID` to `category` (and `merchant`).
    /// `variants`: the keys recorded rows of printed variants of the merchant carry (``TeachPreview/variants``): they
    /// follow it once the correction is stored, so the rule matches them too.
    static func measure(_ proposal: RuleProposal, rowID: String, store: Store, category: String, merchant: String?,
                        variants: Set<String> = []) throws -> RuleImpact {
        var impact = RuleImpact()
        // A rule with an identity condition (or about a brand or a document) matches rows of that identity only.
        let byKey = proposal.phrase == nil || proposal.identityKey != nil
        var candidates = try store.impactCandidates(merchantKey: byKey ? proposal.merchantKey : nil, words: byKey ? [] : proposal.words, limit: limit)
        if byKey {
            for key in variants.sorted() where candidates.count < limit {
                candidates += try store.impactCandidates(merchantKey: key, words: [], limit: limit - candidates.count)
            }
        }
        let merchantKeys = variants.union([proposal.merchantKey])
        impact.capped = candidates.count >= limit
        let phrase = proposal.phrase.map { Array((" " + $0 + " ").utf8) }
        let merchantNeedle = merchant.map { Array(("\"name\":" + RecategorizeCommand.quoted($0)).utf8) }
        let viaNeedle = proposal.intermediary.map { Array(("\"intermediary\":" + RecategorizeCommand.quoted($0)).utf8) }
        for row in candidates where row.rowID != rowID {
            if let phrase, !contains(Array((" " + row.folded + " ").utf8), phrase) { continue }
            if proposal.identityKey != nil, !merchantKeys.contains(row.merchantKey ?? "") { continue }
            if let direction = proposal.direction, row.direction != direction.rawValue { continue }
            if let viaNeedle, !contains(Array(row.resolution.utf8), viaNeedle) { continue }
            impact.matched += 1
            let merchantChanges = merchantNeedle.map { !contains(Array(row.resolution.utf8), $0) } ?? false
            guard row.source != "manual_override", row.category != category || merchantChanges else { continue }
            let same = merchantKeys.contains(row.merchantKey ?? "")
            if same { impact.sameMerchant += 1 } else { impact.otherMerchants += 1 }
            if (same ? impact.sameSample : impact.sample).count < 5, let raw = try store.ledgerRow(id: row.rowID)?.raw {
                let change = row.category != category ? "\(row.category) → \(category)" : category
                let renamed = merchantChanges ? ", merchant → \"\(merchant ?? "")\"" : ""
                let line = "\(row.rowID): \(change)\(renamed)  \(descriptor(raw))  (\(row.merchantKey ?? "no merchant"))"
                if same { impact.sameSample.append(line) } else { impact.sample.append(line) }
            }
        }
        return impact
    }

    /// The report lines `teach` prints under the proposal, in `w`'s language.
    func report(_ w: Phrasebook = Phrasebook(.english)) -> String {
        let more = capped ? w(" or more", " ou mais") : ""
        if matched == 0 {
            return w("  it matches only the taught row among the recorded rows (the override already covers it); it would apply to future rows\n",
                     "  ela só casa com a linha ensinada entre as registradas (a correção já a cobre); valeria para linhas futuras\n")
        }
        var out = w("  it matches \(matched)\(more) other recorded row(s); it would change \(sameMerchant) of this merchant and \(otherMerchants) of other merchants",
                    "  ela casa com \(matched)\(more) outra(s) linha(s) registrada(s); mudaria \(sameMerchant) deste estabelecimento e \(otherMerchants) de outros")
        out += sameSample.isEmpty && sample.isEmpty ? "\n" : w(", e.g.:\n", ", por exemplo:\n")
        out += sameSample.map { w("    this merchant:  ", "    este estabelecimento: ") + $0 + "\n" }.joined()
            + sample.map { w("    other merchant: ", "    outro estabelecimento: ") + $0 + "\n" }.joined()
        return out
    }

    /// Byte substring search (folded text needs no locale-aware comparison).
    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, haystack.count >= needle.count else { return needle.isEmpty }
        let first = needle[0]
        var i = 0
        let last = haystack.count - needle.count
        while i <= last {
            if haystack[i] == first, haystack[i..<(i + needle.count)].elementsEqual(needle) { return true }
            i += 1
        }
        return false
    }

    static func descriptor(_ raw: String) -> String {
        guard let (_, t) = try? Session.transaction(raw) else { return "" }
        return "\"\(t.descriptorText)\""
    }
}
