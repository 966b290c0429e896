import GardenFoundation
import GardenCatalog
import GardenEngine

/// The keyword resolver owns the words it reads beside the trade words (``KeywordSignals``).
extension KeywordResolver: KnowledgeResolver {
    public typealias Knowledge = KeywordSignals
}

extension KeywordResolver {
    /// Confidences (per mille) of the signals: a cuisine with "RESTAURANT" cut or another food word decides, a head
    /// noun at the head of the name decides, a cuisine alone suggests.
    static let cuisineWithRestaurant = 800, headNoun = 750, cuisineAlone = 550

    /// A reading of the name stronger than the best trade word `best` (its rule and text), from the signals
    /// (`Rules/keyword_signals.tsv`), nil when there is none or the trade word is as strong:
    /// - a cuisine with "RESTAURANT" cut at the column limit as the name's last word, or a cut RESTAURANT beside a
    ///   food word (any grade: KITCHEN, MEXICAN), is a restaurant (0.8): a generic word of another trade in the same
    ///   name (GARDEN, home improvement at 0.45) loses;
    /// - a head noun as the name's first word names the trade (0.75: "PET CENTER MARGINAL" is a pet shop whatever
    ///   the words after it say);
    /// - a cuisine alone suggests a restaurant (0.55) over no trade word or a generic word (GARDEN, WORLD:
    ///   `Rules/keyword_signals.tsv` kind `generic`); any other trade's word, a hint included, keeps its trade
    ///   ("THAI MASSAGE", "INDIAN HILLS GOLF CLUB").
    /// `keywords`: the keyword and trade-word rules the row's keyword matches index.
    static func signal(_ context: ResolutionContext, over best: (rule: LineRule, text: String)?,
                       keywords: [LineRule]) -> (category: String, confidence: Confidence, text: String, location: SourceLocation)? {
        let hits = context.matches(of: Self.self)
        guard !hits.isEmpty else { return nil }
        let d = context.descriptor
        let name = d.foldedName
        var cuisine: KnowledgeHit<KeywordSignals>?, cut: KnowledgeHit<KeywordSignals>?, head: KnowledgeHit<KeywordSignals>?
        var generic: Set<String> = []
        for hit in hits {
            switch hit.entry {
            case .cuisine: if cuisine == nil { cuisine = hit }
            case .cut: if name.hasSuffix(" " + hit.text) { cut = hit }
            case .head: if head == nil, name == hit.text || name.hasPrefix(hit.text + " ") { head = hit }
            case .generic: generic.insert(hit.text)
            }
        }
        var found: (category: String, perMille: Int, text: String, location: SourceLocation)?
        if let cut, case .cut(let category) = cut.entry {
            let food = d.keywordMatches.first { keywords[$0.rule].category == category && $0.text != cut.text }
            if let other = cuisine.map({ ($0.text, $0.location) }) ?? food.map({ ($0.text, keywords[$0.rule].source) }) {
                found = (category, Self.cuisineWithRestaurant, other.0 + " … " + cut.text, other.1)
            }
        }
        if found == nil, let head, case .head(let category) = head.entry { found = (category, Self.headNoun, head.text, head.location) }
        // A cuisine alone reads the name only over no trade word, a generic word or a weaker word of its own trade
        // ("THAI GARDEN"; "THAI MASSAGE" and "INDIAN HILLS GOLF CLUB" keep their trade, a hint included).
        if found == nil, let cuisine, case .cuisine(let category) = cuisine.entry,
           best.map({ generic.contains($0.text) || $0.rule.category == category }) ?? true {
            found = (category, Self.cuisineAlone, cuisine.text, cuisine.location)
        }
        guard let found, found.perMille > best?.rule.confidence.perMille ?? 0 else { return nil }
        return (found.category, Confidence(perMille: found.perMille), found.text, found.location)
    }
}
