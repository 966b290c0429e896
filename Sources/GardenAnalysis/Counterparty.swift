import GardenFoundation
import GardenCatalog
import GardenNames

/// Who is on the other side of a row, from documents and names before any catalog match: a CNPJ (a
/// company; a processor's CNPJ makes it an intermediary, not the merchant), a CPF (a person, kept only
/// masked), and the name given with it or read from a transfer line.
public struct Counterparty: Sendable, Hashable {
    public var cnpj: CNPJ?
    /// The CPF as a mask (`•••.482.613-••`); the full number is never kept.
    public var cpfMask: String?
    /// The name as given (`counterparty.name`) or read from the line, cleaned of legal suffixes.
    public var name: String?
    /// Whether the counterparty is an individual.
    public var isPerson: Bool
    /// Whether the name read from a transfer line passed every test of a person's name but the given-name one
    /// (``looksLikePerson(_:notAPerson:givenNames:)``): most likely a company's ("TITAN PNEUS"), sometimes a person
    /// the lists do not know or a bank's cut wording, so what rests on it is flagged.
    public var lacksGivenName: Bool
    /// Catalog brand with this CNPJ root.
    public var brand: Int?
    /// Processor with this CNPJ root (then the CNPJ is an intermediary's).
    public var processor: Int?

    /// Reads the counterparty from the row's fields and the analyzed descriptor.
    public init(transaction t: Transaction, descriptor d: Descriptor, views: AnalysisViews) {
        cnpj = nil
        cpfMask = nil
        name = nil
        isPerson = false
        lacksGivenName = false
        brand = nil
        processor = nil
        if let given = t.counterpartyDocument {
            let digits = Self.documentCharacters(given)
            if let parsed = CNPJ(digits) {
                cnpj = parsed
            } else if digits.count == 11 || given.contains("•") || given.contains("*") {
                cpfMask = CPF.mask(given)
            }
        }
        for document in d.documents {
            switch document {
            case .cnpj(let found) where cnpj == nil: cnpj = found
            case .cpf(let mask) where cpfMask == nil && cnpj == nil: cpfMask = mask
            default: continue
            }
        }
        if let root = cnpj?.root {
            brand = views.brandByCNPJRoot[root]
            processor = views.processorByCNPJRoot[root]
        }
        // A processor's CNPJ names the intermediary: a merchant's CNPJ printed in the line beside it
        // ("BOLETO CIELO 01.027.058/0001-91 PADARIA 65.555.555/0001-45") is the counterparty's.
        if processor != nil, let merchant = Self.firstNonProcessorCNPJ(d.documents, views) {
            cnpj = merchant
            brand = views.brandByCNPJRoot[merchant.root]
        }
        if let given = t.counterpartyName, !given.isEmpty {
            let text = TokenizedText(given)
            name = DescriptorAnalyzer.displayName(text, 0..<text.tokens.count, places: views.nameTrailingWords(country: BrandScope.country(of: t)), legalSuffixes: views.legalSuffixes)
        } else if d.isTransferWording || t.paymentMethod == .boleto || d.method == .boleto {
            name = d.cleanedName
        }
        if cpfMask != nil && cnpj == nil {
            isPerson = true
        } else if cnpj == nil, !d.marksCompany, d.isTransferWording, !Self.endsInOrganisationWord(d, organisationWords: views.organisationWords),
                  // A brand that starts the name names a company ("EDP SAO PAULO"); a brand word later in a
                  // person's name is their surname ("JOANA RIACHUELO COSTA", "WENDY ARBY").
                  !d.brandMatches.contains(where: { ($0.mode == .word || $0.mode == .glued) && $0.firstToken == d.merchantRange.lowerBound }),
                  !Self.namesABusiness(d, keywords: views.keywords, abbreviations: views.nameAbbreviations, country: BrandScope.country(of: t)),
                  !d.bankLineMatches.contains(where: { views.bankLines[$0.rule].category == CategoryID.salary }) {
            // A brand named in the line outranks a name that merely looks personal ("EDP SAO PAULO");
            // initials count as words ("MARIA C S", "JOAO S").
            let candidate = t.counterpartyName ?? d.merchantText.sourceText(d.merchantRange)
            if Self.looksLikePerson(candidate, notAPerson: views.organisationWords) {
                isPerson = !views.givenNames.isKnown || Self.beginsWithGivenName(TokenizedText(candidate), givenNames: views.givenNames)
                lacksGivenName = !isPerson
            }
        }
    }

    /// The digits and capital letters of a document as given (letters upper-cased first: an alphanumeric CNPJ);
    /// an ASCII text, the usual case, is read byte by byte.
    static func documentCharacters(_ given: String) -> String {
        guard given.utf8.allSatisfy({ $0 < 0x80 }) else {
            return String(given.uppercased().unicodeScalars.filter { ("0"..."9").contains($0) || ("A"..."Z").contains($0) })
        }
        var kept: [UInt8] = []
        kept.reserveCapacity(given.utf8.count)
        for b in given.utf8 {
            let upper = b >= 0x61 && b <= 0x7A ? b - 0x20 : b
            if (upper >= 0x30 && upper <= 0x39) || (upper >= 0x41 && upper <= 0x5A) { kept.append(upper) }
        }
        return String(decoding: kept, as: UTF8.self)
    }

