/// The keys merchant memory is stored and looked up under, from the row's ``MerchantIdentity`` (set on the
/// context by ``Pipeline``): the same key for every printed form of a merchant, never a wrapper (`DL*`,
/// `PAYPAL *`), a store number, a place or an operation word; nil when the row has no identity.
public enum MerchantKey {
    /// The keys memory is looked up under, most specific first: the descriptor's distinguishing words when
    /// a brand matched (a correction that said the brand was wrong for these words is kept there), then
    /// the identity.
    public static func candidates(_ context: ResolutionContext) -> [String] {
        guard let identity = context.identity else { return [] }
        if identity.brandID != nil, let words = MerchantIdentity.name(context.descriptor.normalized, context) {
            return [words.key, identity.key]
        }
        return [identity.key]
    }

    /// The key a correction is stored under: the identity, unless the person named another merchant than
    /// the brand that matched ("VIVO BEM FARMACIA" taught as "Vivo Bem Farmácia" is no Vivo): then the
    /// descriptor's distinguishing words.
    public static func forCorrection(_ context: ResolutionContext, merchant: String?) -> String? {
        guard let identity = context.identity else { return nil }
        if let id = identity.brandID, let merchant, let brand = context.catalog.brands.first(where: { $0.id == id }),
           TextFold.fold(brand.name) != TextFold.fold(merchant) {
            return MerchantIdentity.name(context.descriptor.normalized, context)?.key
        }
        return identity.key
    }

    /// The stored key of a row: its identity's.
    public static func of(_ context: ResolutionContext) -> String? { context.identity?.key }
}
