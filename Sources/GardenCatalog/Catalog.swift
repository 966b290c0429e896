import GardenFoundation
import GardenTradeNames
import GardenImage
import GardenNames
import Foundation

/// Everything garden ships: the taxonomy and budgets, the brand catalog, processors, boilerplate cleaners,
/// bank-line and keyword rules, the MCC, CNAE and provider maps, and the one automaton that matches all their
/// literal patterns. What the user adds (rules, budgets) is ``UserKnowledge``, loaded beside it per session.
///
/// Built once at start-up from a ``DataDirectory``; immutable and shareable across threads (a class, so
/// every resolver and row context shares one instance instead of copying it).
public final class Catalog: Sendable {
    public let taxonomy: Taxonomy
    /// The shipped budgets (`Rules/budgets.tsv`); a session's book with the user's is ``UserKnowledge/budgets``.
    public let budgets: BudgetBook
    /// The brands, decoded from the compiled image as they are asked for (``BrandTable``).
    public let brands: BrandTable
    public let processors: [Processor]
    public let cleaners: [Cleaner]
    public let bankLines: [LineRule]
    /// Keyword heuristics (`Rules/keywords.tsv`, ≤ 0.5) followed by the trade-word lexicon (`Rules/trade_words.tsv`).
    public let keywords: [LineRule]
    /// Bank operation types (Open Finance `type` / `transactionType`, Pluggy `operationType`) → line rules.
    public let operationTypes: [String: LineRule]
    public let mcc: MCCMap
    public let cnae: CNAEMap
    public let providerCategories: ProviderCategoryMap
    /// Place names stripped from the end of descriptors.
    public let places: PlaceList
    /// Cities whose name is also a brand pattern (`Rules/brand_places.tsv`, GeoNames): folded name → the folded
    /// state or province codes of the cities of that name; a place only right before one of its codes. Read in
    /// place from the compiled image (``ImageStringLists/list(_:contains:)``).
    public let brandPlaces: ImageStringLists
    /// Folded words that never identify a merchant (`Rules/identity_words.tsv`: operation words, rails,
    /// legal suffixes), for ``MerchantIdentity``.
    public let identityStopWords: Set<String>
    /// The particles among them (`de`, `do`, `the`: kind `particle`), kept inside a name's run of words when
    /// its key glues them ("PADARIA DO ZE" and "PAG*PADARIADOZE" are one merchant).
    public let identityParticles: Set<String>
    /// Words dropped from the end of a displayed name: the places' trailing words and the operation and rail
    /// words of `Rules/identity_words.tsv` ("BB TUITION MGMT ACH" names Bb Tuition Management, its MGMT written
    /// out by ``nameAbbreviations``), for rows of any country; ``nameTrailingWords(country:)`` for one country's rows.
    public let nameTrailingWords: Set<String>
    /// ``nameTrailingWords`` by row country ("BR", "US", "CA"): another country's state codes left out
    /// (``PlaceList/isLocal(_:country:)``).
    private let nameTrailingWordsByCountry: [String: Set<String>]
    /// Splits a long name printed glued into its words (`Rules/name_words.tsv`, parsed on first use).
    public let gluedNames: GluedNameSplitter
    /// Abbreviations written out in displayed names (`Rules/name_abbreviations.tsv`: MGMT, SUPERM, MAT CONSTR).
    public let nameAbbreviations: NameAbbreviations
    /// Completes a displayed name's last word cut at the bank's column limit (`Rules/name_words.tsv`,
    /// `Rules/business_words_br.tsv`, `Rules/business_words_us.tsv`; parsed on first use).
    public let cutWords: CutWordCompleter
    /// Single words that name a trade, not a merchant (the one-word keywords of `Rules/keywords.tsv` and
    /// the deciding ones, 0.6 and more, of `Rules/trade_words.tsv`), folded: a name made only of them
    /// ("TAXI", "DROGARIA" once its city is dropped) is no merchant identity.
    public let tradeWords: ImageStringTable
    /// Words only a business or an organisation carries in its name (`Rules/organisation_words.tsv`:
    /// legal forms, organisation, public-body, trade and account words), folded: a transfer to such a name is
    /// not to a person.
    public let organisationWords: Set<String>
    /// The given names people bear (`Rules/given_names_ibge.tsv`, `Rules/given_names_nam_dict.tsv`, mapped): a name
    /// in a transfer line with none of them is no person's (``GivenNames``); the analysis reads it (``AnalysisViews``).
    public let givenNames: GivenNames
    /// Legal-form words a company's name may carry or not (`Rules/legal_suffixes.tsv`: LTDA, S.A., INC...),
    /// folded: dropped from the end of a displayed name, ignored when names are compared.
    public let legalSuffixes: Set<String>
    /// Folded words of the brand and keyword patterns, and each pair of adjacent words in them, built on first
    /// use: the words a letter lost to U+FFFD may restore (``TextRepair``), and whole words that a truncated
    /// match must not complete.
    public let patternWords: PatternWords
    /// The automaton over every literal pattern; entry `i` is ``entries``[i].
    public let trie: PatternTrie
    /// What each pattern stands for: the slot of the source that added it, its role and options, and its record.
    public let entries: [AutomatonEntry]
    /// The knowledge the precedence's resolvers declare (``PatternKnowledge``), one section per resolver,
    /// its patterns in ``trie``.
    public let knowledge: KnowledgeSections
    /// The sections of the image, each with its source's owner, files and size (`garden --version --sections`),
    /// then the trade-name model, mapped from its own file.
    public let sections: [SectionInfo]
    /// The slots of the sources whose patterns the analysis tells apart (``AutomatonEntry/slot``).
    public let slots: Slots
    /// Brand index by CNPJ root (the first brand listing it).
    public let brandByCNPJRoot: ImageStringTable
    /// Brand index by brand id.
    public let brandByID: ImageStringTable
    /// The brands as a resolver looks them up (by index, id, a user's name, an account's text).
    public let brandNames: BrandNames
    /// Processor index by CNPJ root.
    public let processorByCNPJRoot: [String: Int]
    /// A content fingerprint of the data files, for `--version` and caches.
    public let fingerprint: String
    /// The views the row analysis reads (``AnalysisViews``), taken once here: the analysis holds them, never the catalog.
    public let analysis: AnalysisViews
    /// The views the engine reads around the resolvers (``EngineViews``), taken once here.
    public let engine: EngineViews
    /// The views resolvers take, each by the section it is read from (``Shipped``): a resolver takes those it
    /// declares, never the catalog.
    public let shipped: ShippedKnowledge
    /// The data directory the catalog was read from: where a resolver that maps a keyed file of its own, too large to
    /// parse at every start (`Rules/domains_ut1.tsv`, read by ``SortedTSVFile``), finds it.
    public let data: DataDirectory
    /// The trade-name model (`Rules/trade_names.bin`, mapped in place; issue 21), nil when the data directory has
    /// none: what a local business's name says about its trade (`TradeNameResolver`).
    public let tradeNames: TradeNameModel?
    /// Each resolver's calibrated floor (`Rules/review_calibration.tsv`), read by the review policy.
    public let reviewCalibration: ReviewCalibration
    /// Fields of fixed statement layouts that are not the merchant (`Rules/statement_fields.tsv`): NACHA entry class
    /// codes, the card network's tagged reference.
    public let statementFields: StatementFields

