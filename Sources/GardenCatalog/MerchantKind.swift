/// What kind of party a merchant is.
///
/// - chain: a brand with many locations or a large company (supermarkets, pharmacies, banks,
///   utilities, telecoms);
/// - online: sells or serves mainly online or by app (streaming, marketplaces, delivery and ride apps,
///   software);
/// - local: a single-location or small business, an MEI;
/// - government: a public body or state-owned company;
/// - person: an individual, the holder's own accounts included;
/// - unknown.
public enum MerchantKind: String, Sendable, Hashable, CaseIterable {
    case chain, online, local, government, person, unknown
}
