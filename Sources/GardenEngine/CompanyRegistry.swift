import GardenFoundation

/// The company registry as the resolvers read it: one establishment by CNPJ, from the Receita Federal
/// "Dados Abertos CNPJ" tables (public data, kept in a database of its own, never in the user's
/// learned state). GardenStore's `RegistryReader` implements it over SQLite.
///
/// ## Implementing
/// A lookup must be safe from several threads (rows are resolved in parallel) and fast enough to be
/// called once per row holding a CNPJ (cache what you read):
/// ```swift
/// struct FixedRegistry: CompanyRegistry {
///     var establishments: [String: RegisteredEstablishment]
///     var chainThreshold = 10
///     func establishment(_ cnpj: CNPJ) -> RegisteredEstablishment? { establishments[cnpj.value] }
/// }
/// ```
public protocol CompanyRegistry: Sendable {
    /// The establishment with this CNPJ, with its company (root) and the root's establishment count;
    /// nil when the registry does not hold it.
    func establishment(_ cnpj: CNPJ) -> RegisteredEstablishment?
    /// How many active establishments of one root make its company a chain (`--chain-threshold`).
    var chainThreshold: Int { get }
    /// Where the registry lives, for evidence (`registry /path/registry.db`).
    var sourceName: String { get }
}

extension CompanyRegistry {
    public var sourceName: String { "registry" }
}
