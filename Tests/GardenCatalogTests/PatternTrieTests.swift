import Testing
@testable import GardenFoundation
@testable import GardenCatalog
import GardenImage

/// The automaton's matching semantics: word edges, prefixes, glued words, truncated descriptors.
struct PatternTrieTests {
    /// Entries whose group is 1 are keywords (their own truncation class); the rest are brands.
    func trie(_ patterns: [(String, PatternTrie.EntryFlags, Int)]) -> PatternTrie {
        PatternTrie(patterns: patterns.map { (TokenizedText($0.0).folded, $0.1, $0.2) },
                    truncationClass: patterns.map { $0.2 == 1 ? 1 : 0 })
    }

    func matches(_ trie: PatternTrie, _ text: String, relax: Bool = false, truncated: Bool = false) -> [PatternTrie.Match] {
        let tokenized = TokenizedText(text)
        var out: [PatternTrie.Match] = []
        trie.search(tokenized, .init(tokens: 0..<tokenized.tokens.count, relaxFirstWord: relax, allowTruncatedEnd: truncated), into: &out)
        return out
    }

    @Test func matchesOnWordEdgesOnly() {
        let t = trie([("TIM", [], 0)])
        #expect(matches(t, "TIM*44991237654").map(\.entry) == [0])
        #expect(matches(t, "DA TIM SA").map(\.entry) == [0])
        #expect(matches(t, "OTIMISTA").isEmpty)
        #expect(matches(t, "Timo Reboucas").isEmpty)
    }

    @Test func separatorsAndAccentsAreOne() {
        let t = trie([("PAGTO ELETRON COBRANCA", [], 0)])
        #expect(matches(t, "PAGTO ELETRON  COBRANÇA").count == 1)
        #expect(matches(t, "pagto-eletron / cobranca").count == 1)
        #expect(matches(t, "ＰＡＧＴＯ ELETRON COBRANCA").count == 1)
    }

    @Test func prefixPatternsMatchAtAWordStartOnly() {
        let t = trie([("POSTO", .prefix, 0)])
        #expect(matches(t, "Postobeirarioi").map(\.mode) == [.prefix])
        #expect(matches(t, "Impostos").isEmpty)
    }

    @Test func gluedMultiWordPatternsAndRelaxedFirstWord() {
        let t = trie([("RAIA DROGASIL", [], 0), ("UBER", [], 1)])
        #expect(matches(t, "Raiadrogasilsa", relax: true).map(\.entry) == [0])
        #expect(matches(t, "Raiadrogasilsa", relax: false).isEmpty)
        #expect(matches(t, "RAIADROGASIL").map(\.mode) == [.glued])
        #expect(matches(t, "Uberrides", relax: true).map(\.entry) == [1])
        #expect(matches(t, "Uberrides", relax: false).isEmpty)
    }

    @Test func truncatedDescriptorCompletesWhenOnlyOneGroupFits() {
        let t = trie([("GOOGLE YOUTUBE", [], 0), ("RESTAURANT", .prefix, 1), ("RESTAURANTE", .prefix, 1), ("RESTAURANTE VIENA", [], 4), ("RESTAURANTE MADERO", [], 5), ("DELTA DENTAL", [], 2), ("DELTA AIR LINES", [], 3)])
        #expect(matches(t, "Google Youtub", truncated: true).map(\.entry) == [0])
        #expect(matches(t, "Timo Reboucas Restaura", truncated: true).map(\.entry) == [1])
        #expect(matches(t, "Delta", truncated: true).isEmpty)
        #expect(matches(t, "Google Youtub", truncated: false).isEmpty)
    }

    @Test func anchoredPatternsOnlyAtTheFirstWord() {
        let t = trie([("99", .anchored, 0)])
        #expect(matches(t, "99*").count == 1)
        #expect(matches(t, "LOJA 99").isEmpty)
    }

    /// A node with many edges (the first letters after "b" here) walks its dense row: every pattern under it is
    /// found, bytes of other wide nodes' edges and bytes of no edge find nothing, and a narrow node below still matches.
    @Test func wideNodesMatchThroughTheirDenseRow() {
        let words = ["BA", "BB", "BC", "BD", "BE", "BF", "BG", "B1", "BAR", "BARRA", "CA", "CB", "CC", "CD", "CE", "CX"]
        let t = trie(words.map { ($0, [], 0) })
        // The "b" and "c" nodes are wide: they have dense rows, the leaves do not.
        #expect(t.denseRow.filter { $0 >= 0 }.count == 2)
        for (index, word) in words.enumerated() {
            #expect(matches(t, "X \(word) Y").map(\.entry) == [index], "\(word)")
        }
        #expect(matches(t, "BX CG BH B2 BARR").isEmpty)     // X is an edge of "c", not of "b"; G of "b", not of "c"
        #expect(matches(t, "BARRA BAR").map(\.entry) == [9, 8])
    }

    /// A search from the first word only finds what a search of the whole range finds beginning there, and nothing else.
    @Test func searchFromTheFirstWordOnly() {
        let t = trie([("PAG", .anchored, 0), ("PAG SEGURO", [], 1), ("SEGURO", [], 2), ("SEGURO AUTO", [], 3)])
        let text = TokenizedText("PAG SEGURO AUTO")
        var all: [PatternTrie.Match] = [], first: [PatternTrie.Match] = []
        t.search(text, .init(tokens: 0..<3), into: &all)
        t.search(text, .init(tokens: 0..<3, fromFirstWordOnly: true), into: &first)
        #expect(first == all.filter { $0.firstToken == 0 })
        #expect(first.map(\.entry) == [0, 1])
        #expect(all.contains { $0.firstToken == 1 })
        var later: [PatternTrie.Match] = []
        t.search(text, .init(tokens: 1..<3, fromFirstWordOnly: true), into: &later)
        #expect(later.map(\.entry) == [2, 3])
    }
}
