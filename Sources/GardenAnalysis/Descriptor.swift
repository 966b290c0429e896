import GardenFoundation
import GardenCatalog
import GardenImage

/// What the analyzer read from a descriptor: the merchant text once bank boilerplate, documents,
/// dates, installments, card masks and phone numbers are removed and processor prefixes unwrapped,
/// plus every fact found on the way (payment rail, direction hints, refund wording, documents, the
/// matches of the automaton) for the resolvers and for `explain`.
public struct Descriptor: Sendable {
    /// A document found in the text.
    public enum Document: Sendable, Hashable {
        case cnpj(CNPJ)
        /// A CPF, kept only as its mask (`•••.482.613-••`).
        case cpf(mask: String)
    }

    /// The descriptor as given, tokenized.
    public var text: TokenizedText
    /// The merchant text left after cleaning (before unwrapping), tokenized again.
    public var merchantText: TokenizedText
    /// Words of ``merchantText`` that follow the processor / marketplace prefixes.
    public var merchantRange: Range<Int>
    /// The folded name: the merchant words left after cleaning and unwrapping, folded (lower case, no
    /// accents) and joined by spaces ("restaurante sabor"); what naive Bayes reads and `--explain` prints as
    /// `descriptor`. ``cleanedName`` is the same words as a person would write them. (Memory keys on the
    /// merchant identity, ``MerchantIdentity``, not on this text.)
    public var foldedName: String
    /// The cleaned merchant name as a person would write it ("Restaurante Sabor"), or nil when nothing is left.
    public var cleanedName: String?
    /// The payment rail shown by the wording ("Pix enviado" → pix).
    public var method: PaymentMethod?
    /// Direction shown by the wording ("recebido" → in).
    public var directionHint: Direction?
    /// Refund / reversal wording (estorno, "Crédito de", "devolvido").
    public var refundWording: String?
    /// Processor or channel whose prefix was unwrapped (index into ``AnalysisViews/processors``).
    public var processor: Int?
    /// A wrapper prefix not in the catalog ("XY*"), as printed.
    public var unknownWrapper: String?
    /// Seller behind a marketplace prefix ("SHOPEE *PARISFASHION" → "Parisfashion").
    public var seller: String?
    public var installment: Installment?
    public var documents: [Document] = []
    /// Whether the text reads as a transfer with a named counterparty (Pix / TED / Zelle ...).
    public var isTransferWording: Bool
    /// Brand matches in the merchant words, best first.
    public var brandMatches: [PatternTrie.Match] = []
    /// Brand matches in the words before an unwrapped prefix (a channel or marketplace named there).
    public var headBrandMatches: [PatternTrie.Match] = []
    /// Bank-line rule matches over the whole descriptor and memo: (rule index, matched text).
    public var bankLineMatches: [(rule: Int, text: String)] = []
    /// Keyword and trade-word matches in the merchant words: (rule index, matched text, folded byte span
    /// in ``merchantText``).
    public var keywordMatches: [(rule: Int, text: String, span: Range<Int>)] = []
    /// Whether a keyword or a decisive trade word (not a mere suggestion) names a trade in the merchant words.
    /// - Parameter keywords: the keyword and trade-word rules the matches index (``AnalysisViews/keywords``).
    public func namesATrade(_ keywords: [LineRule]) -> Bool {
        keywordMatches.contains { !keywords[$0.rule].suggestion }
    }
    /// Whether a keyword or trade word other than a hint names a trade in the merchant words.
    /// - Parameter keywords: the keyword and trade-word rules the matches index (``AnalysisViews/keywords``).
    public func namesAnyTrade(_ keywords: [LineRule]) -> Bool {
        keywordMatches.contains { !keywords[$0.rule].hint }
    }
    /// Matches of the knowledge resolvers declare (``AnalysisViews/knowledge``, ``PatternKnowledge``): in the merchant
    /// words for ``KnowledgeScope/merchantWords``, in the whole descriptor for ``KnowledgeScope/line``. Read typed
    /// with ``KnowledgeSections/hits(of:in:)``.
    public var knowledgeMatches: [KnowledgeMatch] = []
    /// No brand matched and the name holds a public body's word (``AnalysisViews/namesPublicBody(_:)``).
    public var namesPublicBody = false
    /// Cleaners applied (indices into ``AnalysisViews/cleaners``).
    public var cleanersApplied: [Int] = []
    /// Facts worth a look by a person ("installment read from a trailing 01/06").
    public var notes: [String] = []
    /// A company's number beside the name: an 8-digit CNPJ root before it ("Cp :12345678-NAME", "PIX ENVIADO
    /// 12345678 NAME") or a CNPJ-shaped number whose check digits fail; the name is a company's, never a person's
    /// (issue 8 §2). A valid CNPJ is in ``documents``.
    public var marksCompany = false
    /// The line prints the merchant's own web address where a card line puts its location (`www` or `http…` followed
    /// by the name: "ROMAN 01/07 PURCHASE WWW.GETROMAN. NY"): the merchant sells online (issue 35: `online` from a
    /// domain).
    public var printsWebAddress = false

    /// The folded text of a brand match.
    public func matchedText(_ match: PatternTrie.Match) -> String {
        String(decoding: merchantText.folded[match.start..<match.end], as: UTF8.self)
    }
}
