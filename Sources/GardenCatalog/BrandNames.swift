import GardenFoundation
import GardenImage

/// The brand catalog (`Brands/*.tsv`) as a resolver looks it up: a brand by index, by id, by a name the user gives
/// or by an account's text. A view of the catalog's parts (the records stay in the image, ``BrandTable``), taken
/// once when a pipeline is built (`Resolver.taking(_:)`), never per row. A class: passed to a resolver's helpers for
/// each row, a struct of four tables was copied (each buffer retained and released).
public final class BrandNames: Sendable {
    /// The brands by index (``Catalog/brands``).
    public let records: BrandTable
    /// Brand indices by brand id (``Catalog/brandByID``).
    let byID: ImageStringTable
    /// The catalog's automaton and its entries, to match a name as descriptors are matched.
    let trie: PatternTrie
    let entries: [AutomatonEntry]

    init(records: BrandTable, byID: ImageStringTable, trie: PatternTrie, entries: [AutomatonEntry]) {
        (self.records, self.byID, self.trie, self.entries) = (records, byID, trie, entries)
    }

    /// Brand `index` (an index of ``records``).
    public subscript(index: Int) -> Brand { records[index] }

    /// The index of the brand with id `id` ("br_mcdonalds"), nil when the catalog has none.
    public func index(id: String) -> Int? { byID[id] }

    /// The brand automaton entry `entry` names (a match's ``PatternTrie/Match/entry``), nil when the entry is not a
    /// brand's name.
    public func brand(entry: Int) -> Brand? {
        let found = entries[entry]
        return found.role == .name ? records[found.record] : nil
    }

    /// The bank brand named by an account text ("Nubank", "Conta Itaú"), if the catalog knows it: the longest
    /// match of a brand flagged `bank`.
    public func bankBrand(account: String) -> Brand? {
        var best: (Brand, Int)?
        for (index, match) in matches(account) where records[index].flags.contains(.bank) {
            if best == nil || match.length > best!.1 { best = (records[index], match.length) }
        }
        return best?.0
    }

    /// The brand a name given by the user names whole ("Target", "mc donalds"), matched as descriptors
    /// are: nil when the name is more than a brand's pattern ("Padaria Target").
    public func brand(named name: String) -> Brand? {
        let folded = TokenizedText(name).folded.count
        return matches(name).first { $0.1.start == 0 && $0.1.end == folded && $0.1.mode == .word }.map { records[$0.0] }
    }

    /// The catalog brands whose patterns occur in `text`, with where.
    private func matches(_ text: String) -> [(Int, PatternTrie.Match)] {
        let tokenized = TokenizedText(text)
        guard !tokenized.tokens.isEmpty else { return [] }
        var matches: [PatternTrie.Match] = []
        trie.search(tokenized, .init(tokens: 0..<tokenized.tokens.count), into: &matches)
        return matches.compactMap { match in
            let entry = entries[match.entry]
            return entry.role == .name ? (entry.record, match) : nil
        }
    }
}
