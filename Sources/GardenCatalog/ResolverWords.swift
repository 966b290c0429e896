import Foundation
import GardenFoundation

/// What a person reads for a resolver and a confidence (issue 36: "brand_catalog com 0.4" was a resolver id and a
/// bare number in running text). The ids (`brand_catalog`, `keyword`) stay the codes of `explain`'s precedence table,
/// of JSON and of `eval`; a sentence for a person names the resolver by what it reads, in the run's language, and
/// says a confidence as a percent.
public enum ResolverWords {
    /// The resolver `id` named in `language` (an id of no resolver listed here: as written). A merchant's origin that is
    /// no resolver (`MerchantOrigin`: `counterparty`, `descriptor`) is named too.
    public static func name(_ id: String, _ language: Language) -> String {
        guard let pair = names[id] ?? origins[id] else { return id }
        return language == .english ? pair.0 : pair.1
    }

    /// A confidence and what gave it, as a sentence says them: `90 % from the brand catalog` / `90 % segundo o
    /// catálogo de marcas` (`explain`'s merchant and category, what the ledger holds); `none` (no resolver decided):
    /// `0 %, no evidence` / `0 %, sem evidência`.
    public static func decided(_ confidence: Confidence, by id: String, _ language: Language) -> String {
        guard id != "none" else { return percent(confidence, language) + (language == .english ? ", no evidence" : ", sem evidência") }
        return percent(confidence, language) + (language == .english ? " from " : " segundo ") + name(id, language)
    }

    /// A merchant named by the row itself rather than by a resolver (`MerchantOrigin`'s `counterparty`, `descriptor`).
    static let origins: [String: (String, String)] = [
        "counterparty": ("the counterparty", "a contraparte"),
        "descriptor": ("the descriptor", "a descrição"),
    ]

    /// Every `(English, Portuguese)` name of a resolver or an origin (the vocabulary a test holds screens to).
    public static var pairs: [(String, String)] {
        names.merging(origins) { a, _ in a }.sorted { $0.key < $1.key }.map { $0.value }
    }

    /// The built-in resolvers (``BuiltInResolvers``) and what each reads, English and Portuguese.
    static let names: [String: (String, String)] = [
        "manual_override": ("your correction", "sua correção"),
        "user_rule": ("your rule", "sua regra"),
        "merchant_memory": ("the merchant's memory", "a memória do estabelecimento"),
        "processor_prefix": ("the payment processor's prefix", "o prefixo do intermediador"),
        "operation_type": ("the bank's operation type", "o tipo de operação do banco"),
        "public_service": ("a public payee's form", "a forma de um órgão público"),
        "bank_line": ("the bank's line", "a linha do banco"),
        "public_body": ("a public body's name", "o nome de um órgão público"),
        "transfer": ("the transfer", "a transferência"),
        "marketplace": ("the marketplace", "o marketplace"),
        "channel": ("the delivery or booking channel", "o canal de entrega ou reserva"),
        "brand_catalog": ("the brand catalog", "o catálogo de marcas"),
        "wrapper": ("the payment wrapper", "o intermediador do pagamento"),
        "cnpj_registry": ("the CNPJ registry", "o cadastro de CNPJ"),
        "cnae": ("the CNAE activity", "a atividade CNAE"),
        "mcc": ("the card's MCC", "o MCC do cartão"),
        "provider_category": ("the provider's category", "a categoria do provedor"),
        "online_service": ("the online services list", "a lista de serviços online"),
        "university": ("the universities list", "a lista de universidades"),
        "travel_brand": ("the travel brands list", "a lista de marcas de viagem"),
        "state_agency": ("the public agencies list", "a lista de órgãos públicos"),
        "web_domain": ("the web domain", "o domínio web"),
        "naive_bayes": ("the model of your corrections", "o modelo das suas correções"),
        "keyword": ("a keyword", "uma palavra-chave"),
        "boleto_segment": ("the boleto's segment", "o segmento do boleto"),
        "trade_name": ("the trade-name model", "o modelo de nomes comerciais"),
        "corpus_trade_word": ("a mined trade word", "uma palavra de ramo minerada"),
    ]

    /// A confidence written `0.45` (``Confidence``'s text) as a percent in `language`: `45 %`, `80.6 %` / `80,6 %`;
    /// a text that is no confidence, as written.
    public static func percent(_ text: String, _ language: Language) -> String {
        guard let confidence = Confidence(text.trimmingCharacters(in: .whitespaces)) else { return text }
        return percent(confidence, language)
    }

    /// `confidence` as a percent in `language`.
    public static func percent(_ confidence: Confidence, _ language: Language) -> String {
        let perMille = confidence.perMille
        let tenths = perMille % 10 == 0 ? "" : (language == .english ? "." : ",") + "\(perMille % 10)"
        return "\(perMille / 10)\(tenths) %"
    }
}