    /// The sources whose entries the analysis and the resolvers tell apart by slot (``AutomatonEntry/slot``).
    public struct Slots: Sendable {
        public let brands: UInt16, processors: UInt16, cleaners: UInt16, bankLines: UInt16, keywords: UInt16
    }

    /// Loads the data directory (the user's rules and budgets are ``UserKnowledge``, never part of this).
    /// - Throws: ``DataError`` with `file:line:column` for the first bad record.
    /// - Parameter cacheDirectory: where the compiled image is kept (``CompiledCatalog``, named by
    ///   ``CatalogKey``); nil builds it in memory every time.
    /// - Parameter knowledge: the pattern knowledge the resolvers of the precedence declare, in its order
    ///   (`Precedence.knowledge(of:)` in GardenEngine).
    public init(data: DataDirectory, cacheDirectory: String? = nil, knowledge: [any PatternKnowledge.Type] = []) throws(DataError) {
        let sources = CatalogSources.all(knowledge: knowledge)
        // Keyed before any file is read: an image is never filed under a key older than what it holds.
        let declared = sources.map { (id: "\($0.id)@\($0.layout)", files: $0.files(in: data)) }
        let cachePath = cacheDirectory.map { CompiledCatalog.path(directory: $0, key: CatalogKey.of(data: data, knowledge: declared)) }
        let views: CatalogViews
        if let cached = cachePath.flatMap(CompiledCatalog.load), cached.fits(sources), let viewed = try? CatalogViews(cached, knowledge: knowledge) {
            views = viewed
        } else {
            let bytes = try CompiledCatalog.image(data: data, sources: sources) { CatalogKey.fingerprint(data: data, knowledge: declared) }
            if let cachePath { CompiledCatalog.save(bytes, to: cachePath) }
            guard let compiled = CompiledCatalog.read(ImageBytes(bytes)), let viewed = try? CatalogViews(compiled, knowledge: knowledge) else {
                preconditionFailure("a knowledge image just built does not read back")
            }
            views = viewed
        }
        let image = views.image
        self.data = data
        fingerprint = image.fingerprint
        (taxonomy, budgets, processors, cleaners) = (views.taxonomy, views.budgets, views.processors, views.cleaners)
        (brands, brandByID, brandByCNPJRoot) = (views.brands.brands, views.brands.byID, views.brands.byCNPJRoot)
        (entries, trie, places, patternWords) = (image.entries, image.trie, views.places, views.patternWords)
        (bankLines, keywords, operationTypes, tradeWords) = (views.bankLines, views.keywords.rules, views.operationTypes, views.keywords.tradeWords)
        (mcc, cnae, brandPlaces, providerCategories) = (views.mcc, views.cnae, views.brandPlaces, views.providerCategories)
        (identityStopWords, identityParticles) = (views.identityWords.stop, views.identityWords.particles)
        gluedNames = GluedNameSplitter(text: views.nameWords)
        cutWords = CutWordCompleter(general: gluedNames, business: views.businessWords)
        (nameAbbreviations, legalSuffixes) = (views.nameAbbreviations, views.legalSuffixes)
        organisationWords = views.organisationWords.all
        (reviewCalibration, statementFields, self.knowledge) = (views.reviewCalibration, views.statementFields, views.knowledge)
        slots = views.slots
        tradeNames = try Self.tradeNameModel(data, cacheDirectory: cacheDirectory)
        givenNames = GivenNames(data)
        var sections = image.contents.contents
        for mapped in Self.mappedFiles where data.contains(mapped.file) {
            let size = (try? FileManager.default.attributesOfItem(atPath: data.path(mapped.file))[.size] as? Int) ?? 0
            sections.append(SectionInfo(id: mapped.id, owner: mapped.owner, layout: 0, files: [mapped.file], bytes: size ?? 0))
        }
        self.sections = sections
        let trailing = Self.trailingWords(places: views.places, operationWords: views.identityWords.operations)
        (nameTrailingWords, nameTrailingWordsByCountry) = trailing
        processorByCNPJRoot = Self.byRoot(processors.map(\.cnpjRoots), firstWins: false)
        analysis = AnalysisViews(views, trie: image.trie, entries: image.entries, gluedNames: gluedNames, cutWords: cutWords,
                                 nameTrailingWords: trailing, processorByCNPJRoot: processorByCNPJRoot, givenNames: givenNames)
        brandNames = BrandNames(records: brands, byID: brandByID, trie: trie, entries: entries)
        engine = EngineViews(views, entries: image.entries, brandNames: brandNames)
        let brazilian = trailing.byCountry["BR"] ?? trailing.all
        let shippedViews: [(any KnowledgeRead, any Sendable)] = [
            (Shipped.brandNames, brandNames), (Shipped.processors, processors), (Shipped.processorByCNPJRoot, processorByCNPJRoot),
            (Shipped.keywords, keywords), (Shipped.bankLines, bankLines), (Shipped.operationTypes, operationTypes), (Shipped.mcc, mcc),
            (Shipped.cnae, cnae), (Shipped.providerCategories, providerCategories), (Shipped.organisationWords, organisationWords),
            (Shipped.nameAbbreviations, nameAbbreviations), (Shipped.legalSuffixes, legalSuffixes), (Shipped.patternWords, patternWords),
            (Shipped.brazilianTrailingWords, brazilian), (Shipped.reviewCalibration, reviewCalibration), (Shipped.taxonomy, taxonomy),
            (Shipped.givenNames, givenNames), (Shipped.tradeNames, tradeNames as TradeNameModel?),
            (Shipped.webDomainsPath, data.path("Rules/domains_ut1.tsv")), (Shipped.declared, self.knowledge),
        ]
        shipped = ShippedKnowledge(Dictionary(uniqueKeysWithValues: shippedViews.map { ($0.0.name, $0.1) }))
    }

