import GardenFoundation
import GardenCatalog
import GardenEngine

/// The floor: generic words in the merchant text (`Rules/keywords.tsv`, ≤ 0.5, so a row
/// decided by them is reviewed: RESTAURANTE, POSTO, PIZZA...) and the trade-word lexicon
/// (`Rules/trade_words.tsv`: head nouns that name a trade decide alone at 0.75–0.8, DROGARIA, SUPERMERC,
/// KOREAN BBQ; other words only suggest). The most confident word wins, then the longest; a word inside
/// the span a brand matched never counts (`MERCADO LIVRE` is not a market), while a trade word beside a
/// brand that sells everything decides (`AMAZON CAFE KIOSK` is a café: the brand proposed below the
/// threshold). The head of the `keyword` family: the segment of a collection slip's barcode, which this resolver
/// also read, is ``BoletoSegmentResolver``, asked after it (issue 34).
public struct KeywordResolver: Resolver {
    public static let description = ResolverDescription(
        id: "keyword", stage: .fallback,
        summary: "Keyword heuristics and trade words; confidence at most 0.5 (0.65 in a payee's registered name), trade head nouns 0.75–0.8.",
        examples: [
            .init(#"{"description":"Timo Reboucas Restaura","amount":-147.15}"#, category: "food.restaurants"),
            .init(#"{"description":"Postobeirarioi","amount":-240}"#, category: "transport.fuel"),
            // A collection slip's segment is the boleto_segment resolver's job, not a word's.
            .init(#"{"description":"CONTA","barcode":"83640000001-1 33120138000-2 81234567890-1 12345678901-2","amount":-80}"#, category: nil),
            .init(#"{"description":"OTIMISTA LTDA","amount":-80}"#, category: nil),
        ],
        family: "keyword")

    /// Trade words at or above this grade decide alone (curated head nouns and bank abbreviations); a proposal at
    /// this confidence or more is ``Proposal/decisive``.
    static let decisive = Confidence(perMille: 750)

    /// Weak evidence that agrees adds up, short of deciding: each other weak word (not a hint) of the same
    /// category adds 0.05, at most 0.1 and never past 0.55 ("GRANEL ALIMENTOS NATURAIS": three grocery words).
    static let supportStep = 50, supportCap = 550

    /// The keyword and trade-word rules (`Rules/keywords.tsv`, `Rules/trade_words.tsv`) the row's keyword matches
    /// index, taken when the pipeline is built.
    private var keywords: [LineRule]?

    public init() {}

    public static let reads: [any KnowledgeRead] = [Shipped.keywords]

    public func taking(_ knowledge: KnowledgeViews) -> Self { var bound = self; bound.keywords = knowledge.view(Shipped.keywords); return bound }

    /// The confidence other agreeing weak words add to a suggestion (per mille).
    static func support(for rule: LineRule, text: String, _ context: ResolutionContext, keywords: [LineRule]) -> Int {
        guard rule.suggestion else { return 0 }
        let others = Set(context.descriptor.keywordMatches.compactMap { match -> String? in
            let other = keywords[match.rule]
            return other.category == rule.category && !other.hint && match.text != text && !text.contains(match.text) && !match.text.contains(text) ? match.text : nil
        })
        return max(0, min(others.count * supportStep, 2 * supportStep, supportCap - rule.confidence.perMille))
    }

    /// Whether `first` heads a coordinate of trades with `second` in the folded name `key` ("drogaria e perfumaria":
    /// a Portuguese registered name lists its trades principal first, as the CNPJ lists the principal activity first),
    /// so the first names the business on a tie of strength.
    static func headsCoordinate(_ first: String, _ second: String, in key: String) -> Bool {
        key.contains(first + " e " + second) || key.contains(first + " and " + second)
    }

    public func propose(_ context: ResolutionContext) -> Proposal? {
        guard let keywords else { return nil }
        var best: (rule: LineRule, text: String)?
        // A word inside the span a brand matched is part of the brand's name ("MERCADO LIVRE").
        let brandSpan = context.matchedBrand.map { $0.match.start..<$0.match.end }
        for (index, text, span) in context.descriptor.keywordMatches {
            let rule = keywords[index]
            if let wanted = rule.direction, let direction = context.direction, wanted != direction { continue }
            if let brandSpan, brandSpan.lowerBound <= span.lowerBound, span.upperBound <= brandSpan.upperBound { continue }
            guard let current = best, rule.confidence <= current.rule.confidence else { best = (rule, text); continue }
            guard rule.confidence == current.rule.confidence else { continue }
            // A tie: the head of a coordinate of trades, else the longer word.
            let key = context.descriptor.foldedName
            if Self.headsCoordinate(text, current.text, in: key)
                || text.count > current.text.count && !Self.headsCoordinate(current.text, text, in: key) {
                best = (rule, text)
            }
        }
        // A cuisine, a cut RESTAURANT or a head noun may read the name better than its best trade word (``signal(_:over:)``).
        var chosen: (category: String, perMille: Int, text: String, location: String)?
        if let signal = Self.signal(context, over: best, keywords: keywords) {
            chosen = (signal.category, signal.confidence.perMille, signal.text, signal.location.description)
        } else if let best {
            chosen = (best.rule.category, best.rule.confidence.perMille + Self.support(for: best.rule, text: best.text, context, keywords: keywords),
                      best.text, best.rule.source.description)
        }
        if let best = chosen {
            // A payee named by a payment phrase (boleto, Pix, transfer, débito automático) or by a CNPJ is written as
            // registered, not cut and abbreviated by a card network: a trade word there is firmer evidence.
            let d = context.descriptor
            let payee = context.counterparty.cnpj != nil
                || !d.cleanersApplied.isEmpty && ([.boleto, .pixQR, .directDebit].contains(d.method) || d.isTransferWording)
            let base = best.perMille
            let firm = payee && base >= 500
            let confidence = Confidence(perMille: firm ? min(950, base + 150) : base)
            // A head noun that names the trade makes the cleaned words a local business's name ("Drogaria São Bento").
            let headNoun = base >= Self.decisive.perMille
            // A counterparty's own name (a Pix or TED) stays the better name.
            let merchant = context.descriptor.cleanedName.flatMap { name in
                headNoun && context.counterparty.name == nil ? MerchantCandidate(name: name, kind: .local, confidence: confidence) : nil
            }
            // At ``decisive`` or more the trade word settles the row: a model of the user's corrections gives way to it.
            return Proposal(category: best.category, confidence: confidence, basis: .tradeWord, decisive: confidence >= Self.decisive,
                            merchant: merchant,
                            evidence: Evidence(matched: best.text, location: best.location,
                                               note: firm ? "a trade word in a payee's registered name" : nil))
        }
        return nil
    }
}
