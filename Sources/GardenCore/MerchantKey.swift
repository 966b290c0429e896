/// The key merchant memory is stored under: the resolved merchant after unwrapping — its catalog brand
/// (`brand:br_uber`) when one matched, else the cleaned descriptor words (`desc:padaria do ze`) — never a
/// wrapper (`DL*`, `PAYPAL *`, `IFD*`, `PAG*`) nor a store number. Nil when nothing but a wrapper is left.
public enum MerchantKey {
    /// The keys memory is looked up under, most specific first: the descriptor's words (where a
    /// correction that contradicted the matched brand is kept), then ``of(_:)``.
    public static func candidates(_ context: ResolutionContext) -> [String] {
        var keys: [String] = []
        if !context.descriptor.normalized.isEmpty { keys.append("desc:" + bounded(context.descriptor.normalized)) }
        if let key = of(context), !keys.contains(key) { keys.append(key) }
        return keys
    }

    /// The key a correction is stored under: ``of(_:)``, unless the person named another merchant than
    /// the brand that matched, or a category outside the brand's group (then the brand was wrong for this
    /// descriptor: "VIVO BEM FARMACIA" is no Vivo; keep it to the words).
    public static func forCorrection(_ context: ResolutionContext, merchant: String?, category: String) -> String? {
        if let (brand, _) = context.matchedBrand, !context.descriptor.normalized.isEmpty {
            let otherMerchant = merchant.map { TextFold.fold(brand.name) != TextFold.fold($0) } ?? false
            let brandGroup = String(brand.category.split(separator: ".").first ?? "")
            let otherCategory = !Taxonomy.id(category, isWithin: brandGroup)
            if otherMerchant || otherCategory { return "desc:" + bounded(context.descriptor.normalized) }
        }
        return of(context)
    }

    /// A key is at most 80 bytes of words (a pathological descriptor must not make a huge key).
    static func bounded(_ words: String) -> String {
        guard words.utf8.count > 80 else { return words }
        return String(words.split(separator: " ").reduce(into: "") { key, word in
            if key.utf8.count + word.utf8.count < 80 { key += key.isEmpty ? String(word) : " " + word }
        })
    }

    public static func of(_ context: ResolutionContext) -> String? {
        if let index = context.counterparty.brand, !context.catalog.brands[index].flags.contains(.ambiguous) {
            return "brand:" + context.catalog.brands[index].id
        }
        // A brand that sells everything (Amazon, Mercado Livre) is remembered per descriptor, not as a whole.
        if let (brand, _) = context.matchedBrand, !brand.flags.contains(.channel), !brand.flags.contains(.ambiguous),
           !brand.flags.contains(.marketplace) { return "brand:" + brand.id }
        let words = bounded(context.descriptor.normalized)
        if !words.isEmpty { return "desc:" + words }
        if let name = context.counterparty.name, !name.isEmpty { return "desc:" + CPFScrubber.scrub(TextFold.fold(name)) }
        return nil
    }
}
