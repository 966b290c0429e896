/// The tables of Receita Federal's "Dados Abertos CNPJ" (layout: "Metadados / Layout dos Dados Abertos
/// do CNPJ"), told apart by file name: the zip's (`Estabelecimentos3.zip`) or the published inner
/// file's (`K3241.K03200Y0.D40511.ESTABELE`, `F.K03200$Z.D40511.CNAECSV`).
public enum ReceitaTable: String, Sendable, CaseIterable {
    case companies = "Empresas"
    case establishments = "Estabelecimentos"
    case cnaes = "Cnaes"
    case legalNatures = "Naturezas"
    case municipalities = "Municipios"
    /// Sócios: personal data (names and partial CPFs of partners). Never read, never stored.
    case partners = "Socios"
    /// Tables garden does not need (Motivos, Países, Qualificações, Simples): skipped.
    case unused = "unused"

    /// Name fragments, upper case, tried in this order.
    static let markers: [(String, ReceitaTable)] = [
        ("SOCIO", .partners), ("SÓCIO", .partners),
        ("ESTABELE", .establishments), ("EMPRE", .companies), ("CNAE", .cnaes), ("NATJU", .legalNatures),
        ("NATUREZA", .legalNatures), ("MUNIC", .municipalities), ("MOTI", .unused), ("PAIS", .unused),
        ("PAÍS", .unused), ("QUALS", .unused), ("QUALIFICA", .unused), ("SIMPLES", .unused),
    ]

    /// The table a file name names, or nil.
    public static func detect(name: String) -> ReceitaTable? {
        let base = String(name.split(separator: "/").last ?? Substring(name)).uppercased()
        return markers.first { base.contains($0.0) }?.1
    }

    /// Fields per line in the published layout.
    var fieldCount: Int {
        switch self {
        case .companies: 7
        case .establishments: 30
        case .partners: 11
        case .cnaes, .legalNatures, .municipalities, .unused: 2
        }
    }
}

extension ReceitaTable {
    /// The published name of a column, for error messages (`field 6 (SITUAÇÃO CADASTRAL)`).
    func fieldName(_ index: Int) -> String {
        let names: [Int: String]
        switch self {
        case .establishments:
            names = [0: "CNPJ BÁSICO", 1: "CNPJ ORDEM", 2: "CNPJ DV", 4: "NOME FANTASIA", 5: "SITUAÇÃO CADASTRAL",
                     11: "CNAE FISCAL PRINCIPAL", 12: "CNAE FISCAL SECUNDÁRIA", 19: "UF", 20: "MUNICÍPIO"]
        case .companies: names = [0: "CNPJ BÁSICO", 1: "RAZÃO SOCIAL", 2: "NATUREZA JURÍDICA"]
        default: names = [0: "CÓDIGO", 1: "DESCRIÇÃO"]
        }
        return "field \(index + 1)" + (names[index].map { " (\($0))" } ?? "")
    }
}
