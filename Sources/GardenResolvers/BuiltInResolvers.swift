import GardenEngine

/// The precedence: garden's resolvers in the order they are consulted, in stage order (override →
/// memory → unwrap → match → learn → fallback; checked by ``Precedence`` when a ``Pipeline`` is built).
/// The first proposal whose confidence reaches the acceptance threshold wins. README.md's table
/// ("Resolvers propose") lists them with their confidences; `PrecedenceTests` holds it to this list.
///
/// Three families stand for three resolvers that were one each (``ResolverDescription/family``, issue 34): `bank_line`
/// (operation_type, public_service, bank_line, public_body, transfer), `brand_catalog` (marketplace, channel,
/// brand_catalog, wrapper) and `keyword` (keyword, boleto_segment). A family's members are asked in this order as one:
/// the first that proposes stands, and its proposal is printed as the family's, so the split changed no output.
///
/// `bank_line` sits before the brand catalog so a bank's own line that names a merchant ("IOF COMPRA
/// INTERNACIONAL NETFLIX", "IOF de volta de Boardgamearena") is an IOF line, not a purchase.
/// `cnpj_registry` sits after the brand catalog (a curated brand outranks the registry's CNAE) and
/// before `cnae` (the official registry outranks a CNAE an aggregator attached to the row).
/// `naive_bayes` (learn) comes before `keyword` (fallback) but abstains where a trade head noun decides
/// (0.75–0.8, `KeywordResolver.decisive`): a model trained on a handful of corrections never overrides a
/// decision the data made with confidence; it decides rows where the keywords only suggest or say nothing.
/// `trade_name` reads a name only when nothing before it decided the row; `corpus_trade_word` comes last: a mined word
/// decides only where the calibrated model did not (it suggested below the threshold, or said nothing).
public enum BuiltInResolvers {
    public static let all: [any Resolver] = [
        ManualOverrideResolver(),
        UserRuleResolver(),
        MerchantMemoryResolver(),
        ProcessorPrefixResolver(),
        OperationTypeResolver(),
        PublicServiceResolver(),
        BankLineResolver(),
        PublicBodyResolver(),
        TransferResolver(),
        MarketplaceResolver(),
        ChannelResolver(),
        BrandCatalogResolver(),
        WrapperResolver(),
        CNPJRegistryResolver(),
        CNAEResolver(),
        MCCResolver(),
        ProviderCategoryResolver(),
        OnlineServiceResolver(),
        UniversityResolver(),
        TravelBrandResolver(),
        StateAgencyResolver(),
        WebDomainResolver(),
        NaiveBayesResolver(),
        KeywordResolver(),
        BoletoSegmentResolver(),
        TradeNameResolver(),
        CorpusTradeWordResolver(),
    ]
}
