import GardenCatalog
import GardenFoundation

/// A review reason (``ReviewPolicy`` and the resolvers write them in English, and the ledger keeps them so) in the
/// language of a run, so `garden review --lang pt` shows one language (issue 36). Each known reason's shape is read
/// back and its variable parts (a resolver, a confidence, a name) kept; a reason of no known shape is kept as written.
public enum ReviewReasonWords {
    /// `reason` in `language`. In both, a resolver is named by what it reads and a confidence is a percent
    /// (``ResolverWords``: "keyword at 0.45" was an id and a bare number); English keeps the rest as written.
    public static func text(_ reason: String, _ language: Language) -> String {
        let english = language == .english
        if let rest = after("low confidence: best evidence is ", in: reason), let (resolver, tail) = split(rest, " at "),
           let (confidence, below) = split(tail, " (below "), below.hasSuffix(")") {
            let (r, c, t) = (ResolverWords.name(resolver, language), ResolverWords.percent(confidence, language),
                             ResolverWords.percent(String(below.dropLast()), language))
            return english ? "low confidence: the best evidence is \(r) at \(c) (below \(t))" : "confiança baixa: a melhor evidência é \(r) com \(c) (abaixo de \(t))"
        }
        if let rest = after("merchant read from the descriptor only (", in: reason), rest.hasSuffix(")") {
            let c = ResolverWords.percent(String(rest.dropLast()), language)
            return english ? "merchant read from the descriptor only (\(c))" : "estabelecimento lido só da descrição (\(c))"
        }
        if let (head, tail) = split(reason, ": held-out precision reaches 95 % "), let (resolver, confidence) = split(head, " at ") {
            let (r, c) = (ResolverWords.name(resolver, language), ResolverWords.percent(confidence, language))
            let (from, source) = split(tail, " (").map { ($0.0, " (" + $0.1) } ?? (tail, "")
            let threshold = from.hasPrefix("from ") ? ResolverWords.percent(String(from.dropFirst(5)), language) : nil
            if english { return "\(r) at \(c): held-out precision reaches 95 % " + (threshold.map { "from \($0)" } ?? from) + source }
            return "\(r) com \(c): a precisão fora da amostra chega a 95 % " + (threshold.map { "a partir de \($0)" } ?? (from == "never" ? "nunca" : from)) + source
        }
        // `trade-name model suggestion only (0.806, decides from 0.842)`: the two confidences as percents.
        if let rest = after("trade-name model suggestion only (", in: reason), let (confidence, tail) = split(rest, ", decides "), tail.hasSuffix(")") {
            let c = ResolverWords.percent(confidence, language), from = String(tail.dropLast())
            let threshold = from.hasPrefix("from ") ? ResolverWords.percent(String(from.dropFirst(5)), language) : nil
            if english { return "trade-name model suggestion only (\(c), decides " + (threshold.map { "from \($0)" } ?? from) + ")" }
            return "só uma sugestão do modelo de nomes comerciais (\(c), " + (threshold.map { "decide a partir de \($0)" } ?? (from == "never" ? "nunca decide" : from)) + ")"
        }
        guard language == .portuguese else { return reason }
        if reason == "no evidence for a category" { return "nenhuma evidência de categoria" }
        if let (merchant, _) = split(reason, " sells many kinds of things: the category depends on what was bought") {
            return "\(merchant) vende de tudo: a categoria depende do que foi comprado"
        }

        if reason.hasPrefix("no date:") { return "sem data: nenhum mês pode contá-la; dê uma com garden row correct ID --date AAAA-MM-DD" }
        if reason.hasPrefix("pending:") { return "pendente: ainda não lançado; o lançamento tomará o lugar desta linha" }
        if reason.hasPrefix("scheduled:") { return "agendado: lançamento futuro, ainda não lançado; o lançamento tomará o lugar desta linha" }
        if let rest = after("unknown payment wrapper ", in: reason) { return "intermediador de pagamento desconhecido \(rest)" }
        if let rest = after("flagged by rule ", in: reason) { return "marcada pela regra \(rest)" }
        if let (wrapper, tail) = split(reason, " without a document: a purchase or a "), let (processor, _) = split(tail, " transfer") {
            return "\(wrapper) sem documento: uma compra ou uma transferência \(processor)"
        }
        if let rest = after("money in from ", in: reason), let (merchant, category) = split(rest, ": recorded as a refund of ") {
            return "entrada de \(merchant): registrada como reembolso de \(category)"
        }
        if let rest = after("money in with a spending category (", in: reason), let (category, flow) = split(rest, "): recorded as ") {
            return "entrada com categoria de gasto (\(category)): registrada como \(flow)"
        }
        if let (word, tail) = split(reason, " may be part of a shop's name ") { return "\(word) pode ser parte do nome de uma loja \(tail)" }
        if let rest = after("amount had more digits than ", in: reason), let (currency, _) = split(rest, " minor units") {
            return "valor com mais casas decimais que \(currency) tem: arredondado (metade para o par)"
        }
        return shapes(reason)
    }

    /// The reasons the shapes above do not read: the resolvers' own review requests.
    static let shapes = SentenceTemplates([
        ("{1} sells everything: the category depends on what was bought", "{1} vende de tudo: a categoria depende do que foi comprado"),
        ("trade-name model suggestion only ({1}, decides never)", "só uma sugestão do modelo de nomes comerciais ({1}, nunca decide)"),
        ("trade-name model suggestion only ({1}, decides from {2})", "só uma sugestão do modelo de nomes comerciais ({1}, decide a partir de {2})"),
        ("a mined trade word suggests it ({1})", "uma palavra de ramo minerada a sugere ({1})"),
        ("money out with an income category ({1}): left uncategorized", "saída com categoria de receita ({1}): deixada sem categoria"),
        ("the registry lists CNPJ {1} as {2}", "o cadastro lista o CNPJ {1} como {2}"),
    ])

    private static func after(_ prefix: String, in text: String) -> String? {
        text.hasPrefix(prefix) ? String(text.dropFirst(prefix.count)) : nil
    }

    private static func split(_ text: String, _ separator: String) -> (String, String)? {
        guard let range = text.range(of: separator) else { return nil }
        return (String(text[..<range.lowerBound]), String(text[range.upperBound...]))
    }
}
