import GardenFoundation
import GardenImage

/// The sources of the shipped knowledge, in the order their sections are written. The sources with patterns
/// come first, in the order their patterns enter the automaton (brands, processors, cleaners, bank lines,
/// keywords, then the knowledge the precedence's resolvers declare): on equal matches the earlier pattern wins.
enum CatalogSources {
    /// Every source, with `knowledge` (``PatternKnowledge``, declared by the precedence's resolvers, in its order).
    static func all(knowledge: [any PatternKnowledge.Type]) -> [any KnowledgeSource.Type] {
        let patterned: [any KnowledgeSource.Type] = [BrandsSource.self, ProcessorsSource.self, CleanersSource.self, BankLinesSource.self,
                                                     KeywordsSource.self]
        let tables: [any KnowledgeSource.Type] = [
            TaxonomySource.self, BudgetsSource.self, OperationTypesSource.self, MCCSource.self, CNAESource.self,
            ProviderCategoriesSource.self, PlacesSource.self, BrandPlacesSource.self, PatternWordsSource.self, IdentityWordsSource.self,
            NameWordsSource.self, BusinessWordsSource.self, NameAbbreviationsSource.self, CardAccountsSource.self, LegalSuffixesSource.self,
            OrganisationWordsSource.self, ReviewCalibrationSource.self, StatementFieldsSource.self,
        ]
        return patterned + knowledge.map { declared($0) } + tables
    }

    /// `K` as a source of the image.
    static func declared<K: PatternKnowledge>(_: K.Type) -> any KnowledgeSource.Type { DeclaredSource<K>.self }
}
