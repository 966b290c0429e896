import GardenFoundation

/// What the Receita Federal registry says about one establishment (a CNPJ) and its company (the root,
/// first 8 characters). Field meanings follow the published layout ("Metadados / Layout dos Dados
/// Abertos do CNPJ", Receita Federal): Estabelecimentos columns 4, 5, 11, 12, 19, 20; Empresas 1, 2.
public struct RegisteredEstablishment: Sendable, Hashable {
    /// Situação cadastral (Estabelecimentos column 5).
    public enum Status: Int, Sendable, Hashable {
        case null = 1, active = 2, suspended = 3, unfit = 4, closed = 8

        /// The Receita's word: nula, ativa, suspensa, inapta, baixada.
        public var word: String {
            switch self {
            case .null: "nula"
            case .active: "ativa"
            case .suspended: "suspensa"
            case .unfit: "inapta"
            case .closed: "baixada"
            }
        }
    }

    public var cnpj: CNPJ
    /// Nome fantasia, as published (upper case, UTF-8), nil when empty.
    public var tradeName: String?
    /// Razão social, with an MEI owner's CPF digits removed (see ``ownerCPFMask``); nil when the
    /// company table was not imported.
    public var legalName: String?
    /// For an MEI, whose legal name ends with the owner's CPF: that CPF masked (`•••.482.613-••`).
    public var ownerCPFMask: String?
    /// Natureza jurídica, 4 digits (2062 Sociedade Empresária Limitada, 2135 Empresário Individual;
    /// 1xxx public administration), and its description when the Naturezas table was imported.
    public var legalNature: Int?
    public var legalNatureName: String?
    /// CNAE fiscal principal and secundárias, 7 digits each (`4711302`).
    public var mainCNAE: String?
    public var secondaryCNAEs: [String]
    /// Município name (Municipios table; the code when the table was not imported) and UF.
    public var city: String?
    public var uf: String?
    public var status: Status?
    /// Establishments of the root: all of them, and those whose status is ativa.
    public var rootEstablishments: Int
    public var rootActiveEstablishments: Int

    public init(cnpj: CNPJ, tradeName: String? = nil, legalName: String? = nil, ownerCPFMask: String? = nil, legalNature: Int? = nil,
                legalNatureName: String? = nil, mainCNAE: String? = nil, secondaryCNAEs: [String] = [], city: String? = nil,
                uf: String? = nil, status: Status? = nil, rootEstablishments: Int = 1, rootActiveEstablishments: Int = 1) {
        self.cnpj = cnpj
        self.tradeName = tradeName
        self.legalName = legalName
        self.ownerCPFMask = ownerCPFMask
        self.legalNature = legalNature
        self.legalNatureName = legalNatureName
        self.mainCNAE = mainCNAE
        self.secondaryCNAEs = secondaryCNAEs
        self.city = city
        self.uf = uf
        self.status = status
        self.rootEstablishments = rootEstablishments
        self.rootActiveEstablishments = rootActiveEstablishments
    }

    /// Whether the legal nature is public administration (natureza jurídica 1xxx: federal, state and
    /// municipal bodies, autarquias, public foundations; Receita Federal's Naturezas table).
    public var isPublicAdministration: Bool { legalNature.map { $0 >= 1000 && $0 < 2000 } ?? false }

    /// Whether the company is an MEI read from its legal name (owner's name + CPF digits).
    public var isMEI: Bool { ownerCPFMask != nil }
}
