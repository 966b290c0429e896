import GardenFoundation

/// The keys merchant memory is stored and looked up under, from the row's ``MerchantIdentity`` (set on the
/// context by ``Pipeline``): the same key for every printed form of a merchant, never a wrapper (`DL*`,
/// `PAYPAL *`), a store number, a place or an operation word; nil when the row has no identity.
public enum MerchantKey {
    /// The keys memory is looked up under, most specific first: the descriptor's distinguishing words when
    /// a brand matched (a correction that said the brand was wrong for these words is kept there), the
    /// identity through the row's ordering channel, the identity, then the one remembered name a name the bank
    /// cut completes to (`PAG*SupermercadoBomPre` → `name:supermercadobompreco`).
    ///
    /// In a store that knows several holders (``LearnedState/holder(account:)``), the row's holder's own keys
    /// (``scoped(_:holder:)``) come first, then the keys every holder shares (corrections made before the store knew
    /// its people, or of rows of no known holder's account).
    public static func candidates(_ context: ResolutionContext) -> [String] {
        guard let identity = context.identity else { return [] }
        var keys: [String] = []
        if identity.brandID != nil, let words = MerchantIdentity.name(context.descriptor.foldedName, context) { keys.append(words.key) }
        if let channel = MerchantIdentity.channel(context, implying: nil) { keys.append(identity.key + " via " + channel.id) }
        keys.append(identity.key)
        if let cut = identity.cutNameKey(context), let completed = context.learned.memoryKey(completing: cut) { keys.append(completed) }
        if let holder = context.learned.holder(account: context.transaction.account) { return keys.map { scoped($0, holder: holder) } + keys }
        return keys
    }

    /// A key kept to one holder's rows: `brand:uber holder:anasouza`.
    public static func scoped(_ key: String, holder: String) -> String { key + " holder:" + holder }

    /// The key a correction is stored under: the identity; through the ordering channel when the category
    /// taught is the channel's own (McDonald's through iFood as food.delivery); the descriptor's
    /// distinguishing words when the person named another merchant than the brand that matched ("VIVO BEM
    /// FARMACIA" taught as "Vivo Bem Farmácia" is no Vivo).
    /// In a store that knows several holders, the key is the row's holder's (``scoped(_:holder:)``): one person's
    /// correction never moves another's rows.
    public static func forCorrection(_ context: ResolutionContext, merchant: String?, category: String) -> String? {
        let key = unscopedKey(context, merchant: merchant, category: category)
        guard let key, let holder = context.learned.holder(account: context.transaction.account) else { return key }
        return scoped(key, holder: holder)
    }

    static func unscopedKey(_ context: ResolutionContext, merchant: String?, category: String) -> String? {
        guard let identity = context.identity else { return nil }
        if let id = identity.brandID, let merchant, let index = context.engine.brandByID[id],
           TextFold.fold(context.engine.brands[index].name) != TextFold.fold(merchant) {
            return MerchantIdentity.name(context.descriptor.foldedName, context)?.key
        }
        if let channel = MerchantIdentity.channel(context, implying: category) { return identity.key + " via " + channel.id }
        return identity.key
    }

    /// The stored key of a row: its identity's.
    public static func of(_ context: ResolutionContext) -> String? { context.identity?.key }
}
