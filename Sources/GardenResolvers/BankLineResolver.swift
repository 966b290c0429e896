import GardenFoundation
import GardenCatalog
import GardenAnalysis
import GardenEngine
import GardenNames

/// The bank's own lines by their fixed wording (`Rules/bank_lines.tsv`, each bank's abbreviations in `Rules/banks/*.tsv`:
/// IOF, juros, tarifa, pagamento de fatura, saque, resgate, salário...): the first wording matched that fits the row's
/// direction (or that a reversal reverses), a person paid through a P2P app named after its wording. A bank's own fees
/// and interest name the row's `account` bank.
///
/// The `bank_line` family (issue 34): the jobs this resolver also did are resolvers of their own, asked in the
/// family's order and printed as `bank_line` while the family stands: ``OperationTypeResolver`` (a structured
/// operation type), ``PublicServiceResolver`` (a public payee by its form), this one, ``PublicBodyResolver`` (a public
/// body named) and ``TransferResolver`` (transfers to the holder, a person, or money in from a company).
public struct BankLineResolver: Resolver {
    public static let description = ResolverDescription(
        id: .bankLine, stage: .match,
        summary: "The bank's own line wording (Rules/bank_lines.tsv, Rules/banks/*.tsv); 0.5–0.9.",
        examples: [
            .init(#"{"description":"IOF COMPRA INTERNACIONAL","amount":-1.23,"account":"Nubank"}"#, category: "taxes.iof"),
            .init(#"{"description":"Juros saldo utiliz ate limite","amount":-14.01,"account":"Santander"}"#, category: "fees.interest", merchant: "Santander"),
            .init(#"{"description":"Pagamento cartao credito bce 05/03 19:40 cartao master","amount":-2172.88,"account":"Santander"}"#, category: "transfer.card_payment"),
            .init(#"{"description":"VENMO *KAYLA MORENO","amount":-25,"currency":"USD"}"#, category: "transfer.person"),
            .init(#"{"description":"DROGARIA SAO PAULO","amount":-20}"#, category: nil),
        ],
        family: .bankLine)

    /// What this resolver reads of the shipped knowledge (its views), taken when the pipeline is built.
    /// A class: a row's call reads it through one reference (a struct of tables was copied, each of its buffers
    /// retained and released, for each row).
    final class Views: Sendable {
        /// The bank-line rules the row's bank-line matches index (`Rules/bank_lines.tsv`, `Rules/banks/*.tsv`).
        let bankLines: [LineRule]
        /// The keyword and trade-word rules the row's keyword matches index (a trade word names a payee).
        let keywords: [LineRule]
        /// Organisation words (`Rules/organisation_words.tsv`) and business-name abbreviations
        /// (`Rules/name_abbreviations.tsv`): a name with one is no person's.
        let organisationWords: Set<String>
        let nameAbbreviations: NameAbbreviations
        /// The given names a person's name begins with (``GivenNames``).
        let givenNames: GivenNames
        /// The brands: the bank an account names, a line's fixed payee.
        let brands: BrandNames

        init(bankLines: [LineRule], keywords: [LineRule], organisationWords: Set<String>,
             nameAbbreviations: NameAbbreviations, givenNames: GivenNames, brands: BrandNames) {
            (self.bankLines, self.keywords) = (bankLines, keywords)
            (self.organisationWords, self.nameAbbreviations, self.brands) = (organisationWords, nameAbbreviations, brands)
            self.givenNames = givenNames
        }
    }
    private var views: Views?

    public init() {}

    public static let reads: [any KnowledgeRead] = [Shipped.bankLines, Shipped.keywords, Shipped.organisationWords,
                                                    Shipped.nameAbbreviations, Shipped.givenNames, Shipped.brandNames]

    public func taking(_ knowledge: KnowledgeViews) -> Self {
        var bound = self
        bound.views = Views(bankLines: knowledge.view(Shipped.bankLines), keywords: knowledge.view(Shipped.keywords),
                            organisationWords: knowledge.view(Shipped.organisationWords),
                            nameAbbreviations: knowledge.view(Shipped.nameAbbreviations), givenNames: knowledge.view(Shipped.givenNames),
                            brands: knowledge.view(Shipped.brandNames))
        return bound
    }

    public func propose(_ context: ResolutionContext) -> Proposal? {
        // Only a line whose wording a bank-line rule matched.
        guard !context.descriptor.bankLineMatches.isEmpty else { return nil }
        // The views lent to the row's call without a retain: this resolver holds them for the call.
        guard let views = views.map(Unmanaged.passUnretained) else { return nil }
        return views._withUnsafeGuaranteedRef { lineRule(context, $0) }
    }

    /// The first bank-line rule matched in the descriptor that fits the direction (or that a reversal reverses).
    func lineRule(_ context: ResolutionContext, _ views: Views) -> Proposal? {
        let direction = context.direction
        let reversal = context.descriptor.refundWording != nil || context.transaction.operationType == "ESTORNO"
        for (index, text) in context.descriptor.bankLineMatches {
            let rule = views.bankLines[index]
            guard LineRules.fits(rule, direction) || reversal && reverses(rule, direction) else { continue }
            // A P2P app paying a business or an organisation ("VENMO PAYMENT TO MILLER PLUMBING CO") pays no person.
            if rule.category == CategoryID.transferToPerson, Counterparty.endsInOrganisationWord(context.descriptor, organisationWords: views.organisationWords) { continue }
            if rule.yieldsToPayee, namesAPayee(context, beside: text, other: rule.category, views.keywords) { continue }
            // A P2P app paying a named person ("VENMO *KAYLA MORENO", the name after the "*"): the person is the
            // payee, the app the rail.
            if rule.category == CategoryID.transferToPerson, case .named = rule.merchant, context.transaction.descriptorText.contains("*"),
               let name = payee(after: text, in: context.descriptor.cleanedName),
               !Counterparty.namesABusiness(context.descriptor, keywords: views.keywords, abbreviations: views.nameAbbreviations,
                                            country: BrandScope.country(of: context.transaction)),
               Counterparty.looksLikePerson(name, notAPerson: views.organisationWords, givenNames: views.givenNames) {
                var found = LineRules.person(name, rule.confidence, Evidence(matched: text, location: rule.source.description,
                                                                   note: "a person's name after a P2P app"))
                found.identity = railPayee(rule, wording: text, context, views) ?? LineRules.identity(of: rule, wording: text, context, views.brands)
                return found
            }
            var found = LineRules.proposal(rule, matched: text, context, views.brands, views.bankLines)
            found.identity = railPayee(rule, wording: text, context, views) ?? LineRules.identity(of: rule, wording: text, context, views.brands)
            // A longer wording that names no one ("VENDAS DEBITO") takes the name from a shorter one that does
            // and says the same ("CIELO VENDAS").
            if case .keep = rule.merchant, let named = context.descriptor.bankLineMatches.lazy.map({ views.bankLines[$0.rule] })
                .first(where: { other in
                    if case .named = other.merchant { return other.category == rule.category && LineRules.fits(other, direction) }
                    return false
                }) {
                found.merchant = LineRules.proposal(named, matched: text, context, views.brands, views.bankLines).merchant
            }
            return found
        }
        return nil
    }

    /// The person a person-to-person rail's line names after the rail's wording (`VENMO PAYMENT 1023456789 MARIA GARCIA`,
    /// `VENMO *MARIA GARCIA`): their name, less operation words, rails and numbers, when it reads as a person's and the
    /// line names no business. That person is the payee, the app only the rail, so a correction of one row follows the
    /// rows of that person and never every row of the rail (issue 37; the replay moved Venmo's rows to two people with
    /// one Venmo row taught). Nil for any other line: the rule's own identity (``identity(of:wording:_:_:)``).
    func railPayee(_ rule: LineRule, wording: String, _ context: ResolutionContext, _ views: Views) -> MerchantIdentity? {
        guard rule.category == CategoryID.transferToPerson, case .named = rule.merchant,
              let after = payee(after: wording, in: context.descriptor.cleanedName) else { return nil }
        // The name runs from its first word to the next number (a date, a reference: `VENMO *ELIN ZHOU 08/03 PMNT SENT
        // XXXXX11161 NY`); operation words and rails in it are no part of it.
        let stop = context.engine.identityStopWords
        let all = TextFold.fold(after).split(separator: " ").map(String.init).drop { stop.contains($0) || $0.contains(where: \.isNumber) }
        let words = all.prefix { !$0.contains(where: \.isNumber) }.filter { !stop.contains($0) }
        let name = words.joined(separator: " ")
        guard words.count >= 2,
              !Counterparty.namesABusiness(context.descriptor, keywords: views.keywords, abbreviations: views.nameAbbreviations,
                                           country: BrandScope.country(of: context.transaction)),
              Counterparty.looksLikePerson(name, notAPerson: views.organisationWords, givenNames: views.givenNames),
              let person = MerchantIdentity.personName(name, context) else { return nil }
        return person.stated(from: MerchantIdentity.StatedLine(category: rule.category, owner: .payee))
    }

    /// Whether the line names who a biller's wording paid: a brand that is not a bank, a trade word of a category
    /// `other` than the wording's and not one of the `wording`'s own words (TELEFONE in `CONTA TELEFONE`), or a
    /// public body. A trade word agreeing with the wording confirms it (`UNION MARKET` with the memo's GROCERY STORE).
    private func namesAPayee(_ context: ResolutionContext, beside wording: String, other category: String, _ keywords: [LineRule]) -> Bool {
        if let brand = context.matchedBrand?.brand { return !brand.flags.contains(.bank) }
        let padded = " " + wording + " "
        return context.descriptor.keywordMatches.contains {
            !keywords[$0.rule].hint && keywords[$0.rule].category != category && !padded.contains(" " + $0.text + " ")
        } || context.descriptor.namesPublicBody
    }

    /// The words of `name` after the app's own words `matched` ("Venmo Kayla Moreno" → "Kayla Moreno").
    private func payee(after matched: String, in name: String?) -> String? {
        guard let name else { return nil }
        let words = name.split(separator: " ")
        let app = matched.split(separator: " ").count
        guard words.count > app,
              TextFold.fold(words.prefix(app).joined(separator: " ")) == TextFold.fold(matched) else { return nil }
        return words.dropFirst(app).joined(separator: " ")
    }

    /// A spending line (a fee, IOF, a tax) seen on money in with reversal wording ("ESTORNO TARIFA"): the
    /// reversal takes the category of what it reverses; the flow becomes `refund` when the row is decided.
    private func reverses(_ rule: LineRule, _ direction: Direction?) -> Bool {
        rule.direction == .out && direction == .in && FlowPolicy.flow(of: rule.category) == .expense
    }
}
