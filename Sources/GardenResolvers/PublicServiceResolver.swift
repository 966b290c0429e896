import GardenFoundation
import GardenCatalog
import GardenAnalysis
import GardenEngine

/// A payment to a public payee named by its form (`Rules/public_services.tsv`, ``PublicServices``): a municipal or county
/// body and the service its payment was for, or a state agency beside its state (``publicService(_:)``).
///
/// One job of the former `bank_line` resolver, split from it (issue 34): second in the `bank_line` family, after a
/// structured operation type, printed as `bank_line` while the family stands. It owns the public-payee forms.
public struct PublicServiceResolver: KnowledgeResolver {
    public typealias Knowledge = PublicServices

    public static let description = ResolverDescription(
        id: "public_service", stage: .match,
        summary: "A public payee by its form and service word, a state agency beside its state (Rules/public_services.tsv); 0.7–0.8.",
        examples: [
            .init(#"{"description":"CITY OF OTTAWA WATER","amount":-80,"currency":"CAD"}"#, category: "home.utilities", merchant: "City of Ottawa"),
            .init(#"{"description":"CA DMV","amount":-60,"currency":"USD"}"#, category: "taxes.government", merchant: "California DMV"),
            .init(#"{"description":"DROGARIA SAO PAULO","amount":-20}"#, category: nil),
        ],
        family: .bankLine, formerly: [.bankLine])

    /// The knowledge sections, for the states of ``PublicServices`` (read when a state agency is matched), taken when
    /// the pipeline is built.
    private var sections: KnowledgeSections?

    public init() {}

    public static let reads: [any KnowledgeRead] = [Shipped.declared]

    public func taking(_ knowledge: KnowledgeViews) -> Self { var bound = self; bound.sections = knowledge.view(Shipped.declared); return bound }

    public func propose(_ context: ResolutionContext) -> Proposal? {
        // The sections are read only beside a state agency's hit (a copy of them per row otherwise).
        guard sections != nil else { return nil }
        return publicService(context)
    }
    /// Confidences (per mille): a public body's form with a service word after it, the form alone (a public fee or
    /// tax), a place's county with a service word, a state agency beside its state.
    static let serviceForm = 800, bareForm = 700, countyService = 750, stateAgency = 800

    /// A payment to a public body named by its form ("CITY OF OTTAWA WATER", "TOWN OF OAKVILLE PROPERTY TAX",
    /// "KING COUNTY TREASURER") or to a state agency beside its state ("CA DMV"): the category its service word
    /// names (else a public fee or tax), the merchant the form and its place ("City of Ottawa") or the state and the
    /// agency ("California DMV"), kind government. Money out only (a city paying its staff is their salary); a form
    /// must head the merchant words (a city inside a card line's place, "… CITY OF INDUSTRY CA", is no payee), and
    /// a brand other than a public body keeps its line.
    func publicService(_ context: ResolutionContext) -> Proposal? {
        guard context.direction != .in else { return nil }
        let hits = context.matches(of: Self.self)
        guard hits.contains(where: { if case .service = $0.entry { return false } else { return true } }) else { return nil }
        if let brand = context.matchedBrand?.brand, brand.kind != .government { return nil }
        let d = context.descriptor
        let names = d.foldedName.split(separator: " ").map(String.init)
        let shown = d.cleanedName.map { $0.split(separator: " ").map(String.init) }
        /// The first service word after the folded byte `offset` of the line, its category and where it starts in `names`.
        func service(after offset: Int) -> (hit: KnowledgeHit<PublicServices>, category: String, word: Int?)? {
            for hit in hits where hit.span.lowerBound >= offset {
                guard case .service(let category) = hit.entry else { continue }
                let length = hit.text.split(separator: " ").count
                let word = names.indices.first { names[$0..<min(names.count, $0 + length)].joined(separator: " ") == hit.text }
                return (hit, category, word)
            }
            return nil
        }
        /// The words `range` of the name as printed (the cleaned name's words when they are the folded ones).
        func display(_ range: Range<Int>) -> String {
            if let shown, shown.count == names.count { return shown[range].joined(separator: " ") }
            return names[range].map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
        }
        for hit in hits {
            switch hit.entry {
            case .form:
                let formWords = hit.text.split(separator: " ").count
                guard names.count > formWords, d.foldedName.hasPrefix(hit.text + " ") else { continue }
                let found = service(after: hit.span.upperBound)
                // The place: the words after the form, up to the service word.
                let placeEnd = found?.word ?? names.count
                guard placeEnd > formWords else { continue }
                let name = display(0..<placeEnd)
                return governmentProposal(name, category: found?.category ?? CategoryID.government,
                                          confidence: found == nil ? Self.bareForm : Self.serviceForm, hit,
                                          note: found.map { "a public body's form and its service word \"\($0.hit.text)\"" } ?? "a public body's form")
            case .county:
                // "KING COUNTY TREASURER": one to three words of place, the county, then a service word.
                guard let position = names.prefix(4).firstIndex(of: hit.text), position >= 1,
                      let found = service(after: hit.span.upperBound), let word = found.word, word > position else { continue }
                return governmentProposal(display(0..<(position + 1)), category: found.category, confidence: Self.countyService, hit,
                                          note: "a county and its service word \"\(found.hit.text)\"")
            case .agency(let agency, let category):
                guard let sections, let state = state(beside: hit.span, in: d.text, sections) else { continue }
                return governmentProposal(state + " " + agency, category: category, confidence: Self.stateAgency, hit,
                                          note: "a state agency beside its state")
            case .service, .state:
                continue
            }
        }
        return nil
    }

    /// The name of the state printed right before or after the words at folded byte `span` of `text` (its code,
    /// "CA DMV", or its name, "DMV CALIFORNIA", "NEW YORK DMV"), nil when none is.
    private func state(beside span: Range<Int>, in text: TokenizedText, _ sections: KnowledgeSections) -> String? {
        guard let first = text.tokens.firstIndex(where: { $0.foldedStart == span.lowerBound }),
              let last = text.tokens.firstIndex(where: { $0.foldedEnd == span.upperBound }) else { return nil }
        let states: [(code: String, name: String)] = sections.entries(of: PublicServices.self).compactMap {
            if case .state(let code, let name) = $0 { return (code, name) } else { return nil }
        }
        // One to three words before the agency, or after it.
        for length in 1...3 {
            for range in [(first - length)..<first, (last + 1)..<(last + 1 + length)] where range.lowerBound >= 0 && range.upperBound <= text.tokens.count {
                let words = range.map { text.word($0) }.joined(separator: " ")
                if length == 1, let state = states.first(where: { $0.code == words }) { return state.name }
                if let state = states.first(where: { TextFold.fold($0.name) == words }) { return state.name }
            }
        }
        return nil
    }

    private func governmentProposal(_ name: String, category: String, confidence perMille: Int, _ hit: KnowledgeHit<PublicServices>,
                                    note: String) -> Proposal {
        let confidence = Confidence(perMille: perMille)
        var found = Proposal(category: category, confidence: confidence, basis: .bankLine,
                             merchant: MerchantCandidate(name: name, kind: .government, confidence: confidence), flow: .expense,
                             evidence: Evidence(matched: hit.text, location: hit.location.description, note: note))
        // The payee is its own merchant (California's DMV is not Ohio's BMV), whatever catalog brand lists them together.
        let folded = TextFold.fold(name)
        found.identity = MerchantIdentity(.name(words: folded.split(separator: " ").map(String.init), phrase: folded))
        return found
    }
}
