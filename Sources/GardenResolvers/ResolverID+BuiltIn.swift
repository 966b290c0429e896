import GardenEngine

/// The ids of built-in resolvers that code outside the resolvers reads back from stored rows (a ledger row's
/// category source) or that tests name. The engine never compares ids (it reads ``ProposalBasis``), so these
/// live beside the resolvers, not in GardenEngine.
extension ResolverID {
    /// The user's correction of one row (`teach`).
    public static let manualOverride: ResolverID = "manual_override"
    /// The user's rules (`garden rules`, `--rules FILE`).
    public static let userRule: ResolverID = "user_rule"
    /// The bank's own line types (`Rules/bank_lines.tsv`).
    public static let bankLine: ResolverID = "bank_line"
    /// The brand catalog (`Brands/*.tsv`).
    public static let brandCatalog: ResolverID = "brand_catalog"
    /// Processor, wallet, channel and marketplace prefixes (`Rules/processors.tsv`).
    public static let processorPrefix: ResolverID = "processor_prefix"
}
