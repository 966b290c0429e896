import GardenFoundation
import GardenCatalog

/// A link's evidence in the language of a run (issue 36: one language per screen). The matchers write their
/// sentences in English and the store keeps them so; `links` and `explain --id` say each in the run's language by its
/// shape (``SentenceTemplates``). A sentence of no known shape is kept as written; `LinkEvidenceWordsTests` runs every
/// matcher and holds each sentence it writes to a shape here.
public enum LinkEvidenceWords {
    /// `sentence` in `language` (English: as written), its amounts written as the language writes money
    /// (``MoneyDisplay/relocalized(_:_:)``: the matchers keep `R$ 61,80`, an English screen shows `R$61.80`).
    public static func text(_ sentence: String, _ language: Language) -> String {
        let sentence = MoneyDisplay.relocalized(sentence, language)
        guard language == .portuguese, let said = portuguese.translate(sentence) else { return sentence }
        // The matchers' words for a missing value, inside a sentence.
        return fillers.reduce(said) { $0.replacingOccurrences(of: $1.0, with: $1.1) }
    }

    static let fillers = [("em the card", "no cartão"), ("a row without account", "uma linha sem conta"),
                          ("em one merchant", "em um estabelecimento"), ("a person enviou", "uma pessoa enviou")]

    /// The English templates of the matchers' sentences and their Portuguese.
    static let portuguese = SentenceTemplates([
        // IOFFeeMatcher
        ("an IOF line on {1} printed under the purchase's own id {2}", "uma linha de IOF em {1} impressa sob o próprio id da compra {2}"),
        ("an IOF line on {1} printed under the purchase's own id ", "uma linha de IOF em {1} impressa sob o próprio id da compra"),
        ("an IOF line on {1} {2} day(s) after a foreign purchase", "uma linha de IOF em {1} {2} dia(s) depois de uma compra no exterior"),
        ("the IOF is in {1}, the purchase in {2}: not added to its net amount", "o IOF está em {1}, a compra em {2}: não somado ao seu valor líquido"),
        // InstallmentPlanMatcher
        ("parcel {1} of {2} seen; parcels recorded: {3} ({4}), of one purchase on {5} at {6} (account {7}); {8} remaining, {9}",
         "parcela {1} de {2} vista; parcelas registradas: {3} ({4}), de uma compra em {5} em {6} (conta {7}); faltam {8}, {9}"),
        ("parcel {1} of {2} seen; parcels recorded: {3} ({4}), of one purchase on {5} at {6} (no account on the rows); {8} remaining, {9}",
         "parcela {1} de {2} vista; parcelas registradas: {3} ({4}), de uma compra em {5} em {6} (sem conta nas linhas); faltam {8}, {9}"),
        // (as a garden before ledger6 wrote it, in links a store still holds)
        ("parcel {1} of {2} paid (recorded: {3}), of one purchase on {4} at {5} (account {6}); {7} remaining, {8}",
         "parcela {1} de {2} paga (registradas: {3}), de uma compra em {4} em {5} (conta {6}); faltam {7}, {8}"),
        ("parcel {1} of {2} paid (recorded: {3}), of one purchase on {4} at {5} (no account on the rows); {7} remaining, {8}",
         "parcela {1} de {2} paga (registradas: {3}), de uma compra em {4} em {5} (sem conta nas linhas); faltam {7}, {8}"),
        ("parcel {1}/{2} missing (expected in {3})", "parcela {1}/{2} ausente (esperada em {3})"),
        // RecurringSeriesMatcher
        ("{1} payments weekly to {2}, typically {3}; next expected {4}", "{1} pagamentos semanais a {2}, em geral {3}; próximo esperado em {4}"),
        ("{1} payments monthly to {2}, typically {3}; next expected {4}", "{1} pagamentos mensais a {2}, em geral {3}; próximo esperado em {4}"),
        ("{1} payments yearly to {2}, typically {3}; next expected {4}", "{1} pagamentos anuais a {2}, em geral {3}; próximo esperado em {4}"),
        ("{1} went up {2} %: {3}", "{1} subiu {2} %: {3}"),
        ("{1} went down {2} %: {3}", "{1} caiu {2} %: {3}"),
        // RefundMatcher
        ("a credit from the same merchant ({1}), {2} ≤ {3}, {4} day(s) after the purchase",
         "um crédito do mesmo estabelecimento ({1}), {2} ≤ {3}, {4} dia(s) depois da compra"),
        ("a reversal of exactly the purchase's amount ({1}) on the same account, {2} day(s) after it",
         "um estorno exatamente do valor da compra ({1}) na mesma conta, {2} dia(s) depois dela"),
        // ReimbursementMatcher
        ("{1} sent {2} {3} day(s) after an expense of {4} ≈ 1/{5} of it (difference {6})",
         "{1} enviou {2} {3} dia(s) depois de um gasto de {4} ≈ 1/{5} dele (diferença {6})"),
        // TransferPairMatcher
        ("withdrawal (SAQUE): a transfer to cash (Carteira)", "saque: uma transferência para dinheiro vivo (Carteira)"),
        ("each names the other's bank", "cada uma nomeia o banco da outra"),
        ("one names the other's bank", "uma nomeia o banco da outra"),
        ("mirrored amount {1} on {2} and {3} {4} day(s) apart; no end-to-end id, own account, document or bill evidence",
         "valor espelhado {1} em {2} e {3} com {4} dia(s) de distância; sem id fim a fim, conta própria, documento ou fatura como evidência"),
        ("the same Pix end-to-end id {1} on both rows", "o mesmo id fim a fim do Pix {1} nas duas linhas"),
        ("a card bill payment and the card's \"Pagamento recebido\" credit of the same amount",
         "um pagamento de fatura e o crédito \"Pagamento recebido\" do cartão de mesmo valor"),
        ("an application/redemption (APLICACAO/RESGATE) between an account and its investment",
         "uma aplicação/resgate entre uma conta e seu investimento"),
        ("the counterparty's document or account is the holder's (garden me)", "o documento ou a conta da contraparte é do titular (garden me)"),
        ("the other side's counterparty document or account is the holder's (garden me)",
         "o documento ou a conta da contraparte do outro lado é do titular (garden me)"),
    ])
}
