import GardenFoundation
import GardenImage
import GardenNames
import GardenTaxonomy

/// The knowledge the engine reads around the resolvers, viewed once from the image when the catalog is opened:
/// the words a merchant identity is cut from (`Rules/identity_words.tsv`, the places, the trade words), the
/// brands and processors an identity, a merchant key or the decision names, the review calibration, the taxonomy,
/// the state-body and card-account words, and the declared sections' hits. The `Pipeline`, the
/// `ResolutionContext` and the merchant identity hold this, never the ``Catalog``.
///
/// Immutable and shared (a class: one instance for every worker, as the catalog was).
public final class EngineViews: Sendable {
    /// What each automaton pattern stands for (to tell a brand match of the row apart by role).
    public let entries: [AutomatonEntry]
    /// The brands (records of `brand_catalog`), decoded as they are asked for.
    public let brands: BrandTable
    /// Brand index by brand id.
    public let brandByID: ImageStringTable
    /// The brands as an identity looks them up (by a user's name, an account's text).
    public let brandNames: BrandNames
    /// Processors, channels and marketplaces (`Rules/processors.tsv`).
    public let processors: [Processor]
    /// Folded words that never identify a merchant (`Rules/identity_words.tsv`).
    public let identityStopWords: Set<String>
    /// The particles among them (`de`, `do`, `the`), kept inside a name's run of words.
    public let identityParticles: Set<String>
    /// Place names, dropped from the end of an identity's words.
    public let places: PlaceList
    /// Single folded words that name a trade, not a merchant.
    public let tradeWords: ImageStringTable
    /// Each resolver's calibrated floor (`Rules/review_calibration.tsv`), read by the review policy.
    public let reviewCalibration: ReviewCalibration
    /// The categories (`Rules/taxonomy.tsv`).
    public let taxonomy: Taxonomy
    /// The declared pattern knowledge's sections (``KnowledgeSections/hits(of:in:)``).
    public let knowledge: KnowledgeSections
    /// US states by name or USPS code, folded (`Rules/state_offices.tsv`).
    let stateNames: Set<String>
    /// The words a US state's own bodies are named by after the state, folded (``namesStateBody(_:)``).
    let stateOfficeWords: Set<String>
    /// The first words of ``stateNames``: a name opening with none is no state body, one lookup.
    let stateFirstWords: Set<String>
    /// Words that make an account's name a credit-card account (`Rules/card_accounts.tsv`), folded.
    let cardAccountWords: Set<String>
    /// Business names many places bear (`Rules/chain_names_places.tsv`, mapped; ``namesChain(_:)``).
    let chainNames: ChainNames

    init(_ views: CatalogViews, entries: [AutomatonEntry], brandNames: BrandNames, chainNames: ChainNames) {
        (self.entries, self.brandNames, self.chainNames) = (entries, brandNames, chainNames)
        (brands, brandByID, processors) = (views.brands.brands, views.brands.byID, views.processors)
        (identityStopWords, identityParticles) = (views.identityWords.stop, views.identityWords.particles)
        (places, tradeWords, reviewCalibration, taxonomy, knowledge) = (views.places, views.keywords.tradeWords, views.reviewCalibration, views.taxonomy, views.knowledge)
        (stateNames, stateOfficeWords, cardAccountWords) = (views.organisationWords.states, views.organisationWords.stateOffices, views.cardAccounts)
        stateFirstWords = Set(stateNames.map { String($0.split(separator: " ", maxSplits: 1)[0]) })
    }

    /// The bank brand named by an account text ("Nubank", "Conta Itaú") (``BrandNames/bankBrand(account:)``).
    public func bankBrand(account: String) -> Brand? { brandNames.bankBrand(account: account) }

    /// The brand a name given by the user names whole (``BrandNames/brand(named:)``).
    public func brand(named name: String) -> Brand? { brandNames.brand(named: name) }

    /// Whether the folded name `key` is, whole, a business name that places in five or more cities bear (``ChainNames``):
    /// a chain's, when no brand of the catalog named it. Read for the merchant kind only (`MerchantChoice.kind`).
    public func namesChain(_ key: String) -> Bool { chainNames.contains(key) }

    /// Whether the folded name `key` is a US state's own body by its form: a state's name or USPS code opens it and an
    /// office word of `Rules/state_offices.tsv` follows ("ga dor drives", "ohio department of transportation", "nj
    /// sos"), or the word after the state is the name's last, five letters or more, and an office word's cut
    /// ("georgia departme"). Source: how the states' bodies name themselves in the CISA .gov registry
    /// (tools/orgs/state_offices.py). Read for the merchant kind only (`MerchantChoice.kind`).
    public func namesStateBody(_ key: String) -> Bool {
        guard !stateNames.isEmpty else { return false }
        var key = key
        return key.withUTF8 { bytes in
            // One lookup turns most names away: the first word opens no state's name (no array made for them).
            guard let space = bytes.firstIndex(of: 0x20),
                  stateFirstWords.contains(String(decoding: UnsafeBufferPointer(rebasing: bytes[0..<space]), as: UTF8.self)) else { return false }
            // The ends of the name's first four words.
            var ends: [Int] = []
            ends.reserveCapacity(4)
            var index = 0
            while index < bytes.count, ends.count < 4 {
                if bytes[index] == 0x20 { ends.append(index) }
                index += 1
            }
            if ends.count < 4 { ends.append(bytes.count) }
            // A state of one to three words, then the next word.
            for words in stride(from: min(3, ends.count - 1), through: 1, by: -1) {
                let state = String(decoding: UnsafeBufferPointer(rebasing: bytes[0..<ends[words - 1]]), as: UTF8.self)
                guard stateNames.contains(state) else { continue }
                let next = String(decoding: UnsafeBufferPointer(rebasing: bytes[(ends[words - 1] + 1)..<ends[words]]), as: UTF8.self)
                if stateOfficeWords.contains(next) { return true }
                let last = ends[words] == bytes.count
                return last && next.utf8.count >= 5 && stateOfficeWords.contains { $0.hasPrefix(next) }
            }
            return false
        }
    }

    /// Whether the account's name says it is a credit-card account ("Chase Sapphire", "Nubank cartão").
    public func isCardAccount(_ account: String?) -> Bool {
        guard let account else { return false }
        let text = TokenizedText(account)
        return (0..<text.tokens.count).contains { cardAccountWords.contains(text.word($0)) }
    }
}
