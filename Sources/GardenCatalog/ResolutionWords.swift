/// What a person reads for a row's direction, flow and merchant kind (issue 36, one language per run: `explain` wrote
/// "direção out, fluxo expense" and "— chain" on Portuguese screens). The codes (`out`, `expense`, `chain`) stay what
/// JSON, `rows --direction` and the rule language take; an English run says the code (it reads as English, as
/// `Phrasebook.linkKind` does), a Portuguese run a Portuguese word. The one place these three terms are said:
/// `explain`, `review`'s groups and the report's "who was paid" badges read them from here.
public enum ResolutionWords {
    /// A direction code (``Direction``'s raw value: `out`, `in`) in `language`; an unknown code as written.
    public static func direction(_ code: String, _ language: Language) -> String {
        said(code, directions, language)
    }

    /// A flow code (``Flow``'s raw value: `expense`, `income`, `transfer`, `refund`) in `language`.
    public static func flow(_ code: String, _ language: Language) -> String {
        said(code, flows, language)
    }

    /// A merchant kind (``MerchantKind``'s raw value) in `language`.
    public static func kind(_ code: String, _ language: Language) -> String {
        said(code, kinds, language)
    }

    static func said(_ code: String, _ table: [String: String], _ language: Language) -> String {
        language == .portuguese ? table[code] ?? code : code
    }

    /// The Portuguese words, by code (English: the code).
    static let directions = ["out": "saída", "in": "entrada"]
    static let flows = ["expense": "despesa", "income": "receita", "transfer": "transferência", "refund": "estorno"]
    static let kinds = ["chain": "rede", "online": "online", "local": "local", "government": "governo", "person": "pessoa", "bank": "banco",
                        "unknown": "desconhecido"]

    /// Every `(English, Portuguese)` pair of the three terms (the vocabulary a test holds screens to).
    public static var pairs: [(String, String)] {
        [directions, flows, kinds].flatMap { table in table.keys.sorted().map { ($0, table[$0]!) } }
    }
}

/// The value placeholders of garden's usage lines, options and suggested commands (`FILE`, `YYYY-MM`, `CATEGORY`) in
/// the run's language (issue 36: a Portuguese report showed `--category CATEGORY`). The one table: the help
/// (`HelpWords`), the usage errors, `review`'s settle commands and the report's teach commands read it. Ids (`ID`,
/// `CPF`), letters (`N`, `C`) and the values an option takes (`checking`, `jsonl`) are syntax and stay.
public enum PlaceholderWords {
    /// The placeholder `english` (`CATEGORY`) in `language` (`CATEGORIA`); one with no Portuguese word as written.
    public static func word(_ english: String, _ language: Language) -> String {
        language == .portuguese ? words[english] ?? english : english
    }

    /// `text` (a usage line, an option's value, a command) with each placeholder said in `language`: a run of capital
    /// letters and hyphens that is a placeholder here becomes its Portuguese word; any other text as written.
    public static func said(_ text: String, _ language: Language) -> String {
        guard language == .portuguese else { return text }
        var out = "", word = ""
        func flush() { out += words[word] ?? word; word = "" }
        for c in text {
            if c.isUppercase || (c == "-" && !word.isEmpty) || (c.isLetter && !word.isEmpty && word.allSatisfy(\.isUppercase)) {
                word.append(c)
            } else { flush(); out.append(c) }
        }
        flush()
        return out
    }

    /// The placeholders, English → Portuguese.
    public static let words = [
        "FILE": "ARQUIVO", "YYYY-MM": "AAAA-MM", "YYYY-MM-DD": "AAAA-MM-DD", "NAME": "NOME", "ACCOUNT": "CONTA", "PATH": "CAMINHO",
        "GROUP": "GRUPO", "IDENTITY": "IDENTIDADE", "ROW": "LINHA", "AMOUNT": "VALOR", "DAY": "DIA", "KEY": "CHAVE", "OLD": "ANTIGO",
        "NEW": "NOVO", "COMMAND": "COMANDO", "TEXT": "TEXTO", "DIR": "PASTA", "CODE": "CÓDIGO", "ROLES": "PAPÉIS", "CATEGORY": "CATEGORIA", "CURRENCY": "MOEDA",
    ]
}
