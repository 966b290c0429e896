import GardenFoundation
import GardenCatalog
import GardenAnalysis

extension MerchantIdentity {
    /// The payee a bank's own line names besides the bank ("Pagamento Fatura de Gás - COMPANHIA ULTRAGAZ": Ultragaz), or
    /// nil when the line names no one else: a catalog brand matched in the line, or a company's CNPJ, that is not
    /// the payee of many flows (a bank, a wallet, an investment house: a brand whose category is a transfer's) nor
    /// a processor. Corrections of such a row are about that payee, never about every card bill of the bank.
    public static func namedPayee(_ context: ResolutionContext) -> MerchantIdentity? {
        let engine = context.engine
        func payee(_ brand: Brand) -> Bool {
            !brand.flags.contains(.bank) && !brand.flags.contains(.channel) && FlowPolicy.flow(of: brand.category) == .expense
        }
        if let (brand, _) = context.matchedBrand, payee(brand) { return of(brand) }
        if let index = context.counterparty.brand, payee(engine.brands[index]) { return of(engine.brands[index]) }
        if context.counterparty.brand == nil, context.counterparty.processor == nil, let cnpj = context.counterparty.cnpj {
            return MerchantIdentity(.document(cnpj.root))
        }
        return nil
    }
}
