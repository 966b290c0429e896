import GardenFoundation
import GardenCatalog

/// The page's words in Portuguese (first, as the design notes' copy) and English.
struct ReportText: Sendable {
    var lang: String
    var months: [String]
    var monthTitle: @Sendable (String, String) -> String     // month name, year
    var cycleRange: @Sendable (String, String) -> String     // first, last day
    var madeOn: @Sendable (String, String) -> String         // day, version
    var theMonth: String
    var income: String
    var spending: String
    var incomeLessSpending: String
    var transfersLeftOut: @Sendable (Int) -> String
    var toPersons: String
    var fromPersons: String
    var sobra: String
    var sobraRule: String
    var noLimits: String
    var budget: String
    var spent: String
    var limit: String
    var left: String
    var pace: String
    var rows: String
    var paceRule: String
    var overLimit: String
    var rolledOver: String
    var unbudgeted: String
    var categoriesOverTime: @Sendable (Int) -> String
    var categoriesRule: String
    var category: String
    var month: String
    var vsNormal: String
    var normal: String
    var new: String
    var notEnoughHistory: String
    var others: String
    var total: String
    var chartTitle: String
    /// Said in place of a chart or total whose amounts add up past Int64 minor units (hostile10 F16).
    var sumTooLarge: String
    var whoWasPaid: String
    var merchant: String
    var kind: String
    var count: String
    var netTotal: String
    var via: String
    var noName: String
    var commitments: String
    var installmentPlans: String
    var purchased: String
    var parcels: String
    var parcelsLeft: String
    /// The words before the number of parcels the ledger holds, in a plan's row (`recorded: 1`).
    var recordedParcels: String
    var remaining: String
    var nextDue: String
    var missing: String
    var recurring: String
    var period: String
    var periods: [String: String]
    var typical: String
    var last: String
    var nextExpected: String
    var change: String
    var dueThisCycle: String
    var dueRule: String
    var date: String
    var what: String
    var amount: String
    var parcel: @Sendable (Int, Int) -> String
    var recurringPayment: String
    var nothing: String
    var toReview: String
    var reviewRule: String
    var guess: String
    var why: String
    var teach: String
    var samples: String
    var reviewMore: @Sendable (Int) -> String
    var allClear: String
    var insights: String
    var drift: String
    var driftRule: String
    var driftFinding: @Sendable (String, Int?, String, String) -> String   // name, percent (nil: normal is 0), projected, normal
    var creep: String
    var creepRule: String
    var creepFinding: @Sendable (String, Bool, Int, String, String) -> String   // name, up, percent, before, after
    var newRecurring: String
    var newRecurringRule: String
    var newRecurringFinding: @Sendable (String, String) -> String   // period word, name
    var concentration: String
    var concentrationRule: String
    var concentrationFinding: @Sendable (String, Int, String) -> String   // merchant, percent, budget
    var nothingThisMonth: String
    var otherCurrencies: String

    static func of(_ language: Language) -> ReportText { language == .english ? english : portuguese }

