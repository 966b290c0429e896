import GardenFoundation
import GardenImage
import GardenNames

/// The views of every section of a knowledge image, the taxonomy first (the other views check their
/// categories against it), and the slots of the sources whose patterns are told apart.
struct CatalogViews {
    let image: CompiledCatalog
    let taxonomy: Taxonomy
    let budgets: BudgetBook
    let brands: BrandsSource.View
    let processors: [Processor]
    let cleaners: [Cleaner]
    let bankLines: [LineRule]
    let keywords: KeywordsSource.View
    let operationTypes: [String: LineRule]
    let mcc: MCCMap
    let cnae: CNAEMap
    let providerCategories: ProviderCategoryMap
    let places: PlaceList
    let brandPlaces: ImageStringLists
    let patternWords: PatternWords
    let identityWords: IdentityWordsSource.Words
    let nameWords: String
    /// Business-name words by country (``BusinessWordsSource``).
    let businessWords: [String: String]
    let nameAbbreviations: NameAbbreviations
    let cardAccounts: Set<String>
    let legalSuffixes: Set<String>
    let organisationWords: OrganisationWordsSource.Words
    let reviewCalibration: ReviewCalibration
    let statementFields: StatementFields
    let knowledge: KnowledgeSections
    let slots: Catalog.Slots

    /// Views `image`'s sections; `knowledge` are the declared sources the image was compiled with.
    init(_ image: CompiledCatalog, knowledge: [any PatternKnowledge.Type]) throws(BinaryReader.Malformed) {
        self.image = image
        taxonomy = try image.view(TaxonomySource.self, ViewContext(taxonomy: Taxonomy.empty))
        let context = ViewContext(taxonomy: taxonomy)
        budgets = try image.view(BudgetsSource.self, context)
        brands = try image.view(BrandsSource.self, context)
        processors = try image.view(ProcessorsSource.self, context)
        cleaners = try image.view(CleanersSource.self, context)
        bankLines = try image.view(BankLinesSource.self, context)
        keywords = try image.view(KeywordsSource.self, context)
        operationTypes = try image.view(OperationTypesSource.self, context)
        mcc = try image.view(MCCSource.self, context)
        cnae = try image.view(CNAESource.self, context)
        providerCategories = try image.view(ProviderCategoriesSource.self, context)
        places = try image.view(PlacesSource.self, context)
        brandPlaces = try image.view(BrandPlacesSource.self, context)
        patternWords = try image.view(PatternWordsSource.self, context)
        identityWords = try image.view(IdentityWordsSource.self, context)
        nameWords = try image.view(NameWordsSource.self, context)
        businessWords = try image.view(BusinessWordsSource.self, context)
        nameAbbreviations = try image.view(NameAbbreviationsSource.self, context)
        cardAccounts = try image.view(CardAccountsSource.self, context)
        legalSuffixes = try image.view(LegalSuffixesSource.self, context)
        organisationWords = try image.view(OrganisationWordsSource.self, context)
        reviewCalibration = try image.view(ReviewCalibrationSource.self, context)
        statementFields = try image.view(StatementFieldsSource.self, context)
        var declared: [any KnowledgeSection] = []
        var declaredSlots: [UInt16] = []
        for kind in knowledge {
            let (section, slot) = try Self.declared(kind, image, context)
            declared.append(section)
            declaredSlots.append(slot)
        }
        self.knowledge = KnowledgeSections(declared, slots: declaredSlots)
        func slot<S: KnowledgeSource>(_ source: S.Type) throws(BinaryReader.Malformed) -> UInt16 {
            guard let slot = image.slot(of: source) else { throw BinaryReader.Malformed() }
            return slot
        }
        slots = Catalog.Slots(brands: try slot(BrandsSource.self), processors: try slot(ProcessorsSource.self), cleaners: try slot(CleanersSource.self),
                              bankLines: try slot(BankLinesSource.self), keywords: try slot(KeywordsSource.self))
    }

    /// The section of `K` and its slot.
    private static func declared<K: PatternKnowledge>(_: K.Type, _ image: CompiledCatalog,
                                                      _ context: ViewContext) throws(BinaryReader.Malformed) -> (any KnowledgeSection, UInt16) {
        guard let slot = image.slot(of: DeclaredSource<K>.self) else { throw BinaryReader.Malformed() }
        return (try image.view(DeclaredSource<K>.self, context), slot)
    }
}
