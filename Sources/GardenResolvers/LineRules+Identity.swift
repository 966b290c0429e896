import GardenFoundation
import GardenCatalog
import GardenEngine

extension LineRules {
    /// The merchant identity a line rule establishes (``Proposal/identity``), when the line is the bank's own
    /// business (IOF, interest, a fee, the card bill): the line type is the merchant, with the bank for its own
    /// business and the `wording` matched (nil for an operation type). A line that keeps the payee it names
    /// (`keep`) establishes none, nor does an account line that names a payee besides the bank.
    static func identity(of rule: LineRule, wording: String?, _ context: ResolutionContext, _ brands: BrandNames) -> MerchantIdentity? {
        switch rule.merchant {
        case .account:
            let line = MerchantIdentity.StatedLine(category: rule.category, owner: .bank)
            // A payee named in the line makes it the payee's ("Pagamento Fatura de Gás - COMPANHIA ULTRAGAZ" is
            // Ultragaz's bill, not the bank's card bill): the line is the bank's own only when it names no one else.
            if let payee = MerchantIdentity.namedPayee(context) { return payee.stated(from: line) }
            return MerchantIdentity(.bankLine(category: rule.category, bank: nil, wording: wording), line: line, perAccount: true)
        case .none:
            // A move between the holder's accounts or into an investment is the account's bank's line of that kind: a
            // correction of it follows that bank's later lines, never another bank's (issue 37); a tax or a cash move
            // with no payee is nobody's, the same line at every bank.
            return MerchantIdentity(.bankLine(category: rule.category, bank: nil, wording: wording),
                                    line: MerchantIdentity.StatedLine(category: rule.category, owner: .nobody),
                                    perAccount: Taxonomy.id(rule.category, isWithin: "transfer"))
        // A line type with a fixed payee (IOF, Receita Federal, an acquirer's settlement): that payee, whatever else
        // the line prints ("IOF de \"Manning\"", "IOF: 08427" are one merchant); the payee's catalog brand when the
        // line is what that brand always is (a DAS and a DARF are both `brand:receitafederal`), never a bank's or a
        // wallet's, whose lines are many flows (Wells Fargo's ATM fee is not its card bill; Cash App's own top-up
        // is not its P2P transfer).
        case .named(let name, _):
            let line = MerchantIdentity.StatedLine(category: rule.category, owner: .payee)
            if let brand = brands.brand(named: name), brand.category == rule.category, !brand.flags.contains(.bank) {
                return MerchantIdentity.of(brand).stated(from: line)
            }
            // A bank's own kind of line under a generic payee (`ATM` for a withdrawal, a fee) is each bank's: a correction
            // of one bank's ATM line never moves another bank's (issue 37; the one-store replay moved every bank's
            // withdrawals after one bank's ATM line was taught as a fee). A tax's or a wallet's payee is one everywhere.
            // A generic payee names no one: the line is the bank's own, so a correction that contradicts its kind (an ATM
            // line taught as a fee: the bank's surcharge printed like a withdrawal) stays with that row (``CorrectionScope``).
            let own = Taxonomy.id(rule.category, isWithin: "cash") || Taxonomy.id(rule.category, isWithin: "fees")
            return MerchantIdentity(.bankLine(category: rule.category, bank: TextFold.lettersAndDigits(name), wording: wording),
                                    line: own ? MerchantIdentity.StatedLine(category: rule.category, owner: .bank) : line, perAccount: own)
        case .keep, .asRead:
            return nil
        }
    }
}