    /// The words a displayed name may not end in: place words and operation words, for any country and
    /// for each country the place list knows.
    static func trailingWords(places: PlaceList, operationWords: Set<String>) -> (all: Set<String>, byCountry: [String: Set<String>]) {
        let byCountry = Dictionary(uniqueKeysWithValues: places.wordsByCountry.keys.map { country in
            (country, places.trailingWords(country: country).union(operationWords))
        })
        return (places.trailingWords.union(operationWords), byCountry)
    }

    /// The cleaners, in order: bank boilerplate, operation words (`Rules/operations.tsv`), ACH labels.
    static func cleaners(boilerplate: TSVFile, operations: TSVFile, labels: TSVFile) throws(DataError) -> [Cleaner] {
        var cleaners = try boilerplate.records.map { record throws(DataError) in try Self.cleaner(record) }
        for record in operations.records { cleaners += try Self.operationWords(record) }
        for record in labels.records { cleaners.append(try Self.label(record)) }
        return cleaners
    }

    /// Index of the first (`firstWins`) or last entry listing each CNPJ root, from each entry's `roots`.
    static func byRoot(_ roots: [[String]], firstWins: Bool) -> [String: Int] {
        var index: [String: Int] = [:]
        for (position, entryRoots) in roots.enumerated() {
            for root in entryRoots where !firstWins || index[root] == nil { index[root] = position }
        }
        return index
    }

