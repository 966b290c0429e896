import GardenFoundation
import GardenCatalog

/// A journal entry's summary in the language of a run (issue 36: `undo --list` and `undo` on one language). The
/// store writes its summaries in English (the commands pass English ones); each is said in Portuguese by its shape
/// (``SentenceTemplates``) on a Portuguese run, and the summaries a Portuguese run of an earlier garden stored are
/// said back in English on an English run. A summary of no known shape is kept as written. `budgets set` keeps its
/// parts in English too (before, in the language of the run that made the change: both are read, ``budgets(_:_:)``).
public enum JournalSummaryWords {
    /// `summary` in `language`, its amounts written as the language writes money (``MoneyDisplay/relocalized(_:_:)``).
    public static func text(_ summary: String, _ language: Language) -> String {
        let summary = MoneyDisplay.relocalized(summary, language)
        if let said = budgets(summary, language) { return said }
        let said = (language == .portuguese ? portuguese : english)(summary)
        guard language == .portuguese else { return said }
        return said.replacingOccurrences(of: ": applied → ", with: ": aplicado → ").replacingOccurrences(of: ": suggested → ", with: ": sugerido → ")
            .replacingOccurrences(of: "→ rejected", with: "→ rejeitado").replacingOccurrences(of: "→ accepted", with: "→ aceito")
            .replacingOccurrences(of: "name \"", with: "nome \"").replacingOccurrences(of: "document ", with: "documento ")
            .replacingOccurrences(of: "account \"", with: "conta \"")
    }

    /// A `budgets set|remove ID: part; part` summary with each part in `language`: `budgets set` keeps its parts in
    /// English (``BudgetsCommand``), an earlier garden kept them in the language of the run that made the change.
    static func budgets(_ summary: String, _ language: Language) -> String? {
        guard summary.hasPrefix("budgets "), let colon = summary.range(of: ": ") else { return nil }
        let table = language == .portuguese ? budgetParts : budgetPartsInEnglish
        return String(summary[..<colon.upperBound]) + summary[colon.upperBound...].components(separatedBy: "; ").map { table($0) }.joined(separator: "; ")
    }

    /// The parts of a `budgets` summary (``BudgetsCommand``'s sentences), English → Portuguese.
    static let budgetPartPairs = [
        ("budget {1} removed (its rows go to their category's budget, or outside the plan)",
         "orçamento {1} removido (as linhas vão para o orçamento da categoria, ou Fora do planejamento)"),
        ("cycles start on day {1}", "os ciclos começam no dia {1}"),
        ("budget {1} back", "orçamento {1} de volta"),
        ("budget {1} added", "orçamento {1} adicionado"),
        ("no limit", "sem limite"),
        ("limit {1}", "limite {1}"),
        ("garden's categories", "as categorias do garden"),
        ("categories none", "categorias nenhuma"),
        ("categories {1}", "categorias {1}"),
        ("merchants none", "estabelecimentos nenhum"),
        ("merchants {1}", "estabelecimentos {1}"),
        ("rollover from {1}", "saldo acumulado desde {1}"),
        ("no rollover", "sem saldo acumulado"),
        ("name {1}", "nome {1}"),
    ]
    static let budgetParts = SentenceTemplates(budgetPartPairs)
    static let budgetPartsInEnglish = SentenceTemplates(budgetPartPairs.map { ($0.1, $0.0) })

    /// English summaries → Portuguese, the more specific shapes first.
    static let portuguese = SentenceTemplates([
        ("interrupted: {1} of {2} changed row(s) written before the run was cut short ({3}); garden undo reverts those",
         "interrompido: {1} de {2} linha(s) mudada(s) gravada(s) antes de a execução ser cortada ({3}); garden undo as desfaz"),
        ("{1} row(s) examined, {2} changed; {3} row(s) left as changed meanwhile",
         "{1} linha(s) examinada(s), {2} mudada(s); {3} linha(s) deixada(s) como mudadas nesse meio-tempo"),
        ("{1} row(s) examined, {2} changed", "{1} linha(s) examinada(s), {2} mudada(s)"),
        ("{1} row(s) examined: {2} link(s) added, {3} changed, {4} removed",
         "{1} linha(s) examinada(s): {2} vínculo(s) novo(s), {3} mudado(s), {4} removido(s)"),
        ("{1} flagged row(s) of {2} resolved again after teach; {3} row(s) left as changed meanwhile",
         "{1} linha(s) a revisar de {2} resolvida(s) de novo depois de teach; {3} linha(s) deixada(s) como mudadas nesse meio-tempo"),
        ("{1} flagged row(s) of {2} resolved again after teach", "{1} linha(s) a revisar de {2} resolvida(s) de novo depois de teach"),
        ("{1} recorded row(s) resolved again after me {2}", "{1} linha(s) registrada(s) resolvida(s) de novo depois de me {2}"),
        ("accept {1} row(s) of the review queue", "aceitar {1} linha(s) da fila de revisão"),
        ("correct row {1} → {2}, budget {3}", "corrigir a linha {1} → {2}, orçamento {3}"),
        ("correct row {1} → {2}", "corrigir a linha {1} → {2}"),
        ("row {1} → {2}, rule {3}", "linha {1} → {2}, regra {3}"),
        ("row {1} → {2}", "linha {1} → {2}"),
        ("delete {1}", "apagar {1}"),
        ("correct {1}: {2}", "corrigir {1}: {2}"),
        ("link {1}", "vínculo {1}"),
        ("merchants: {1} is one merchant with {2}", "merchants: {1} é um só estabelecimento com {2}"),
        ("merchants: {1} stands alone", "merchants: {1} fica sozinho"),
        ("me remove every document ({1})", "me remove todos os documentos ({1})"),
        ("add {1} rule(s) ({2})", "adicionar {1} regra(s) ({2})"),
        ("remove rule {1}", "remover a regra {1}"),
    ])

    /// Portuguese summaries an earlier garden stored (a Portuguese run's recategorize) → English.
    static let english = SentenceTemplates([
        ("{1} linha(s) examinada(s), {2} mudada(s); {3} row(s) left as changed meanwhile", "{1} row(s) examined, {2} changed; {3} row(s) left as changed meanwhile"),
        ("{1} linha(s) examinada(s), {2} mudada(s)", "{1} row(s) examined, {2} changed"),
    ])
}
