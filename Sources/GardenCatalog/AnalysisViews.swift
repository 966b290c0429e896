import GardenFoundation
import GardenImage
import GardenNames

/// The knowledge the row analysis reads, viewed once from the image when the catalog is opened: its own sections
/// (cleaners, processors, places and brand places, statement fields, the name lexicon: glued and cut words,
/// abbreviations, legal suffixes, organisation words), the automaton with its entries, and the few fields of other
/// owners' records the analysis still tells hits apart by (a bank-line rule's anchoring, a keyword's `hint`, a
/// brand's scope, the declared sections' slots). ``DescriptorAnalyzer`` and ``Counterparty`` hold this, never the
/// ``Catalog``.
///
/// Immutable and shared (a class: one instance for every worker, as the catalog was).
public final class AnalysisViews: Sendable {
    /// The automaton over every literal pattern; entry `i` is ``entries``[i].
    public let trie: PatternTrie
    /// What each pattern stands for: the slot of the source that added it, its role and options, and its record.
    public let entries: [AutomatonEntry]
    /// Processors, channels and marketplaces whose prefixes are unwrapped (`Rules/processors.tsv`).
    public let processors: [Processor]
    /// Processor index by CNPJ root.
    public let processorByCNPJRoot: [String: Int]
    /// Boilerplate, operation words and ACH labels, in order (`Rules/boilerplate.tsv`, `operations.tsv`, `ach_labels.tsv`).
    public let cleaners: [Cleaner]
    /// The bank-line rules (`bank_line`'s records): the analysis reads their anchoring, memo and last-word options.
    public let bankLines: [LineRule]
    /// The keyword and trade-word rules (`keyword`'s records): the analysis reads their prefix, hint and country options.
    public let keywords: [LineRule]
    /// Single folded words that name a trade, not a merchant.
    public let tradeWords: ImageStringTable
    /// Place names stripped from the end of descriptors.
    public let places: PlaceList
    /// Cities whose name is also a brand pattern (`Rules/brand_places.tsv`).
    public let brandPlaces: ImageStringLists
    /// Folded words of the brand and keyword patterns (``TextRepair``).
    public let patternWords: PatternWords
    /// Fields of fixed statement layouts that are not the merchant (`Rules/statement_fields.tsv`).
    public let statementFields: StatementFields
    /// Splits a long name printed glued into its words (`Rules/name_words.tsv`).
    public let gluedNames: GluedNameSplitter
    /// Completes a displayed name's last word cut at the bank's column limit.
    public let cutWords: CutWordCompleter
    /// Abbreviations written out in displayed names (`Rules/name_abbreviations.tsv`).
    public let nameAbbreviations: NameAbbreviations
    /// Legal-form words a company's name may carry or not (`Rules/legal_suffixes.tsv`), folded.
    public let legalSuffixes: Set<String>
    /// Words only a business or an organisation carries in its name (`Rules/organisation_words.tsv`), folded.
    public let organisationWords: Set<String>
    /// Words that name a public body (the `public` lines of `Rules/organisation_words.tsv`), folded.
    let publicBodyWords: Set<String>
    /// Public-body words business names use too (`public_form`), folded.
    let publicFormWords: Set<String>
    /// Offices that make a `public_form` word before them a public body (`office`), folded.
    let publicOfficeWords: Set<String>
    /// ``publicBodyWords``, ``publicFormWords`` and ``publicOfficeWords`` as bytes, for ``namesPublicBody(_:)``'s
    /// per-row comparisons (iterating a `Set<String>` and comparing each member's UTF-8 view cost ~700 instructions a row).
    private let publicWordBytes: (bodies: [[UInt8]], forms: [[UInt8]], offices: [[UInt8]])
    /// The given names people bear (`Rules/given_names_ibge.tsv`, `Rules/given_names_nam_dict.tsv`, mapped): a name in a
    /// transfer line that begins with none is no person's (``GivenNames``).
    public let givenNames: GivenNames
    /// The declared pattern knowledge's sections, for the slots of its hits (``KnowledgeSections/index(ofSlot:)``).
    public let knowledge: KnowledgeSections
    /// The brands (records of `brand_catalog`): the analysis reads a match's scope (``BrandScope``).
    public let brands: BrandTable
    /// Brand index by CNPJ root (the first brand listing it).
    public let brandByCNPJRoot: ImageStringTable
    /// Words dropped from the end of a displayed name, for rows of any country.
    public let nameTrailingWords: Set<String>
    /// ``nameTrailingWords`` by row country.
    private let nameTrailingWordsByCountry: [String: Set<String>]

