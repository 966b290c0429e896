import GardenFoundation
import GardenTradeNames
import GardenImage
import GardenNames
import Foundation

/// Opens the shipped knowledge (the compiled image of every ``KnowledgeSource``) and hands out its views: to the row
/// analysis (``analysis``), to the engine (``engine``) and to the resolvers (``shipped``, each taking the views it
/// declares). The few tables it still holds are read by the commands and the user's knowledge (taxonomy, budgets,
/// brands, processors); what the user adds (rules, budgets) is ``UserKnowledge``, loaded beside it per session.
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
    public let mcc: MCCMap
    public let cnae: CNAEMap
    /// Place names stripped from the end of descriptors.
    public let places: PlaceList
    /// Cities whose name is also a brand pattern (`Rules/brand_places.tsv`, GeoNames): folded name → the folded
    /// state or province codes of the cities of that name; a place only right before one of its codes. Read in
    /// place from the compiled image (``ImageStringLists/list(_:contains:)``).
    public let brandPlaces: ImageStringLists
    /// Splits a long name printed glued into its words (`Rules/name_words.tsv`, parsed on first use).
    public let gluedNames: GluedNameSplitter
    /// Completes a displayed name's last word cut at the bank's column limit (`Rules/name_words.tsv`,
    /// `Rules/business_words_br.tsv`, `Rules/business_words_us.tsv`; parsed on first use).
    public let cutWords: CutWordCompleter
    /// The given names people bear (`Rules/given_names_ibge.tsv`, `Rules/given_names_nam_dict.tsv`, mapped): a name
    /// in a transfer line with none of them is no person's (``GivenNames``); the analysis reads it (``AnalysisViews``).
    public let givenNames: GivenNames
    /// Legal-form words a company's name may carry or not (`Rules/legal_suffixes.tsv`: LTDA, S.A., INC...),
    /// folded: dropped from the end of a displayed name, ignored when names are compared.
    public let legalSuffixes: Set<String>
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
    /// Brand index by brand id.
    public let brandByID: ImageStringTable
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
        (brands, brandByID) = (views.brands.brands, views.brands.byID)
        (entries, trie, places) = (image.entries, image.trie, views.places)
        (bankLines, keywords) = (views.bankLines, views.keywords.rules)
        (mcc, cnae, brandPlaces) = (views.mcc, views.cnae, views.brandPlaces)
        gluedNames = GluedNameSplitter(text: views.nameWords)
        cutWords = CutWordCompleter(general: gluedNames, business: views.businessWords)
        legalSuffixes = views.legalSuffixes
        (reviewCalibration, statementFields, self.knowledge) = (views.reviewCalibration, views.statementFields, views.knowledge)
        tradeNames = try Self.tradeNameModel(data, cacheDirectory: cacheDirectory)
        givenNames = GivenNames(data)
        let chainNames = ChainNames(data)
        var sections = image.contents.contents
        for mapped in Self.mappedFiles where data.contains(mapped.file) {
            let size = (try? FileManager.default.attributesOfItem(atPath: data.path(mapped.file))[.size] as? Int) ?? 0
            sections.append(SectionInfo(id: mapped.id, owner: mapped.owner, layout: 0, files: [mapped.file], bytes: size ?? 0))
        }
        self.sections = sections
        let trailing = Self.trailingWords(places: views.places, operationWords: views.identityWords.operations)
        let processorByCNPJRoot = Self.byRoot(processors.map(\.cnpjRoots), firstWins: false)
        analysis = AnalysisViews(views, trie: image.trie, entries: image.entries, gluedNames: gluedNames, cutWords: cutWords,
                                 nameTrailingWords: trailing, processorByCNPJRoot: processorByCNPJRoot, givenNames: givenNames)
        let brandNames = BrandNames(records: brands, byID: brandByID, trie: trie, entries: entries)
        engine = EngineViews(views, entries: image.entries, brandNames: brandNames, chainNames: chainNames)
        let brazilian = trailing.byCountry["BR"] ?? trailing.all
        let shippedViews: [(any KnowledgeRead, any Sendable)] = [
            (Shipped.brandNames, brandNames), (Shipped.processors, processors), (Shipped.processorByCNPJRoot, processorByCNPJRoot),
            (Shipped.keywords, keywords), (Shipped.bankLines, bankLines), (Shipped.operationTypes, views.operationTypes), (Shipped.mcc, mcc),
            (Shipped.cnae, cnae), (Shipped.providerCategories, views.providerCategories), (Shipped.organisationWords, views.organisationWords.all),
            (Shipped.nameAbbreviations, views.nameAbbreviations), (Shipped.legalSuffixes, legalSuffixes), (Shipped.patternWords, views.patternWords),
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
}

extension Substring {
    func trimmingASCIISpacesSub() -> String { String(self).trimmingASCIISpaces() }
}