    /// The brands of the `Brands/*.tsv` texts, in order; a brand id listed twice is a data error.
    static func brands(_ texts: [(name: String, text: String)], taxonomy: Taxonomy) throws(DataError) -> [Brand] {
        var brands: [Brand] = []
        var seen: Set<String> = []
        for file in texts {
            for record in try TSVFile(name: file.name, text: file.text, minimumColumns: 8).records {
                let brand = try Self.brand(record, taxonomy: taxonomy)
                guard seen.insert(brand.id).inserted else { throw record.error("duplicate brand id \"\(brand.id)\"") }
                brands.append(brand)
            }
        }
        return brands
    }

    /// The bank brand named by an account text ("Nubank", "Conta Itaú"), if the catalog knows it (``BrandNames/bankBrand(account:)``).
    public func bankBrand(account: String) -> Brand? { brandNames.bankBrand(account: account) }

    /// The brand a name given by the user names whole (``BrandNames/brand(named:)``).
    public func brand(named name: String) -> Brand? { brandNames.brand(named: name) }

    /// The words dropped from the end of a displayed name on a row of `country` (``BrandScope/country(of:)``;
    /// nil: any country's): ``nameTrailingWords`` without other countries' state codes.
    public func nameTrailingWords(country: String?) -> Set<String> {
        country.flatMap { nameTrailingWordsByCountry[$0] } ?? nameTrailingWords
    }
}

extension Substring {
    func trimmingASCIISpacesSub() -> String { String(self).trimmingASCIISpaces() }
}