    static let portuguese = ReportText(
        lang: "pt-BR",
        months: ["janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro", "novembro", "dezembro"],
        monthTitle: { "\($0.prefix(1).uppercased() + $0.dropFirst()) de \($1)" },
        cycleRange: { "Ciclo de \($0) a \($1)" },
        madeOn: { "Feito em \($0) pelo garden \($1) a partir do seu livro-caixa; valores em custo líquido (estornos, reembolsos aceitos e IOF aplicados à compra)." },
        theMonth: "O mês", income: "Receitas", spending: "Gastos (custo líquido)", incomeLessSpending: "Receitas − gastos",
        transfersLeftOut: { "\($0) movimentação(ões) entre suas contas (transferências, faturas de cartão, investimentos) fora dos gastos e receitas" },
        toPersons: "Enviado a pessoas", fromPersons: "Recebido de pessoas",
        sobra: "Sobra do mês",
        sobraRule: "Modo plano: Σ limites − Σ gasto nos limites − Σ compromissos deste ciclo ainda não pagos.",
        noLimits: "Nenhum limite definido: garden budgets set ID --limit VALOR define um, e a sobra do mês aparece aqui.",
        budget: "Limite", spent: "Gasto", limit: "Valor do limite", left: "Restante", pace: "Ritmo", rows: "Lançamentos",
        paceRule: "Ritmo: o gasto contra a parte do limite dos dias já passados do ciclo (100 %: gastando por igual).",
        overLimit: "acima do limite", rolledOver: "inclui o que sobrou de ciclos anteriores", unbudgeted: "Fora do planejamento",
        categoriesOverTime: { "Categorias nos últimos \($0) meses" },
        categoriesRule: "Barras empilhadas do custo líquido por categoria; a variação compara o mês com a mediana dos 3 meses anteriores.",
        category: "Categoria", month: "Mês", vsNormal: "Variação", normal: "Normal", new: "novo", notEnoughHistory: "—", others: "Outras", total: "Total",
        chartTitle: "Custo líquido por categoria e mês",
        sumTooLarge: "os valores somam mais do que centavos em 64 bits comportam: sem gráfico nem total",
        whoWasPaid: "Quem recebeu", merchant: "Quem", kind: "Tipo", count: "Vezes", netTotal: "Total líquido", via: "via", noName: "(sem nome)",
        commitments: "Compromissos", installmentPlans: "Parcelamentos", purchased: "Compra", parcels: "Parcelas", parcelsLeft: "Faltam", recordedParcels: "registradas",
        remaining: "Falta pagar", nextDue: "Próxima", missing: "não apareceu no banco", recurring: "Recorrentes", period: "Período",
        periods: ["weekly": "semanal", "monthly": "mensal", "yearly": "anual"], typical: "Valor típico", last: "Último",
        nextExpected: "Próxima data", change: "Mudança",
        dueThisCycle: "A pagar neste ciclo", dueRule: "Parcelas ainda não lançadas e pagamentos recorrentes esperados neste ciclo; entram na sobra do mês.",
        date: "Data", what: "O quê", amount: "Valor", parcel: { "parcela \($0)/\($1)" }, recurringPayment: "recorrente", nothing: "Nada.",
        toReview: "Para conferir",
        reviewRule: "Lançamentos marcados para revisão, agrupados por estabelecimento: uma correção resolve o grupo no próximo garden recategorize.",
        guess: "Palpite", why: "Por que conferir", teach: "Para resolver", samples: "Exemplos", reviewMore: { "e mais \($0) grupo(s): garden review" },
        allClear: "Tudo certo: nada para conferir neste mês.",
        insights: "Observações",
        drift: "Categoria acima do normal",
        driftRule: "Regra: o ritmo do ciclo (o gasto projetado para o ciclo inteiro) passa a mediana dos 3 ciclos anteriores em mais de 20 % e em mais de 100 (na moeda).",
        driftFinding: { name, percent, projected, normal in
            percent.map { "\(name) está \($0) % acima do normal (\(projected) no ritmo do ciclo; normal \(normal))" }
                ?? "\(name): \(projected) no ritmo do ciclo; normal \(normal)" },
        creep: "Custo fixo mudou",
        creepRule: "Regra: um pagamento recorrente (mesmo destinatário, cerca de mensal) cujo valor mais recente difere do anterior em mais de 5 %.",
        creepFinding: { name, up, percent, before, after in "\(name) \(up ? "subiu" : "caiu") \(percent) % (\(before) → \(after))" },
        newRecurring: "Novo recorrente",
        newRecurringRule: "Regra: mesmo destinatário, valor dentro de ±10 %, cerca de mensal (ou semanal, anual), 3 vezes, a terceira neste ciclo.",
        newRecurringFinding: { period, name in "Parece \(period): \(name)" },
        concentration: "Concentração",
        concentrationRule: "Regra: o maior estabelecimento de um limite passa de 25 % do seu gasto (limites com 5 estabelecimentos ou mais, em que 25 % é mais que uma parte igual).",
        concentrationFinding: { merchant, percent, budget in "\(merchant) é \(percent) % de \(budget)" },
        nothingThisMonth: "Nada neste ciclo.",
        otherCurrencies: "Valores em outras moedas aparecem nas tabelas do mês; gráficos e observações usam")

