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

        static let names: [(String, Flags)] = [("channel", .channel), ("marketplace", .marketplace),
                                                ("ambiguous", .ambiguous), ("prefix", .prefix), ("bank", .bank)]
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
}
