import GardenFoundation

/// A wording rule: a phrase that tells what a line is (`Rules/bank_lines.tsv`: the bank's own lines
/// such as IOF, interest, fees, card bill payments, withdrawals; `Rules/keywords.tsv`: weak keyword
/// heuristics such as RESTAURANTE or POSTO; `Rules/trade_words.tsv`: the graded trade-word lexicon).
public struct LineRule: Sendable, Hashable {
    /// Who the line's merchant is when the rule fires.
    public enum MerchantSpec: Sendable, Hashable {
        /// Leave the merchant as resolved.
        case keep
        /// The row's own bank (from `account`), kind bank.
        case account
        /// No merchant name, with a kind (IOF: government).
        case none(MerchantKind)
        /// A fixed name and kind.
        case named(String, MerchantKind)
        /// The name as the line reads it, of a kind the wording settles (`read:chain`): a dividend is paid by the
        /// company whose shares are held, not by the bank that credits it.
        case asRead(MerchantKind)
    }

    public var pattern: String
    public var category: String
    public var confidence: Confidence
    /// Fires only for this direction (nil: any).
    public var direction: Direction?
    /// The flow the line has when it fires (nil: from the category and direction).
    public var flow: Flow?
    public var merchant: MerchantSpec
    /// May match at a word start and end inside the word (POSTO in POSTOBEIRARIOI).
    public var prefix: Bool
    /// Only at the start of the descriptor.
    public var anchored: Bool
    /// Wording billers print too (`AUTOPAY`, `MOBILE PMT`, flag `yields`): a brand named in the line that is not
    /// a bank, a trade word or a public body says who was paid (`DUKE ENERGY AUTOPAY` is the utility bill).
    public var yieldsToPayee = false
    /// Read only in the row's memo (flag `memo`): a card issuer's industry of the merchant printed there (American
    /// Express OFX: `MEMO 7101466     RESTAURANT`), never a word of the descriptor.
    public var memoOnly = false
    /// Only as the descriptor's last words (flag `last`): a code a bank prints after the payee (TD Canada Trust's
    /// `NORTHERN LOGISTICS PAY`, `INTACT INS`), a word elsewhere in a line.
    public var lastOnly = false
    public var source: SourceLocation
    /// A weak word of the generated trade lexicon (`Rules/trade_words.tsv` below 0.6): it proposes a
    /// category, but does not make a name a business's (a surname may be such a word).
    public var suggestion = false
    /// A hint of the generated trade lexicon (`Rules/trade_words.tsv` flag `hint`, 0.3): it names a category
    /// only for a row nothing else names (always reviewed) and never blocks another reading of the line
    /// (a person, a public body).
    public var hint = false
    /// A Brazilian bank abbreviation of the trade lexicon (flag `br`: FARM, REST, CONV): not read on a row of
    /// the United States or Canada, where it is an English word.
    public var brazilOnly = false
}
