/// What kind of party a merchant is.
///
/// - chain: a brand with many locations or a large company (supermarkets, pharmacies, utilities, telecoms),
///   known by brand evidence (a catalog brand, a fixed payee of a bank line);
/// - online: sells or serves mainly online or by app (streaming, marketplaces, delivery and ride apps,
///   software), known from a domain, an online service or an online processor;
/// - local: a single-location or small business, an MEI; what a name read from the descriptor alone is;
/// - government: a public body or state-owned company acting as one (taxes, public fees, benefits);
/// - person: an individual, the holder's own accounts included;
/// - bank: a financial institution acting as itself: its fees and interest, a card bill, a loan, an
///   investment, rewards (Plaid's `financial_institution` counterparty type);
/// - unknown.
///
/// The kind a row ends with is decided from the evidence once the category is known
/// (`MerchantChoice.kind(_:)` in GardenEngine).
public enum MerchantKind: String, Sendable, Hashable, CaseIterable {
    case chain, online, local, government, person, bank, unknown
}