    static let english = ReportText(
        lang: "en",
        months: ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"],
        monthTitle: { "\($0) \($1)" },
        cycleRange: { "Cycle from \($0) to \($1)" },
        madeOn: { "Made on \($0) by garden \($1) from your ledger; amounts at net cost (refunds, accepted reimbursements and IOF applied to the purchase)." },
        theMonth: "The month", income: "Income", spending: "Spending (net cost)", incomeLessSpending: "Income − spending",
        transfersLeftOut: { "\($0) move(s) between your accounts (transfers, card bills, investments) left out of spending and income" },
        toPersons: "Sent to persons", fromPersons: "Received from persons",
        sobra: "Free to spend",
        sobraRule: "Plan mode: Σ limits − Σ spent in budgets − Σ commitments due this cycle and not yet paid.",
        noLimits: "No limit set: garden budgets set ID --limit AMOUNT sets one, and what the month leaves free to spend shows here.",
        budget: "Budget", spent: "Spent", limit: "Limit", left: "Left", pace: "Pace", rows: "Rows",
        paceRule: "Pace: spending against the limit's share for the days of the cycle gone (100 %: spending evenly).",
        overLimit: "over the limit", rolledOver: "includes what was left of earlier cycles", unbudgeted: "Unbudgeted",
        categoriesOverTime: { "Categories over the last \($0) months" },
        categoriesRule: "Stacked bars of net cost per category; the change compares the month with the median of the 3 months before.",
        category: "Category", month: "Month", vsNormal: "Change", normal: "Normal", new: "new", notEnoughHistory: "—", others: "Other", total: "Total",
        chartTitle: "Net cost per category and month",
        sumTooLarge: "the amounts add up past what 64-bit minor units hold: no chart and no total",
        whoWasPaid: "Who was paid", merchant: "Who", kind: "Kind", count: "Times", netTotal: "Net total", via: "via", noName: "(no name)",
        commitments: "Commitments", installmentPlans: "Installment plans", purchased: "Bought", parcels: "Parcels", parcelsLeft: "Left", recordedParcels: "recorded",
        remaining: "Still to pay", nextDue: "Next", missing: "did not show up at the bank", recurring: "Recurring payments", period: "Period",
        periods: ["weekly": "weekly", "monthly": "monthly", "yearly": "yearly"], typical: "Typical", last: "Last",
        nextExpected: "Next date", change: "Change",
        dueThisCycle: "Due this cycle, not yet paid", dueRule: "Parcels not yet recorded and recurring payments expected this cycle; what is free to spend takes them out.",
        date: "Date", what: "What", amount: "Amount", parcel: { "parcel \($0)/\($1)" }, recurringPayment: "recurring", nothing: "Nothing.",
        toReview: "To review",
        reviewRule: "Rows flagged for review, grouped by merchant: one correction settles a group on the next garden recategorize.",
        guess: "Guess", why: "Why review", teach: "To settle it", samples: "Samples", reviewMore: { "and \($0) more group(s): garden review" },
        allClear: "All clear: nothing to review this month.",
        insights: "Insights",
        drift: "Category drift",
        driftRule: "Rule: the cycle's pace (its spending projected to the whole cycle) is over the median of the 3 cycles before by more than 20 % and by more than 100 (in the currency).",
        driftFinding: { name, percent, projected, normal in
            percent.map { "\(name) is \($0) % above normal (\(projected) at the cycle's pace; normal \(normal))" }
                ?? "\(name): \(projected) at the cycle's pace; normal \(normal)" },
        creep: "Fixed-cost creep",
        creepRule: "Rule: a recurring payment (same payee, about monthly) whose latest amount differs from the one before by more than 5 %.",
        creepFinding: { name, up, percent, before, after in "\(name) went \(up ? "up" : "down") \(percent) % (\(before) → \(after))" },
        newRecurring: "New recurring payment",
        newRecurringRule: "Rule: the same payee, within ±10 %, about monthly (or weekly, yearly), 3 times, the third in this cycle.",
        newRecurringFinding: { period, name in "Looks \(period): \(name)" },
        concentration: "Concentration",
        concentrationRule: "Rule: a budget's largest merchant is over 25 % of its spending (budgets with 5 merchants or more, where 25 % is more than an even share).",
        concentrationFinding: { merchant, percent, budget in "\(merchant) is \(percent) % of \(budget)" },
        nothingThisMonth: "Nothing this cycle.",
        otherCurrencies: "Amounts in other currencies are in the month's tables; charts and insights use")
}
