import GardenFoundation

/// A brand of the catalog (`Brands/*.tsv`): who a descriptor names, its category, kind and the
/// descriptor patterns banks print for it.
public struct Brand: Sendable, Hashable {
    /// Catalog flags (column `flags`).
    public struct Flags: OptionSet, Sendable, Hashable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// An ordering channel (iFood, DoorDash): sets the category, the restaurant stays the merchant.
        public static let channel = Flags(rawValue: 1)
        /// A marketplace (Shopee, Mercado Livre): the merchant; the seller after it goes to `seller`.
        public static let marketplace = Flags(rawValue: 2)
        /// The category depends on what was bought (Amazon, Walmart): low confidence, flagged.
        public static let ambiguous = Flags(rawValue: 4)
        /// Patterns may end inside a word (printed glued: "RAIADROGASILSA").
        public static let prefix = Flags(rawValue: 8)
        /// A bank or fintech that appears as the holder's account.
        public static let bank = Flags(rawValue: 16)
        /// Its head patterns (`^DSW`: short, a number, a place or common words) name it only at the head of a
        /// name followed by store furniture, a store number or a place (`DSW PRESTONWOOD 5201 BELT`).
        public static let head = Flags(rawValue: 32)

        static let names: [(String, Flags)] = [("channel", .channel), ("marketplace", .marketplace),
                                                ("ambiguous", .ambiguous), ("prefix", .prefix), ("bank", .bank), ("head", .head)]
    }

    public var id: String
    public var name: String
    public var kind: MerchantKind
    public var category: String
    public var domain: String?
    public var flags: Flags
    /// 8-character CNPJ roots of the company.
    public var cnpjRoots: [String]
    /// Descriptor patterns as written in the file.
    public var patterns: [String]
    public var source: SourceLocation
    /// ISO 3166 alpha-2 codes of the countries where the brand trades (`BR`, `US`, `CA`); empty = anywhere.
    /// Column `countries` when present (generated files: the NSI `locationSet`); otherwise the file's
    /// country (`br-*.tsv` BR, `us-*.tsv` US and CA) for a brand with a country-code domain or none, and
    /// anywhere for one with a generic domain (`.com`, `.org`, `.io`…), which trades across borders.
    public var countries: Set<String> = []
    /// The Wikidata item of the brand or operator (`Q3131210`), kept from the name-suggestion-index.
    public var wikidata: String?
    /// Generated from a maintained source (`Brands/nsi-*.tsv`): the hand-written catalog wins on ties,
    /// and its patterns complete no cut descriptor.
    public var generated = false

    /// Whether the brand may decide a row of `country` on a weak match (one word, or a short name).
    public func trades(in country: String?) -> Bool {
        guard let country, !countries.isEmpty else { return true }
        return countries.contains(country)
    }

    /// The brand's name folded to letters and digits ("McDonald's" → `mcdonalds`): what its merchant identity
    /// keys on, so a chain listed per country (`br_mcdonalds`, `us_mcdonalds`) is one merchant.
    public var identityName: String { TextFold.lettersAndDigits(name) }
}
