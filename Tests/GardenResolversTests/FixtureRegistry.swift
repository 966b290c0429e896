import GardenFoundation
import GardenEngine

/// A small in-memory company registry for the resolver tests: the SERPRO branch of the Receita
/// samples, and made-up establishments with valid check digits for each kind rule.
struct FixtureRegistry: CompanyRegistry {
    var establishments: [String: RegisteredEstablishment]
    var chainThreshold = 10
    var sourceName: String { "registry fixture" }

    func establishment(_ cnpj: CNPJ) -> RegisteredEstablishment? { establishments[cnpj.value] }

    static func make(_ cnpj: String, _ build: (inout RegisteredEstablishment) -> Void) -> (String, RegisteredEstablishment) {
        var found = RegisteredEstablishment(cnpj: CNPJ(cnpj)!)
        build(&found)
        return (found.cnpj.value, found)
    }

    /// A baixada (closed) restaurant.
    static let closedCNPJ = "62222222000106"

    static let standard = FixtureRegistry(establishments: Dictionary(uniqueKeysWithValues: [
        make("33683111000280") {
            $0.tradeName = "REGIONAL BRASILIA-DF"
            $0.legalName = "SERVICO FEDERAL DE PROCESSAMENTO DE DADOS (SERPRO)"
            $0.legalNature = 2011
            $0.mainCNAE = "6204000"
            $0.uf = "DF"
            $0.status = .active
        },
        make(closedCNPJ) {
            $0.tradeName = "RESTAURANTE FECHADO"
            $0.legalNature = 2062
            $0.mainCNAE = "5611201"
            $0.status = .closed
        },
        make("46000000000192") {
            $0.legalName = "MUNICIPIO DE EXEMPLO"
            $0.legalNature = 1244
            $0.mainCNAE = "8411600"
        },
        make("29000000000173") {
            $0.legalName = "JOAO DA SILVA"
            $0.ownerCPFMask = "•••.456.789-••"
            $0.legalNature = 2135
            $0.mainCNAE = "5611201"
        },
        make("38000000000164") {
            $0.tradeName = "SUPERMERCADO BOM PRECO"
            $0.legalName = "BOM PRECO COMERCIO DE ALIMENTOS LTDA"
            $0.legalNature = 2062
            $0.mainCNAE = "4711302"
            $0.rootEstablishments = 260
            $0.rootActiveEstablishments = 250
        },
        make("38000000000245") {
            $0.legalName = "BOM PRECO COMERCIO DE ALIMENTOS LTDA"
            $0.legalNature = 2062
            $0.mainCNAE = "8888888"
            $0.rootEstablishments = 260
            $0.rootActiveEstablishments = 250
        },
        make("60701190000104") {
            $0.tradeName = "ITAU UNIBANCO"
            $0.legalName = "ITAU UNIBANCO S.A."
            $0.legalNature = 2046
            $0.mainCNAE = "6422100"
            $0.rootEstablishments = 3
            $0.rootActiveEstablishments = 3
        },
        make("01027058000191") {
            $0.legalName = "CIELO S.A. - INSTITUICAO DE PAGAMENTO"
            $0.legalNature = 2046
            $0.mainCNAE = "6613400"
        },
        make("AB123456000110") {
            $0.tradeName = "LOJA NOVA"
            $0.legalName = "LOJA NOVA MODAS LTDA"
            $0.legalNature = 2062
            $0.mainCNAE = "4781400"
        },
    ]))
}
