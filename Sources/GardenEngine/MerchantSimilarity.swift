/// When two printed names are one merchant: names of two words or more with the same words but one, and that one a
/// spelling variant of the other (`MEGA MATE` and `MEGA MATTE`: `mate` and `matte` share 3 of their 4 and 5 character
/// trigrams, Dice 666 ‰). Comparing whole glued names instead merged different companies whose names are mostly trade
/// words (`RC COMERCIO DE COMBUSTIVEIS` and `R COMERCIO DE COMBUSTIVEIS`, 933 ‰); a differing word needs
/// ``shortestWord`` letters, so initials never make two names one, and a one-word name has nothing shared to anchor it
/// (`SINPETAXI`, `SINTAXI`: two taxi unions). A name the bank cut is completed elsewhere
/// (``LearnedState/memoryKey(completing:)``): "a word that begins another" merged BRIAN and BRIANNA. The threshold
/// is measured by `tools/data/identity_similarity.py` on the dev set and the names corpora (pairs of printed forms of
/// one payee: a dev merchant's rows, a CNPJ root's Câmara supplier names, a Receita establishment's trade and company
/// names, and one-letter slips made in the corpus names; pairs of different payees: other CNPJ roots, other
/// establishments, other names in one city of the SNAP and Who's On First lists): recall and false merges by
/// threshold are in docs/MEASUREMENTS.md, "Issue 25: the 650 ‰ similarity threshold measured". 650 is the lowest
/// threshold at which no pair of different Câmara or Receita payees merges (at 600 `name:autopecas` / `name:reautopecas`
/// does, at 571 `name:postoguanabara` / `name:postoguara`); it keeps 59.5 % of one-letter slips (71.3 % at 600, 51.5 % at 700),
/// and the pairs it joins in one US city are mostly one venue's name misspelled.
public enum MerchantSimilarity {
    /// The Dice similarity (per mille) of the differing words at or above which two names are one merchant.
    public static let threshold = 650
    /// Letters each differing word needs (initials and short words are too alike by chance).
    public static let shortestWord = 4

    /// The trigrams of a word (or a key's glued name after its `name:` prefix), its start and end marked.
    public static func trigrams(_ text: String) -> Set<UInt64> {
        var scalars: [UInt64] = [1]
        let body = text.hasPrefix("name:") ? Substring(text.dropFirst(5)) : Substring(text)
        for scalar in body.unicodeScalars { scalars.append(UInt64(scalar.value)) }
        scalars.append(2)
        var grams = Set<UInt64>()
        guard scalars.count >= 3 else { return grams }
        for i in 0...(scalars.count - 3) { grams.insert(scalars[i] << 42 | scalars[i + 1] << 21 | scalars[i + 2]) }
        return grams
    }

    /// The Dice coefficient of two trigram sets, per mille.
    public static func similarity(_ a: Set<UInt64>, _ b: Set<UInt64>) -> Int {
        guard !a.isEmpty || !b.isEmpty else { return 0 }
        return 2_000 * a.intersection(b).count / (a.count + b.count)
    }

    /// How alike two names given by their words are (per mille), when they are one merchant by the rule above; nil
    /// when they are not: one word, other words, more than one word differing, a short differing word, a word that
    /// begins the other, or too little alike.
    public static func alike(_ a: [String], _ b: [String]) -> Int? {
        guard a.count == b.count, a.count >= 2, a != b else { return nil }
        var differing: Int?
        for index in a.indices where a[index] != b[index] {
            guard differing == nil else { return nil }
            differing = index
        }
        guard let index = differing else { return nil }
        let (x, y) = (a[index], b[index])
        // A word that begins the other is another name (BRIAN, BRIANNA), or a cut one, which completion handles.
        guard min(x.count, y.count) >= shortestWord, !x.hasPrefix(y), !y.hasPrefix(x) else { return nil }
        let score = similarity(trigrams(x), trigrams(y))
        return score >= threshold ? score : nil
    }
}