    /// Whether the name ends in a business's or an organisation's word ("ZELLE TO GRACE CHURCH", "VENMO PAYMENT TO
    /// MILLER PLUMBING CO"), also when that word was dropped from the name printed right after it (a legal form
    /// read as a place code: "JOSE CARLOS SILVA ME", ME also being Maine's).
    /// - Parameter organisationWords: ``AnalysisViews/organisationWords`` (`Rules/organisation_words.tsv`).
    public static func endsInOrganisationWord(_ d: Descriptor, organisationWords: Set<String>) -> Bool {
        let words = d.merchantText.tokens.count
        var k = min(d.merchantRange.upperBound, words - 1)
        while k >= d.merchantRange.lowerBound, k > 0, d.merchantText.tokens[k].isNumber { k -= 1 }
        guard k >= 0, k < words, d.merchantText.word(k).count >= 2 else { return false }
        return organisationWords.contains(d.merchantText.word(k))
    }

    /// Whether the merchant words carry a business's word, so they name no person: a trade word that decides
    /// (``Descriptor/namesATrade(_:)``; `keywords`: ``AnalysisViews/keywords``), an abbreviation printed only in business names (`Rules/name_abbreviations.tsv`
    /// for the row's `country`: VEIC, MGMT, SVC, "no word of its own"), a Brazilian bank abbreviation of the trade
    /// lexicon (flag `br`: DIST, COML, LANCH, never a name's word), or an English trade noun in -ing that the
    /// trade lexicon lists, even as a hint (LANDSCAPING, PLUMBING, ROOFING: a service, never a given name or surname).
    public static func namesABusiness(_ d: Descriptor, keywords: [LineRule], abbreviations: NameAbbreviations, country: String?) -> Bool {
        if d.namesATrade(keywords) { return true }
        if d.keywordMatches.contains(where: { match in
            keywords[match.rule].brazilOnly || match.text.count >= 6 && match.text.hasSuffix("ing") && !match.text.contains(" ")
        }) { return true }
        let range = d.merchantRange.clamped(to: 0..<d.merchantText.tokens.count)
        let words = range.filter { !d.merchantText.tokens[$0].isNumber }.map { d.merchantText.word($0) }.joined(separator: " ")
        return abbreviations.containsAbbreviation(words, country: country)
    }

    /// The first CNPJ among `documents` that is not a processor's.
    static func firstNonProcessorCNPJ(_ documents: [Descriptor.Document], _ views: AnalysisViews) -> CNPJ? {
        for case .cnpj(let found) in documents where views.processorByCNPJRoot[found.root] == nil { return found }
        return nil
    }

    /// A name of 2 to 6 words of letters, none of them a word that only a business or an organisation
    /// carries (`notAPerson`: ``AnalysisViews/organisationWords``, from `Rules/organisation_words.tsv`; keyword
    /// matches are checked by the caller: "PADARIA AURORA" is a bakery), that begins with a given name
    /// (``beginsWithGivenName(_:_:givenNames:)``; `givenNames` nil or with no list: not asked).
    public static func looksLikePerson(_ name: String, notAPerson: Set<String>, givenNames: GivenNames? = nil) -> Bool {
        let text = TokenizedText(name)
        // Reference numbers beside the name ("PARKER LUKE 84321") are not part of it.
        let words = (0..<text.tokens.count).filter { !text.tokens[$0].isNumber }
        guard words.count >= 2, words.count <= 6 else { return false }
        guard !words.contains(where: { notAPerson.contains(text.word($0)) }) else { return false }
        guard let givenNames, givenNames.isKnown else { return true }
        return beginsWithGivenName(text, givenNames: givenNames)
    }

    /// Whether the name `text` (its words of letters) begins with a given name (``GivenNames``: the IBGE
    /// Censo 2010's Brazilian names, nam_dict's of 54 countries): its first word, an initial ("J R ALBUQUERQUE": the
    /// given name cut to its letter) or one of the lists, or the first word after a comma (a name printed surname
    /// first, "PHAM, LAN"). A company's name begins with its own word ("PLASTIPEL EMBALAGE", "TITAN PNEUS", "SINGULAR
    /// MIND MARKETI"), which no list of given names holds.
    static func beginsWithGivenName(_ text: TokenizedText, givenNames: GivenNames) -> Bool {
        let words = (0..<text.tokens.count).filter { !text.tokens[$0].isNumber }
        if let first = words.first, text.wordBytes(first).count == 1 || givenNames.contains(text.wordBytes(first)) { return true }
        for (k, index) in words.enumerated() where k > 0 {
            let gap = text.source[text.tokens[words[k - 1]].end..<text.tokens[index].start]
            if gap.contains(UInt8(ascii: ",")) { return givenNames.contains(text.wordBytes(index)) }
        }
        return false
    }
}
