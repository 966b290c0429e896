import GardenFoundation
import GardenCatalog

/// What `explain` prints of the engine's own sentences — a resolver's evidence note, why a proposal was not taken, a
/// note on the descriptor — in the language of a run (issue 36: one language per screen). The resolvers write them
/// in English; a Portuguese run says each by its shape (``SentenceTemplates``), a note of several `; `-separated parts
/// part by part. Names, codes and files inside them stay as written; a note of no known shape too.
public enum EvidenceWords {
    /// `sentence` in `language` (English: as written).
    public static func text(_ sentence: String, _ language: Language) -> String {
        guard language == .portuguese else { return sentence }
        if let whole = portuguese.translate(sentence) { return whole }
        return sentence.components(separatedBy: "; ").map { portuguese($0) }.joined(separator: "; ")
    }

    /// A place evidence was read from (`counterparty`, `descriptor`) in `language`; a file or a source as written.
    /// A learned model's place (`ID model`, as a model-backed resolver writes its evidence) is named as
    /// ``ResolverWords`` names that resolver (an id is no place a person reads); the engine names no resolver itself.
    public static func location(_ location: String, _ language: Language) -> String {
        let resolver = location.dropLast(" model".count)
        if location.hasSuffix(" model"), !resolver.isEmpty, !resolver.contains(" ") {
            let named = ResolverWords.name(String(resolver), language)
            if named != resolver { return named }
        }
        guard language == .portuguese else { return location }
        return ["counterparty": "contraparte", "descriptor": "descrição", "garden me": "garden me"][location] ?? places(location)
    }

    /// Places with a variable part: a memory entry, a row's correction.
    static let places = SentenceTemplates([
        ("merchant memory {1} ({2})", "memória do estabelecimento {1} ({2})"),
        ("taught {1}", "ensinada em {1}"),
        ("accepted {1}", "aceita em {1}"),
    ])

    /// The origin of a correction (`taught 2026-…`, `accepted 2026-…`) in `language`.
    public static func origin(_ origin: String, _ language: Language) -> String {
        language == .portuguese ? places(origin) : origin
    }

    static let portuguese = SentenceTemplates([
        // Why a proposal was not taken (``ResolutionTrace``).
        ("merchant evidence only", "só evidência do estabelecimento"),
        ("{1} is below the threshold {2}", "{1} está abaixo do limiar {2}"),
        ("{1} comes first in the precedence", "{1} vem antes na precedência"),
        // Notes on the descriptor.
        ("installment {1}/{2} read from a trailing number pair", "parcela {1}/{2} lida de um par de números no fim"),
        ("NACHA entry description \"{1}\"", "descrição de lançamento NACHA \"{1}\""),
        // Resolvers' notes.
        ("{1} serves one trade", "{1} atende um só ramo"),
        ("short brand name beside other trade words", "nome curto de marca ao lado de palavras de outro ramo"),
        ("a payment to a bank or card issuer", "um pagamento a um banco ou emissor de cartão"),
        ("a person's name after a P2P app", "um nome de pessoa depois de um app P2P"),
        ("a public body", "um órgão público"),
        ("the holder's own account", "a própria conta do titular"),
        ("money in from a company: pay", "entrada de uma empresa: pagamento"),
        ("a credit transfer that names no one", "uma transferência recebida que não nomeia ninguém"),
        ("one word left in a transfer line", "uma palavra só sobrou numa linha de transferência"),
        ("held-out precision {1}", "precisão fora da amostra {1}"),
        ("posterior above the calibrated threshold {1}", "posterior acima do limiar calibrado {1}"),
        ("money back of that purchase: a refund of its category", "dinheiro de volta dessa compra: um reembolso da sua categoria"),
        ("{1} consistent correction(s) of its purchases: money back is a refund", "{1} correção(ões) coerente(s) das suas compras: dinheiro de volta é reembolso"),
        ("{1} consistent correction(s)", "{1} correção(ões) coerente(s)"),
        ("UT1 blacklists, CC BY-SA 4.0", "listas UT1, CC BY-SA 4.0"),
        ("a county and its service word \"{1}\"", "um condado e sua palavra de serviço \"{1}\""),
        ("a state agency beside its state", "um órgão estadual ao lado do seu estado"),
        ("a public body's form and its service word \"{1}\"", "a forma de um órgão público e sua palavra de serviço \"{1}\""),
        ("a public body's form", "a forma de um órgão público"),
        ("seller {1}", "vendedor {1}"),
        ("merchant {1} ({2})", "estabelecimento {1} ({2})"),
        ("money to a card issuer with a card's words", "dinheiro para um emissor de cartão com palavras de cartão"),
        ("money to or from a financial institution, no fee named", "dinheiro de ou para uma instituição financeira, nenhuma tarifa nomeada"),
        ("a CPF names a person", "um CPF nomeia uma pessoa"),
        ("a person's name in a transfer line", "um nome de pessoa numa linha de transferência"),
        ("calibrated {1} ≥ the deciding {2}", "calibrado {1} ≥ o decisivo {2}"),
        ("calibrated {1}, the model decides never: a suggestion", "calibrado {1}, o modelo nunca decide: uma sugestão"),
        ("calibrated {1}, the model decides from {2}: a suggestion", "calibrado {1}, o modelo decide a partir de {2}: uma sugestão"),
        ("an online service its directory files under no category of garden's", "um serviço online que seu diretório não põe em nenhuma categoria de garden"),
        ("marketplace {1}, seller {2}", "marketplace {1}, vendedor {2}"),
        ("marketplace {1}", "marketplace {1}"),
        ("processor {1}, seller {2}", "processador {1}, vendedor {2}"),
        ("processor {1}", "processador {1}"),
        ("wallet {1}, seller {2}", "carteira {1}, vendedor {2}"),
        ("wallet {1}", "carteira {1}"),
        ("channel {1}, seller {2}", "canal {1}, vendedor {2}"),
        ("channel {1}", "canal {1}"),
        ("a trade word in a payee's registered name", "uma palavra de ramo no nome registrado do favorecido"),
        ("a form of {1} universities: none named", "uma forma de {1} universidades: nenhuma nomeada"),
        ("MEI, owner CPF {1}", "MEI, CPF do dono {1}"),
        ("CNAE {1} (not in the CNAE map)", "CNAE {1} (fora do mapa de CNAE)"),
        ("{1} active of {2} establishments of root {3}", "{1} ativos de {2} estabelecimentos da raiz {3}"),
        ("not in the {1}", "fora do {1}"),
    ])
}
