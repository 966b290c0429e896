import GardenFoundation
import GardenImage
import GardenNames
import GardenTradeNames

/// What a resolver may read of a shipped table: the view's name, and the sections of the image (or mapped files,
/// `garden --version --sections`) it is viewed from. A resolver lists the views it reads (`Resolver.reads` in
/// GardenEngine) and takes them once, when a pipeline is built, through ``KnowledgeViews/view(_:)``.
public protocol KnowledgeRead: Sendable {
    /// The view's name, unique among ``Shipped``'s views.
    var name: String { get }
    /// The ids of the sections it is viewed from (``SectionInfo/id``).
    var sections: [String] { get }
}

/// One view of shipped knowledge, typed: ``KnowledgeViews/view(_:)`` gives back a `View`.
public struct SectionView<View: Sendable>: KnowledgeRead {
    public let name: String
    public let sections: [String]

    init(_ name: String, _ sections: [String]) { (self.name, self.sections) = (name, sections) }
}

/// The views of the shipped knowledge a resolver may take, each named by the section it is read from. Only these are
/// handed out: a resolver declares which it reads (`Resolver.reads`), and taking another stops the program when
/// the pipeline is built (``KnowledgeViews/undeclared``, `KnowledgeViewsTests`).
public enum Shipped {
    /// The brands as a resolver looks them up (by index, id, a user's name, an account's text), from `brands`.
    public static let brandNames = SectionView<BrandNames>("brandNames", [BrandsSource.id])
    /// Processors, channels and marketplaces (`Rules/processors.tsv`).
    public static let processors = SectionView<[Processor]>("processors", [ProcessorsSource.id])
    /// Processor index by CNPJ root (`Rules/processors.tsv`).
    public static let processorByCNPJRoot = SectionView<[String: Int]>("processorByCNPJRoot", [ProcessorsSource.id])
    /// Keyword heuristics (`Rules/keywords.tsv`) followed by the trade-word lexicon (`Rules/trade_words.tsv`).
    public static let keywords = SectionView<[LineRule]>("keywords", [KeywordsSource.id])
    /// The bank-line rules (`Rules/bank_lines.tsv`, `Rules/banks/*.tsv`).
    public static let bankLines = SectionView<[LineRule]>("bankLines", [BankLinesSource.id])
    /// Bank operation types (Open Finance `type`, Pluggy `operationType`) → line rules (`Rules/operation_types.tsv`).
    public static let operationTypes = SectionView<[String: LineRule]>("operationTypes", [OperationTypesSource.id])
    /// MCC → category (`Rules/mcc.tsv`).
    public static let mcc = SectionView<MCCMap>("mcc", [MCCSource.id])
    /// CNAE subclass → category (`CNAE/*.tsv`).
    public static let cnae = SectionView<CNAEMap>("cnae", [CNAESource.id])
    /// Aggregators' own categories → garden's (`Rules/pluggy.tsv`, `Rules/plaid.tsv`).
    public static let providerCategories = SectionView<ProviderCategoryMap>("providerCategories", [ProviderCategoriesSource.id])
    /// Words only a business or an organisation carries in its name (`Rules/organisation_words.tsv`), folded.
    public static let organisationWords = SectionView<Set<String>>("organisationWords", [OrganisationWordsSource.id])
    /// Abbreviations written out in displayed names (`Rules/name_abbreviations.tsv`).
    public static let nameAbbreviations = SectionView<NameAbbreviations>("nameAbbreviations", [NameAbbreviationsSource.id])
    /// Legal-form words (`Rules/legal_suffixes.tsv`), folded.
    public static let legalSuffixes = SectionView<Set<String>>("legalSuffixes", [LegalSuffixesSource.id])
    /// Folded words of the brand and keyword patterns (``PatternWords``).
    public static let patternWords = SectionView<PatternWords>("patternWords", [PatternWordsSource.id])
    /// The words dropped from the end of a displayed name on a Brazilian row: places and operation words.
    public static let brazilianTrailingWords = SectionView<Set<String>>("brazilianTrailingWords", [PlacesSource.id, IdentityWordsSource.id])
    /// Each resolver's calibrated floor (`Rules/review_calibration.tsv`).
    public static let reviewCalibration = SectionView<ReviewCalibration>("reviewCalibration", [ReviewCalibrationSource.id])
    /// The categories (`Rules/taxonomy.tsv`).
    public static let taxonomy = SectionView<Taxonomy>("taxonomy", [TaxonomySource.id])
    /// The given names people bear (mapped, ``GivenNames``).
    public static let givenNames = SectionView<GivenNames>("givenNames", ["given_names_ibge", "given_names_nam_dict"])
    /// The trade-name model (`Rules/trade_names.bin`, mapped), nil when the data directory has none.
    public static let tradeNames = SectionView<TradeNameModel?>("tradeNames", ["trade_names"])
    /// The path of the UT1 domain list (`Rules/domains_ut1.tsv`), a sorted file mapped by its reader.
    public static let webDomainsPath = SectionView<String>("webDomainsPath", ["web_domains"])
    /// The sections the precedence's resolvers declare (``PatternKnowledge``), each read by its owner's type.
    public static let declared = SectionView<KnowledgeSections>("declared", [])
}

/// The shipped knowledge's views as resolvers take them, built once when the image is opened (a class: shared).
public final class ShippedKnowledge: Sendable {
    private let views: [String: any Sendable]

    init(_ views: [String: any Sendable]) { self.views = views }

    /// The views `reads` names, for the reader `reader` (its id, for the message when it reads another).
    public func views(for reads: [any KnowledgeRead], reader: String) -> KnowledgeViews {
        KnowledgeViews(shipped: self, declared: Set(reads.map(\.name)), reader: reader)
    }

    fileprivate func view<View>(_ read: SectionView<View>) -> View {
        guard let view = views[read.name] as? View else { preconditionFailure("no shipped view \(read.name)") }
        return view
    }
}

/// The views one resolver declared, to take when a pipeline is built (never per row). It notes each view taken, so
/// the taker can be held to its declaration (``undeclared``, ``taken``).
public struct KnowledgeViews {
    let shipped: ShippedKnowledge
    /// The names of the views the reader declared.
    public let declared: Set<String>
    /// Who reads: a resolver's id.
    public let reader: String
    private let log = TakenViews()

    init(shipped: ShippedKnowledge, declared: Set<String>, reader: String) {
        (self.shipped, self.declared, self.reader) = (shipped, declared, reader)
    }

    /// The view `read`, noted as taken.
    public func view<View>(_ read: SectionView<View>) -> View {
        log.names.insert(read.name)
        return shipped.view(read)
    }

    /// The names of the views taken so far.
    public var taken: Set<String> { log.names }

    /// The names of the views taken that the reader did not declare, sorted (none is right).
    public var undeclared: [String] { log.names.subtracting(declared).sorted() }
}

/// The names of the views a ``KnowledgeViews`` handed out (a class: the views are passed by value).
private final class TakenViews {
    var names: Set<String> = []
}
