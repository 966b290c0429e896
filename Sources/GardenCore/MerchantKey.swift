/// The key merchant memory is stored under: the resolved merchant after unwrapping — its catalog brand
/// (`brand:br_uber`) when one matched, else the cleaned descriptor words (`desc:padaria do ze`) — never a
/// wrapper (`DL*`, `PAYPAL *`, `IFD*`, `PAG*`) nor a store number. Nil when nothing but a wrapper is left.
public enum MerchantKey {
    public static func of(_ context: ResolutionContext) -> String? {
        if let index = context.counterparty.brand { return "brand:" + context.catalog.brands[index].id }
        if let (brand, _) = context.matchedBrand, !brand.flags.contains(.channel) { return "brand:" + brand.id }
        let words = context.descriptor.normalized
        if !words.isEmpty { return "desc:" + words }
        if let name = context.counterparty.name, !name.isEmpty { return "desc:" + TextFold.fold(name) }
        return nil
    }
}
