/// What a ``Proposal`` rests on: the kind of evidence behind it, which the decision policies read instead
/// of asking which resolver proposed it (a resolver's id is for the trace and the output's `source`).
///
/// Adding a resolver means saying which of these its evidence is; a new kind of evidence is a new case here,
/// with the policies that read it.
public enum ProposalBasis: Sendable, Hashable {
    /// A person set it for this one row (`garden teach`: a manual override).
    case setByHand
    /// One of the user's rules (`garden rules`, `--rules FILE`).
    case userRule
    /// What the user taught about this merchant before (merchant memory).
    case memory
    /// The payment wrapper the row was paid through: a processor, wallet, channel or marketplace prefix.
    case paymentWrapper
    /// The bank's own line: its operation type or fixed wording (IOF, a fee, interest, the card bill), or the kind
    /// of line it is (a transfer to a person or to the holder, a payment to a public body, money in from a company).
    case bankLine
    /// A brand of the catalog (`Brands/*.tsv`), or a channel, marketplace or card bill it names.
    case brand
    /// The company registry's record of the counterparty's CNPJ.
    case registry
    /// A code the row came with: its MCC, the CNAE an aggregator attached, the aggregator's own category.
    case statedCode
    /// A model learned from the user's own corrections (naive Bayes).
    case learnedFromCorrections
    /// A model trained on a maintained corpus of names.
    case trainedModel
    /// A word of the line that names a trade (a head noun, a keyword), or a collection slip's segment.
    case tradeWord

    /// Whether a person chose the category: by hand for the row, or by their rule.
    public var isSetByPerson: Bool { self == .setByHand || self == .userRule }
}
