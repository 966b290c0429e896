import GardenCore

/// The precedence: garden's resolvers in the order they are consulted. The first proposal whose
/// confidence reaches the acceptance threshold wins.
///
/// | # | resolver | confidence |
/// |---|---|---|
/// | 1 | manual_override | 1.0 |
/// | 2 | user_rule | 1.0 |
/// | 3 | merchant_memory | 0.95 after 1 consistent correction (2 for brands that sell everything), else 0.55 |
/// | 4 | bank_line | 0.6–0.9: the bank's own line types (IOF, interest, fees, card bill, withdrawals, transfers to people) |
/// | 5 | brand_catalog | 0.9 (0.4 for brands whose category depends on what was bought) |
/// | 6 | cnpj_registry | 0.85: the Receita Federal registry's main CNAE for the row's CNPJ (when imported) |
/// | 7 | cnae | 0.85 |
/// | 8 | mcc | 0.8 |
/// | 9 | provider_category | 0.7 |
/// | 10 | keyword | ≤ 0.5; trade head nouns (Rules/trade_words.tsv) 0.75–0.8 |
/// | 11 | naive_bayes | its posterior, only above its leave-one-out 95 %-precision threshold |
///
/// `bank_line` sits before the brand catalog so a bank's own line that names a merchant ("IOF COMPRA
/// INTERNACIONAL NETFLIX", "IOF de volta de Boardgamearena") is an IOF line, not a purchase.
/// `cnpj_registry` sits after the brand catalog (a curated brand outranks the registry's CNAE) and
/// before `cnae` (the official registry outranks a CNAE an aggregator attached to the row).
/// `naive_bayes` comes last: a model trained on a handful of corrections never overrides a decision the
/// data made with confidence (a trade head noun at 0.8 included); it decides rows where the keywords only
/// suggest (≤ 0.5, below the acceptance threshold) or say nothing.
public enum BuiltInResolvers {
    public static let all: [any Resolver] = [
        ManualOverrideResolver(),
        UserRuleResolver(),
        MerchantMemoryResolver(),
        BankLineResolver(),
        BrandCatalogResolver(),
        CNPJRegistryResolver(),
        CNAEResolver(),
        MCCResolver(),
        ProviderCategoryResolver(),
        KeywordResolver(),
        NaiveBayesResolver(),
    ]
}