    init(_ views: CatalogViews, trie: PatternTrie, entries: [AutomatonEntry], gluedNames: GluedNameSplitter, cutWords: CutWordCompleter,
         nameTrailingWords: (all: Set<String>, byCountry: [String: Set<String>]), processorByCNPJRoot: [String: Int],
         givenNames: GivenNames) {
        self.givenNames = givenNames
        (self.trie, self.entries, self.gluedNames, self.cutWords) = (trie, entries, gluedNames, cutWords)
        (nameTrailingWordsByCountry, self.nameTrailingWords, self.processorByCNPJRoot) = (nameTrailingWords.byCountry, nameTrailingWords.all, processorByCNPJRoot)
        (processors, cleaners, bankLines, keywords, tradeWords) = (views.processors, views.cleaners, views.bankLines, views.keywords.rules, views.keywords.tradeWords)
        (places, brandPlaces, patternWords, statementFields) = (views.places, views.brandPlaces, views.patternWords, views.statementFields)
        (nameAbbreviations, legalSuffixes, knowledge) = (views.nameAbbreviations, views.legalSuffixes, views.knowledge)
        (organisationWords, publicBodyWords) = (views.organisationWords.all, views.organisationWords.publicBodies)
        (publicFormWords, publicOfficeWords) = (views.organisationWords.publicForms, views.organisationWords.offices)
        publicWordBytes = (views.organisationWords.publicBodies.map { Array($0.utf8) }, views.organisationWords.publicForms.map { Array($0.utf8) },
                           views.organisationWords.offices.map { Array($0.utf8) })
        (brands, brandByCNPJRoot) = (views.brands.brands, views.brands.byCNPJRoot)
    }

    /// The words dropped from the end of a displayed name on a row of `country` (``BrandScope/country(of:)``;
    /// nil: any country's): ``nameTrailingWords`` without other countries' state codes.
    public func nameTrailingWords(country: String?) -> Set<String> {
        country.flatMap { nameTrailingWordsByCountry[$0] } ?? nameTrailingWords
    }

    /// Whether the folded name `key` names a public body: a `public` word of `Rules/organisation_words.tsv` anywhere
    /// ("PREFEITURA DE ITU"), or a `public_form` word in a government form: before "of" ("COUNTY OF HAMILTON"), last
    /// ("KING COUNTY") or before an `office` word ("TRAVIS COUNTY TAX OFFICE"); never a business's name that uses it
    /// ("MAPLE COUNTY DINER", "ORANGE COUNTY PLUMBING").
    public func namesPublicBody(_ key: String) -> Bool {
        // The words compared as bytes with the few public-body words (no String made or hashed per word).
        func isOne(of words: [[UInt8]], _ word: UnsafeBufferPointer<UInt8>) -> Bool {
            guard !word.isEmpty else { return false }
            for candidate in words where candidate.count == word.count {
                if candidate.withUnsafeBufferPointer({ $0.elementsEqual(word) }) { return true }
            }
            return false
        }
        var key = key
        return key.withUTF8 { bytes in
            var start = 0
            var formBefore = false
            while start < bytes.count {
                var end = start
                while end < bytes.count, bytes[end] != 0x20 { end += 1 }
                let word = UnsafeBufferPointer(rebasing: bytes[start..<end])
                if isOne(of: publicWordBytes.bodies, word) { return true }
                if formBefore && (word.elementsEqual("of".utf8) || isOne(of: publicWordBytes.offices, word)) { return true }
                formBefore = isOne(of: publicWordBytes.forms, word)
                start = end + 1
            }
            return formBefore
        }
    }
}
