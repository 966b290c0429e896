/// The kind of doubt behind a flagged row: why garden was unsure, in the few kinds a person acts on differently
/// (`garden review` lists the queue by kind, the largest kind first). Read from the review reasons the ledger keeps as
/// text (``ReviewPolicy`` and the resolvers write them), so rows recorded by an older garden are sorted too.
///
/// When a row has several reasons, the kind is the first that applies in this order, cause before symptom: a
/// Carrefour purchase is "low confidence" *because* the store sells many kinds of things, so it is ``manyKinds``.
public enum ReviewDoubt: String, Sendable, CaseIterable, Comparable {
    /// No date: no month can count the row until a person gives it one (hostile10 F25).
    case noDate = "no-date"
    /// Nothing proposed a category: only a person can say what it was.
    case noCategory = "no-category"
    /// The merchant sells many kinds of things: the category depends on what was bought.
    case manyKinds = "many-kinds"
    /// Money came in under a spending category (a refund? an income?).
    case moneyIn = "money-in"
    /// A category was found, on evidence below the threshold or below its calibrated floor.
    case weakEvidence = "weak-evidence"
    /// Who was paid is unclear: a name read from the descriptor only, an unknown payment wrapper or one without a
    /// document (`MP*`: a purchase or a transfer), a brand word that may be part of a shop's name.
    case merchantUnclear = "merchant-unclear"
    /// Not posted yet (pending, scheduled): its posted row will take its place.
    case notPosted = "not-posted"
    /// A user rule asked for review.
    case rule
    /// Any other reason (an amount rounded, …).
    case other

    /// The kind of one reason text (nil: none of the named kinds).
    static func of(reason: String) -> ReviewDoubt? {
        if reason.hasPrefix("no date:") { return .noDate }
        if reason == "no evidence for a category" { return .noCategory }
        if reason.contains("sells many kinds of things") { return .manyKinds }
        if reason.hasPrefix("money in ") { return .moneyIn }
        if reason.hasPrefix("low confidence:") || reason.contains("held-out precision") { return .weakEvidence }
        if reason.hasPrefix("merchant read from the descriptor only") || reason.hasPrefix("unknown payment wrapper")
            || reason.contains("may be part of a shop's name") || reason.contains(" without a document:") { return .merchantUnclear }
        if reason.hasPrefix("pending:") || reason.hasPrefix("scheduled:") { return .notPosted }
        if reason.hasPrefix("flagged by rule") { return .rule }
        return nil
    }

    /// The kind of a row (or a group) with these reasons: the first kind, in declaration order, any reason has.
    public static func of(reasons: [String]) -> ReviewDoubt {
        reasons.compactMap { of(reason: $0) }.min() ?? .other
    }

    /// Declaration order (cause before symptom).
    public static func < (a: ReviewDoubt, b: ReviewDoubt) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }

    /// The heading `garden review` prints above the groups of this kind, in English and Portuguese.
    public func heading(portuguese: Bool) -> String {
        switch (self, portuguese) {
        case (.noDate, false): "no date: no month counts these until each has one"
        case (.noDate, true): "sem data: nenhum mês as conta até cada uma ter a sua"
        case (.noCategory, false): "no category found: say what each was"
        case (.noCategory, true): "sem categoria: diga o que foi cada um"
        case (.manyKinds, false): "the store sells many kinds of things: the category depends on what was bought"
        case (.manyKinds, true): "a loja vende de tudo: a categoria depende do que foi comprado"
        case (.moneyIn, false): "money in under a spending category: a refund or an income?"
        case (.moneyIn, true): "dinheiro que entrou com categoria de gasto: reembolso ou receita?"
        case (.merchantUnclear, false): "who was paid is unclear"
        case (.merchantUnclear, true): "não está claro a quem foi pago"
        case (.weakEvidence, false): "a category guessed on weak evidence: accept it or correct it"
        case (.weakEvidence, true): "categoria adivinhada com pouca evidência: aceite ou corrija"
        case (.notPosted, false): "not posted yet"
        case (.notPosted, true): "ainda não lançado"
        case (.rule, false): "a rule of yours asked for review"
        case (.rule, true): "uma regra sua pediu revisão"
        case (.other, false): "other doubts"
        case (.other, true): "outras dúvidas"
        }
    }
}
