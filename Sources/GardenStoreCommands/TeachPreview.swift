import GardenFoundation
import GardenCatalog
import GardenEngine
import GardenStore
import GardenCommandKit

/// What a correction will change beyond its row, as `teach` says before and after `--apply`: the recorded rows of the
/// merchant memory moves at the next `recategorize`, the printed variants that follow the merchant once it is
/// remembered, and what the proposed rule would change (``RuleImpact``).
enum TeachPreview {
    /// The keys of recorded rows that will follow `key` once a correction is stored under it: printed variants of the
    /// name (``MerchantSimilarity``: they share all its words but one, so the first or the last) and forms the user
    /// merged into it. Candidates come from the full-text index, at most ``RuleImpact/limit`` rows a word.
    static func variants(of key: String, words: [String]?, session: Session) throws -> Set<String> {
        guard let store = session.store else { return [] }
        let learned = session.pipeline.learned as? StoreLearnedState
        let following = (learned?.following ?? MerchantFollowing()).remembering(key, words: words)
        var found: Set<String> = []
        for merged in following.merges.keys where following.following(merged, words: nil)?.key == key { found.insert(merged) }
        guard let words, words.count >= 2 else { return found }
        for anchor in Set([words[0], words[words.count - 1]]) {
            var seen = 0
            try store.forEachLedgerRow(containing: [anchor]) { row in
                seen += 1
                guard seen <= RuleImpact.limit, let own = row.merchantKey, own != key, !found.contains(own),
                      let (_, transaction) = try? RowReader().read(stored: row.raw, rowID: row.rowID),
                      let identity = session.pipeline.identified(session.pipeline.context(transaction)).identity,
                      following.following(identity.ownKey, words: identity.nameWords)?.key == key else { return }
                found.insert(own)
            }
        }
        return found
    }

    /// The line saying which recorded rows memory moves, when it decides the merchant alone.
    static func memoryMoves(_ impact: RuleImpact?, variants: Set<String>, _ w: Phrasebook = Phrasebook(.english)) -> String {
        guard let impact else { return "" }
        var out = w("  at the next garden recategorize memory moves \(impact.sameMerchant) recorded row(s) of this merchant",
                    "  no próximo garden recategorize a memória move \(impact.sameMerchant) linha(s) registrada(s) deste estabelecimento")
        out += impact.sameMerchant == 0 ? "" : w(" (with or without the rule)", " (com ou sem a regra)")
        if !variants.isEmpty {
            out += w("; printed variants that follow it: ", "; variantes impressas que o seguem: ") + variants.sorted().joined(separator: ", ")
                + w(" (garden merchants split KEY keeps one apart)", " (garden merchants split CHAVE mantém uma à parte)")
        }
        return out + w("; none of other merchants\n", "; nenhuma de outros estabelecimentos\n")
    }
}
