import GardenFoundation
import GardenCatalog
import GardenAnalysis
import GardenEngine

/// What the resolvers of the `bank_line` family share (``BankLineResolver``, ``OperationTypeResolver``,
/// ``TransferResolver``): a line rule read into a proposal (its category, flow and merchant) and the identity it states,
/// and a person paid by a transfer. No resolver calls another: they call these.
enum LineRules {
    /// A transfer to (or from) a person, who is the payee.
    static func person(_ name: String, _ confidence: Confidence, _ evidence: Evidence) -> Proposal {
        Proposal(category: CategoryID.transferToPerson, confidence: confidence, basis: .bankLine,
                 merchant: MerchantCandidate(name: name, kind: .person, confidence: confidence), flow: .transfer, evidence: evidence)
    }

    static func fits(_ rule: LineRule, _ direction: Direction?) -> Bool {
        guard let wanted = rule.direction, let direction else { return true }
        return wanted == direction
    }

    /// A line rule's proposal: its category, confidence and flow, and the merchant its `merchant` column says (the
    /// account's bank read from `brands`; `bankLines`, the rules the row's bank-line matches index).
    static func proposal(_ rule: LineRule, matched: String, _ context: ResolutionContext, _ brands: BrandNames, _ bankLines: [LineRule]) -> Proposal {
        var merchant: MerchantCandidate?
        switch rule.merchant {
        case .keep:
            merchant = nil
        case .account:
            merchant = accountBank(context, brands)
        // A move between the holder's own accounts whose merchant words are its own wording names no person: the
        // account's bank holds both ends (issue 21). Other words left may name the other party, a person.
        case .none(.person) where rule.category == CategoryID.transferToSelf && namesNoOtherParty(context.descriptor, bankLines):
            merchant = accountBank(context, brands)
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
    private static func accountBank(_ context: ResolutionContext, _ brands: BrandNames) -> MerchantCandidate {
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
