import GardenFoundation
import GardenCatalog
import GardenAnalysis
import GardenEngine
import GardenNames

/// The bank's own lines. A statement line's type, from structured operation types
/// (`Rules/operation_types.tsv`: Open Finance `type`/`transactionType`, Pluggy `operationType`) or the
/// bank's fixed wording (`Rules/bank_lines.tsv`: IOF, juros, tarifa, pagamento de fatura, saque,
/// resgate, salário...), and transfers whose counterparty is a person (transfer.person) or, for money
/// in, a company (income.other). A bank's own fees and interest name the row's `account` bank.
public struct BankLineResolver: Resolver {
    public static let description = ResolverDescription(
        id: .bankLine, stage: .match,
        summary: "The bank's own line types and transfers to people (Rules/bank_lines.tsv, Rules/operation_types.tsv).",
        examples: [
            .init(#"{"description":"IOF COMPRA INTERNACIONAL","amount":-1.23,"account":"Nubank"}"#, category: "taxes.iof"),
            .init(#"{"description":"Juros saldo utiliz ate limite","amount":-14.01,"account":"Santander"}"#, category: "fees.interest", merchant: "Santander"),
            .init(#"{"description":"Pagamento cartao credito bce 05/03 19:40 cartao master","amount":-2172.88,"account":"Santander"}"#, category: "transfer.card_payment"),
            .init(#"{"description":"Transferência enviada pelo Pix - Ana Souza Lima - •••.482.613-•• - BCO X","amount":-10}"#, category: "transfer.person", merchant: "Ana Souza Lima"),
            .init(#"{"transactionId":"t1","transactionName":"TARIFA AVULSA","creditDebitType":"DEBITO","type":"TARIFA_SERVICOS_AVULSOS","transactionAmount":{"amount":"5.00","currency":"BRL"},"transactionDateTime":"2026-03-01T10:00:00.000Z"}"#, category: "fees.bank"),
            .init(#"{"description":"DROGARIA SAO PAULO","amount":-20}"#, category: nil),
        ])

    /// What this resolver reads of the shipped knowledge (its views), taken when the pipeline is built.
    /// A class: a row's call reads it through one reference (a struct of tables was copied, each of its buffers
    /// retained and released, for each row).
    final class Views: Sendable {
        /// Line types by structured operation type (`Rules/operation_types.tsv`).
        let operationTypes: [String: LineRule]
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
        /// The knowledge sections, for the states of ``PublicServices`` (read when a state agency is matched).
        let sections: KnowledgeSections

        init(operationTypes: [String: LineRule], bankLines: [LineRule], keywords: [LineRule], organisationWords: Set<String>,
             nameAbbreviations: NameAbbreviations, givenNames: GivenNames, brands: BrandNames, sections: KnowledgeSections) {
            (self.operationTypes, self.bankLines, self.keywords) = (operationTypes, bankLines, keywords)
            (self.organisationWords, self.nameAbbreviations, self.brands, self.sections) = (organisationWords, nameAbbreviations, brands, sections)
            self.givenNames = givenNames
        }
    }
    private var views: Views?

    public init() {}

    public static let reads: [any KnowledgeRead] = [Shipped.operationTypes, Shipped.bankLines, Shipped.keywords, Shipped.organisationWords,
                                                    Shipped.nameAbbreviations, Shipped.givenNames, Shipped.brandNames, Shipped.declared]

    public func taking(_ knowledge: KnowledgeViews) -> Self {
        var bound = self
        bound.views = Views(operationTypes: knowledge.view(Shipped.operationTypes), bankLines: knowledge.view(Shipped.bankLines),
                            keywords: knowledge.view(Shipped.keywords), organisationWords: knowledge.view(Shipped.organisationWords),
                            nameAbbreviations: knowledge.view(Shipped.nameAbbreviations), givenNames: knowledge.view(Shipped.givenNames),
                            brands: knowledge.view(Shipped.brandNames), sections: knowledge.view(Shipped.declared))
        return bound
    }

    public func propose(_ context: ResolutionContext) -> Proposal? {
        // The views lent to the row's call without a retain: this resolver holds them for the call.
        guard let views = views.map(Unmanaged.passUnretained) else { return nil }
        return views._withUnsafeGuaranteedRef { propose(context, $0) }
    }

    private func propose(_ context: ResolutionContext, _ views: Views) -> Proposal? {
        if let type = context.transaction.operationType, let rule = views.operationTypes[type], fits(rule, context.direction) {
            var found = proposal(rule, matched: "operation type \(type)", context, views)
            found.identity = identity(of: rule, wording: nil, context, views)
            return found
        }
        return publicService(context, views) ?? lineRule(context, views) ?? publicBody(context, views) ?? transfer(context, views)
    }

    /// The first bank-line rule matched in the descriptor that fits the direction (or that a reversal reverses).
    func lineRule(_ context: ResolutionContext, _ views: Views) -> Proposal? {
        let direction = context.direction
        let reversal = context.descriptor.refundWording != nil || context.transaction.operationType == "ESTORNO"
        for (index, text) in context.descriptor.bankLineMatches {
            let rule = views.bankLines[index]
            guard fits(rule, direction) || reversal && reverses(rule, direction) else { continue }
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
                var found = person(name, rule.confidence, Evidence(matched: text, location: rule.source.description,
                                                                   note: "a person's name after a P2P app"))
                found.identity = railPayee(rule, wording: text, context, views) ?? identity(of: rule, wording: text, context, views)
                return found
            }
            var found = proposal(rule, matched: text, context, views)
            found.identity = railPayee(rule, wording: text, context, views) ?? identity(of: rule, wording: text, context, views)
            // A longer wording that names no one ("VENDAS DEBITO") takes the name from a shorter one that does
            // and says the same ("CIELO VENDAS").
            if case .keep = rule.merchant, let named = context.descriptor.bankLineMatches.lazy.map({ views.bankLines[$0.rule] })
                .first(where: { other in
                    if case .named = other.merchant { return other.category == rule.category && fits(other, direction) }
                    return false
                }) {
                found.merchant = proposal(named, matched: text, context, views).merchant
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

    /// A payment to a public body ("PREFEITURA DE ITU", "SECRETARIA DA SAUDE") is a tax or fee, unless a trade word
    /// says what was bought ("ORCA KING COUNTY METRO" is transit).
    func publicBody(_ context: ResolutionContext, _ views: Views) -> Proposal? {
        if context.direction == .out, context.matchedBrand == nil, !context.descriptor.namesAnyTrade(views.keywords), let name = context.descriptor.cleanedName {
            if context.descriptor.namesPublicBody {
                let confidence = Confidence(perMille: 700)
                return Proposal(category: CategoryID.government, confidence: confidence, basis: .bankLine,
                                merchant: MerchantCandidate(name: name, kind: .government, confidence: confidence), flow: .expense,
                                evidence: Evidence(matched: name, location: "Rules/organisation_words.tsv", note: "a public body"))
            }
        }
        return nil
    }

    /// Transfers: to or from the holder, a person, or money in from a company (read as pay: income.salary).
    func transfer(_ context: ResolutionContext, _ views: Views) -> Proposal? {
        let direction = context.direction
        let cp = context.counterparty
        guard context.descriptor.isTransferWording || [.pix, .ted, .doc, .zelle, .p2p].contains(context.transaction.paymentMethod) else { return nil }
        let name = cp.name ?? context.descriptor.cleanedName
        if context.learned.isAccountHolder(name: name, document: cp.cnpj?.value ?? cp.cpfMask ?? context.transaction.counterpartyDocument) {
            return Proposal(category: CategoryID.transferToSelf, confidence: Confidence(perMille: 900), basis: .bankLine,
                            merchant: MerchantCandidate(name: name, kind: .person, confidence: Confidence(perMille: 900)), flow: .transfer,
                            evidence: Evidence(matched: cp.cpfMask ?? name ?? "", location: "garden me", note: "the holder's own account"))
        }
        if cp.isPerson, let name = cp.name ?? context.descriptor.cleanedName {
            return person(name, Confidence(perMille: cp.cpfMask != nil ? 850 : 750),
                          Evidence(matched: cp.cpfMask ?? name, location: "counterparty",
                                   note: cp.cpfMask != nil ? "a CPF names a person" : "a person's name in a transfer line"))
        }
        // Money in from a company by Pix, TED or an ACH credit, to a person's account: pay for work (issue 35; ISO 20022
        // PMNT/RCDT/SALA, CNAB 240 219), not other income; below a payroll word's confidence.
        // A name that is no person's only because it begins with no given name ("TITAN PNEUS", but also a name the lists
        // lack or a bank's cut wording) is pay at a confidence that asks for review (below the calibrated floor).
        if direction == .in, context.matchedBrand == nil, cp.cnpj != nil || cp.name != nil {
            let guessed = cp.cnpj == nil && cp.lacksGivenName
            return Proposal(category: CategoryID.salary, confidence: Confidence(perMille: guessed ? 600 : 650), basis: .bankLine, flow: .income,
                            evidence: Evidence(matched: cp.cnpj?.formatted ?? cp.name ?? "", location: "counterparty",
                                               note: guessed ? "money in from a name with no given name: pay" : "money in from a company: pay"))
        }
        // A credit transfer that prints no one ("TRANSF ENVIADO TED", "TRANSF RECEBIDO PIX"): ISO 20022 PMNT/ICDT (issued)
        // and PMNT/RCDT (received) credit transfers move money between accounts whose holder the line does not say: a
        // transfer, neither a purchase nor income, at the confidence of the other transfer wordings that name no one
        // ("TRANSFERENCIA AGENDADA"). A Pix paid by QR code is a sale's payment, not this.
        if direction != nil, cp.cnpj == nil, cp.cpfMask == nil, cp.name == nil, context.descriptor.cleanedName == nil,
           context.matchedBrand == nil, context.descriptor.method != .pixQR, context.transaction.paymentMethod != .pixQR {
            return Proposal(category: CategoryID.transferOther, confidence: Confidence(perMille: 550), basis: .bankLine, flow: .transfer,
                            evidence: Evidence(matched: "", location: direction == .out ? "ISO 20022 PMNT/ICDT" : "ISO 20022 PMNT/RCDT",
                                               note: "a credit transfer that names no one"))
        }
        // One word left in a transfer line ("PIX TRANSF LUIS"): a person as likely as a shop; a guess, flagged.
        if direction == .out, cp.cnpj == nil, context.matchedBrand == nil, !context.descriptor.namesAnyTrade(views.keywords),
           let name = cp.name ?? context.descriptor.cleanedName, !name.contains(" "), name.allSatisfy(\.isLetter),
           !views.organisationWords.contains(TextFold.fold(name)) {
            return Proposal(category: CategoryID.transferToPerson, confidence: Confidence(perMille: 500), basis: .bankLine,
                            merchant: MerchantCandidate(name: name, kind: .person, confidence: Confidence(perMille: 500)), flow: .transfer,
                            evidence: Evidence(matched: name, location: "counterparty", note: "one word left in a transfer line"))
        }
        return nil
    }

    /// A transfer to (or from) a person, who is the payee.
    private func person(_ name: String, _ confidence: Confidence, _ evidence: Evidence) -> Proposal {
        Proposal(category: CategoryID.transferToPerson, confidence: confidence, basis: .bankLine,
                 merchant: MerchantCandidate(name: name, kind: .person, confidence: confidence), flow: .transfer, evidence: evidence)
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

    private func fits(_ rule: LineRule, _ direction: Direction?) -> Bool {
        guard let wanted = rule.direction, let direction else { return true }
        return wanted == direction
    }

    private func proposal(_ rule: LineRule, matched: String, _ context: ResolutionContext, _ views: Views) -> Proposal {
        var merchant: MerchantCandidate?
        switch rule.merchant {
        case .keep:
            merchant = nil
        case .account:
            merchant = accountBank(context, views.brands)
        // A move between the holder's own accounts whose merchant words are its own wording names no person: the
        // account's bank holds both ends (issue 21). Other words left may name the other party, a person.
        case .none(.person) where rule.category == CategoryID.transferToSelf && Self.namesNoOtherParty(context.descriptor, views.bankLines):
            merchant = accountBank(context, views.brands)
        case .none(let kind):
            merchant = MerchantCandidate(name: nil, kind: kind, confidence: rule.confidence)
        case .named(let name, let kind):
            merchant = MerchantCandidate(name: name, kind: kind, confidence: rule.confidence)
        // The name as read (the row's own reading, ``MerchantChoice/baseline``), of the kind the wording settles.
        case .asRead(let kind):
            merchant = (context.counterparty.name ?? context.descriptor.cleanedName).map {
                MerchantCandidate(name: $0, kind: kind, confidence: rule.confidence)
            }
        }
        return Proposal(category: rule.category, confidence: rule.confidence, basis: .bankLine, merchant: merchant, flow: rule.flow,
                        evidence: Evidence(matched: matched, location: rule.source.description))
    }

    /// Whether every merchant word of `d` is a word of an own-account wording the line matched ("TRANSFER TO CHK",
    /// "MESMA TITULARIDADE"), a number or a one- or two-letter abbreviation: the line names no other party.
    static func namesNoOtherParty(_ d: Descriptor, _ bankLines: [LineRule]) -> Bool {
        let wording = Set(d.bankLineMatches.lazy.filter { bankLines[$0.rule].category == CategoryID.transferToSelf }
            .flatMap { $0.text.split(separator: " ") })
        return d.foldedName.split(separator: " ").allSatisfy { word in
            word.count <= 2 || wording.contains(word) || word.allSatisfy(\.isNumber)
        }
    }

    /// The row's own bank as the merchant: the bank its account names (kind bank), nameless when the row does not say.
    private func accountBank(_ context: ResolutionContext, _ brands: BrandNames) -> MerchantCandidate {
        let account = context.transaction.account
        let brand = account.flatMap { brands.bankBrand(account: $0) }
            ?? brands.bankBrand(account: context.transaction.descriptorText)
        // An account named in words ("Conta Sicredi") may name its bank; an account number never does, also
        // with a few letters in it ("999-12345-0055666-EOP": more digits than letters).
        let named = account.flatMap { account in
            let letters = account.unicodeScalars.filter(\.properties.isAlphabetic).count
            return letters >= 2 && letters > account.unicodeScalars.filter { ("0"..."9").contains($0) }.count ? account : nil
        }
        let name = brand?.name ?? named
        // The account's bank is a financial institution acting as itself even when the row does not say which.
        return MerchantCandidate(name: name, kind: .bank, brandID: brand?.id,
                                 confidence: Confidence(perMille: name == nil ? 400 : 850))
    }
}
