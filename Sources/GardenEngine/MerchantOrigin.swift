/// Where a resolved merchant came from, printed as the merchant's `source` in the output: the resolver
/// whose evidence named it, or, when no resolver's evidence was better, the row's own reading of who
/// was paid: its counterparty (a document or name given with the row, a person read from a transfer)
/// or its cleaned descriptor.
public enum MerchantOrigin: Hashable, Sendable, CustomStringConvertible {
    case resolver(ResolverID)
    case counterparty
    case descriptor

    /// As printed: the resolver's id, `counterparty` or `descriptor`.
    public var description: String {
        switch self {
        case .resolver(let id): id.name
        case .counterparty: "counterparty"
        case .descriptor: "descriptor"
        }
    }
}
