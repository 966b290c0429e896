/// Reads a ``Transaction`` from a parsed line, detecting its shape: a canonical garden row, a Pluggy
/// Transaction (direction from `type` DEBIT/CREDIT) or an Open Finance Brasil account / credit-card
/// transaction (direction from `creditDebitType`). Field lists: Pluggy SDK `transaction.ts`, Open
/// Finance Brasil accounts 2.4.2 and credit-cards 2.3.1 schemas.
///
/// - Throws: ``InputError`` naming the field: a non-numeric amount, an unreadable date, an unknown
///   currency, a field of the wrong JSON type, or a line with neither a descriptor nor a counterparty.
public struct TransactionReader: Sendable {
    /// Minutes east of UTC used to take the local date of a UTC date-time.
    public var utcOffsetMinutes: Int

    public init(utcOffsetMinutes: Int = -180) {
        self.utcOffsetMinutes = utcOffsetMinutes
    }

    /// Keys that tell the shape of a line: Open Finance, Pluggy, or canonical.
    static let shapeKeys: [[UInt8]] = ["creditDebitType", "transactionName", "type", "amount", "accountId", "currencyCode",
                                       "descriptionRaw"].map { Array($0.utf8) }

    /// Reads one transaction object. `shape` is the provider the caller already knows the object comes
    /// from (`garden import` of a Pluggy page or an Open Finance response: `.pluggy`, or either Open
    /// Finance format); nil detects it from the keys, line by line.
    public func read(_ doc: JSONDocument, shape forced: Transaction.Format? = nil) throws(InputError) -> Transaction {
        guard doc[doc.root].kind == .object else { throw InputError("not a JSON object") }
        var t = Transaction()
        let m = RootMembers(doc)
        typealias S = RootMembers
        if forced == .openFinanceAccount || forced == .openFinanceCard || (forced == nil && m[S.creditDebitType] != nil && m[S.transactionName] != nil) {
            try readOpenFinance(doc, into: &t)
        } else if forced == .pluggy {
            try readPluggy(doc, into: &t)
        } else if forced == nil, let type = doc.string(m[S.type]), type == "DEBIT" || type == "CREDIT",
                  m[S.amount] != nil, m[S.accountId] != nil || m[S.currencyCode] != nil || m[S.descriptionRaw] != nil {
            try readPluggy(doc, into: &t)
        } else {
            try readCanonical(doc, m, into: &t)
        }
        if t.descriptorText.isEmpty && (t.counterpartyName ?? "").isEmpty && (t.counterpartyDocument ?? "").isEmpty {
            throw InputError("needs a \"description\" or a \"counterparty\"")
        }
        return t
    }

    // MARK: canonical

    /// The canonical fields, looked up in one pass over the object.
    static let canonicalKeys: [[UInt8]] = ["id", "description", "memo", "currency", "amount", "date", "account", "mcc",
                                           "counterparty", "cnae", "payment_method", "barcode", "provider_category", "status",
                                           "original_amount", "original_currency", "account_key", "account_label",
                                           "account_type", "account_default"].map { Array($0.utf8) }

    private func readCanonical(_ doc: JSONDocument, _ m: RootMembers, into t: inout Transaction) throws(InputError) {
        t.id = try idText(doc, m[0])
        t.descriptorText = try text(doc, m[1], "description") ?? ""
        t.memo = try text(doc, m[2], "memo")
        if let currency = try text(doc, m[3], "currency") {
            guard let code = CurrencyCode(currency) else { throw InputError(field: "currency", "unknown ISO 4217 code \"\(currency)\"") }
            t.currency = code
        }
        try readAmount(doc, m[4], field: "amount", into: &t, signed: true)
        t.date = try date(doc, m[5], "date")
        t.account = try text(doc, m[6], "account")
        t.mcc = try mcc(doc, m[7], "mcc")
        if let cp = m[8], !doc.isNull(cp) {
            guard doc[cp].kind == .object else { throw InputError(field: "counterparty", "expected an object {\"document\", \"name\"}") }
            t.counterpartyDocument = try text(doc, doc.member("document", of: cp), "counterparty.document", allowNumber: true)
            t.counterpartyName = try text(doc, doc.member("name", of: cp), "counterparty.name")
        }
        t.cnae = try cnae(doc, m[9], "cnae")
        if let method = try text(doc, m[10], "payment_method") {
            guard let parsed = PaymentMethod(loose: method) else {
                throw InputError(field: "payment_method", "unknown method \"\(method)\"; expected one of \(PaymentMethod.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            t.paymentMethod = parsed
        }
        t.barcode = try text(doc, m[11], "barcode", allowNumber: true).map(Self.digitsOnly)
        if let pc = m[12], !doc.isNull(pc) {
            if doc[pc].kind == .object {
                t.providerCategoryID = doc.scalarText(doc.member("id", of: pc))
                t.providerCategoryName = doc.string(doc.member("name", of: pc))
            } else {
                guard let value = doc.scalarText(pc) else { throw InputError(field: "provider_category", "expected a string") }
                t.providerCategoryID = value
                t.providerCategoryName = value
            }
        }
        if let status = try text(doc, m[13], "status") {
            guard let parsed = PostingStatus(text: status) else { throw InputError(field: "status", "expected posted, pending or scheduled, got \"\(status)\"") }
            t.status = parsed
        }
        try readOriginalAmount(doc, m[14], m[15], into: &t)
        t.accountKey = try text(doc, m[16], "account_key")
        t.accountLabel = try text(doc, m[17], "account_label")
        // A file that names no account: garden's default name for it (`Nubank card CSV`) is the row's account.
        if t.account == nil { t.account = try text(doc, m[19], "account_default") }
        if let type = try text(doc, m[18], "account_type") {
            guard let parsed = AccountType(rawValue: type) else {
                throw InputError(field: "account_type", "expected one of \(AccountType.allCases.map(\.rawValue).joined(separator: ", ")), got \"\(type)\"")
            }
            t.accountType = parsed
        }
        t.installment = try canonicalInstallment(doc, m[RootMembers.installment])
    }

    /// The canonical `installment` {`number`, `total`}: the parcel as the file stated it (what `garden import` writes
    /// for a Pluggy `creditCardMetadata` or Open Finance `chargeIdentificator`/`chargeNumber`, hostile10 F17), the same
    /// shape `resolve` writes in its resolution; a total above 1 and a number from 1 to the total, else an error
    /// naming the field.
    private func canonicalInstallment(_ doc: JSONDocument, _ node: Int?) throws(InputError) -> Installment? {
        guard let node, !doc.isNull(node) else { return nil }
        guard doc[node].kind == .object else { throw InputError(field: "installment", "expected an object {\"number\", \"total\"}") }
        guard let number = doc.scalarText(doc.member("number", of: node)).flatMap(Int.init) else {
            throw InputError(field: "installment.number", "expected a whole number")
        }
        guard let total = doc.scalarText(doc.member("total", of: node)).flatMap(Int.init), total > 1, number >= 1, number <= total else {
            throw InputError(field: "installment.total", "expected a whole number above 1 and at least the parcel's number (\(number))")
        }
        return Installment(number: number, total: total)
    }

    /// `original_amount` and `original_currency`: what a row in the account's currency was charged in.
    private func readOriginalAmount(_ doc: JSONDocument, _ amount: Int?, _ currency: Int?, into t: inout Transaction) throws(InputError) {
        guard let amount, !doc.isNull(amount) else { return }
        guard let code = try text(doc, currency, "original_currency").flatMap(CurrencyCode.init) else {
            throw InputError(field: "original_currency", "an original_amount needs its ISO 4217 original_currency")
        }
        var original = Transaction()
        original.currency = code
        try readAmount(doc, amount, field: "original_amount", into: &original, signed: true)
        t.originalAmount = original.amount
    }

    // MARK: Pluggy

    private func readPluggy(_ doc: JSONDocument, into t: inout Transaction) throws(InputError) {
        let root = doc.root
        t.format = .pluggy
        t.id = try idText(doc, doc.member("id", of: root))
        t.descriptorText = try text(doc, doc.member("description", of: root), "description") ?? ""
        if let raw = try text(doc, doc.member("descriptionRaw", of: root), "descriptionRaw"), raw != t.descriptorText {
            t.memo = raw
        }
        if let currency = try text(doc, doc.member("currencyCode", of: root), "currencyCode") {
            guard let code = CurrencyCode(currency) else { throw InputError(field: "currencyCode", "unknown ISO 4217 code \"\(currency)\"") }
            t.currency = code
        }
        let type = doc.string(doc.member("type", of: root))
        guard type == "DEBIT" || type == "CREDIT" else { throw InputError(field: "type", "expected \"DEBIT\" or \"CREDIT\"") }
        t.direction = type == "DEBIT" ? .out : .in
        try readAmount(doc, doc.member("amount", of: root), field: "amount", into: &t, signed: false)
        try readAccountCurrencyAmount(doc, doc.member("amountInAccountCurrency", of: root), into: &t)
        t.account = try text(doc, doc.member("accountId", of: root), "accountId")
        t.accountKey = t.account.map { AccountKey.stated("pluggy", $0) }
        switch doc.string(doc.member("status", of: root)) {
        case nil, "POSTED": t.status = .posted
        case "PENDING": t.status = .pending
        case let other?: throw InputError(field: "status", "expected \"POSTED\" or \"PENDING\", got \"\(other)\"")
        }
        t.date = try date(doc, doc.member("date", of: root), "date", pluggy: true)
        t.providerCategoryID = doc.scalarText(doc.member("categoryId", of: root))
        t.providerCategoryName = doc.string(doc.member("category", of: root))
        t.operationType = doc.string(doc.member("operationType", of: root))?.uppercased()
        for (key, name) in [(doc.member("merchant", of: root), "merchant"), (doc.member("paymentData", of: root), "paymentData"),
                            (doc.member("creditCardMetadata", of: root), "creditCardMetadata")] {
            if let key, !doc.isNull(key), doc[key].kind != .object { throw InputError(field: name, "expected an object") }
        }
        if let merchant = doc.member("merchant", of: root), doc[merchant].kind == .object {
            t.merchantName = doc.string(doc.member("name", of: merchant)) ?? doc.string(doc.member("businessName", of: merchant))
            if let cnpj = doc.scalarText(doc.member("cnpj", of: merchant)) { t.counterpartyDocument = cnpj }
            if t.counterpartyName == nil { t.counterpartyName = doc.string(doc.member("businessName", of: merchant)) ?? t.merchantName }
            t.cnae = try cnae(doc, doc.member("cnae", of: merchant), "merchant.cnae")
        }
        if let payment = doc.member("paymentData", of: root), doc[payment].kind == .object { readPluggyPayment(doc, payment, into: &t) }
        if let card = doc.member("creditCardMetadata", of: root), doc[card].kind == .object {
            t.mcc = try mcc(doc, doc.member("payeeMCC", of: card), "creditCardMetadata.payeeMCC")
            if let n = doc.scalarText(doc.member("installmentNumber", of: card)).flatMap(Int.init),
               let total = doc.scalarText(doc.member("totalInstallments", of: card)).flatMap(Int.init), total > 1, n >= 1, n <= total {
                t.installment = Installment(number: n, total: total)
            }
            if t.paymentMethod == nil { t.paymentMethod = .creditCard }
        }
    }

    /// Pluggy's `paymentData`: the other party (the receiver of money out, the payer of money in) with its
    /// document, the payment method, and a boleto's digitable line or barcode.
    private func readPluggyPayment(_ doc: JSONDocument, _ payment: Int, into t: inout Transaction) {
        let party = doc.member(t.direction == .out ? "receiver" : "payer", of: payment)
        if let party, doc[party].kind == .object {
            if let number = doc.member("documentNumber", of: party) {
                let value = doc[number].kind == .object ? doc.scalarText(doc.member("value", of: number)) : doc.scalarText(number)
                if let value, !value.isEmpty { t.counterpartyDocument = value }
            }
            if let name = doc.string(doc.member("name", of: party)), !name.isEmpty { t.counterpartyName = name }
        }
        if let method = doc.string(doc.member("paymentMethod", of: payment)) { t.paymentMethod = PaymentMethod(loose: method) }
        if let boleto = doc.member("boletoMetadata", of: payment), doc[boleto].kind == .object {
            let line = doc.scalarText(doc.member("digitableLine", of: boleto)) ?? doc.scalarText(doc.member("barcode", of: boleto))
            t.barcode = line.map(Self.digitsOnly)
            if t.paymentMethod == nil { t.paymentMethod = .boleto }
        }
    }

    // MARK: Open Finance Brasil

    private func readOpenFinance(_ doc: JSONDocument, into t: inout Transaction) throws(InputError) {
        let root = doc.root
        let isCard = doc.member("transactionType", of: root) != nil || doc.member("identificationNumber", of: root) != nil
        t.format = isCard ? .openFinanceCard : .openFinanceAccount
        t.id = try idText(doc, doc.member("transactionId", of: root))
        t.descriptorText = try text(doc, doc.member("transactionName", of: root), "transactionName") ?? ""
        switch doc.string(doc.member("creditDebitType", of: root)) {
        case "DEBITO": t.direction = .out
        case "CREDITO": t.direction = .in
        default: throw InputError(field: "creditDebitType", "expected \"CREDITO\" or \"DEBITO\"")
        }
        let amountKey = isCard ? (doc.member("brazilianAmount", of: root) ?? doc.member("amount", of: root))
                               : doc.member("transactionAmount", of: root)
        let amountField = isCard ? "brazilianAmount" : "transactionAmount"
        if let amountKey, doc[amountKey].kind == .object {
            if let currency = doc.string(doc.member("currency", of: amountKey)) {
                guard let code = CurrencyCode(currency) else { throw InputError(field: "\(amountField).currency", "unknown ISO 4217 code \"\(currency)\"") }
                t.currency = code
            }
            try readAmount(doc, doc.member("amount", of: amountKey), field: "\(amountField).amount", into: &t, signed: false)
        } else if let amountKey {
            try readAmount(doc, amountKey, field: amountField, into: &t, signed: false)
        }
        t.date = try date(doc, doc.member("transactionDateTime", of: root), "transactionDateTime")
        switch doc.string(doc.member("completedAuthorisedPaymentType", of: root)) {
        case nil, "TRANSACAO_EFETIVADA": t.status = .posted
        case "LANCAMENTO_FUTURO": t.status = .scheduled
        case "TRANSACAO_PROCESSANDO": t.status = .pending
        case let other?: throw InputError(field: "completedAuthorisedPaymentType",
                                          "expected TRANSACAO_EFETIVADA, LANCAMENTO_FUTURO or TRANSACAO_PROCESSANDO, got \"\(other)\"")
        }
        t.operationType = (isCard ? doc.string(doc.member("transactionType", of: root)) : doc.string(doc.member("type", of: root)))?.uppercased()
        if isCard {
            t.mcc = try mcc(doc, doc.member("payeeMCC", of: root), "payeeMCC")
            if let n = doc.scalarText(doc.member("chargeIdentificator", of: root)).flatMap(Int.init),
               let total = doc.scalarText(doc.member("chargeNumber", of: root)).flatMap(Int.init), total > 1, n >= 1, n <= total {
                t.installment = Installment(number: n, total: total)
            }
            t.paymentMethod = .creditCard
            if let fee = doc.string(doc.member("feeType", of: root)) { t.operationType = "TARIFA_" + fee.uppercased() }
        } else {
            if let document = doc.scalarText(doc.member("partieCnpjCpf", of: root)), !document.isEmpty { t.counterpartyDocument = document }
            if let type = t.operationType { t.paymentMethod = PaymentMethod(loose: type) }
        }
    }

    // MARK: field readers

    private func readAmount(_ doc: JSONDocument, _ node: Int?, field: String, into t: inout Transaction, signed: Bool) throws(InputError) {
        guard let node, !doc.isNull(node) else { return }
        let bytes: ArraySlice<UInt8>
        switch doc[node].kind {
        case .number: bytes = doc.raw(node)
        case .string:
            let text = doc.string(node) ?? ""
            // People's amounts (canonical rows) follow the currency's convention; Pluggy and Open Finance
            // strings always use a decimal point ("1000.0400").
            let convention = signed ? Money.stringConvention(of: t.currency, text: text) : (decimal: ".", group: ",")
            guard let trimmed = Money.ungrouped(text.trimmingASCIISpaces(), convention: convention) else {
                throw InputError(field: field, "not a number: \"\(text)\" (ambiguous or malformed digit grouping; write 1000.00)")
            }
            let parsed: Money.Parsed
            do {
                parsed = try Money.parseText(Array(trimmed.utf8), currency: t.currency)
            } catch .outOfRange {
                throw InputError(field: field, "amount out of range: \"\(text)\" (garden reads amounts up to \(Money.largest(in: t.currency)))")
            } catch {
                throw InputError(field: field, "not a number: \"\(text)\"")
            }
            try apply(parsed, into: &t, signed: signed, field: field, text: text)
            return
        default:
            throw InputError(field: field, "not a number: expected a JSON number or a decimal string")
        }
        let parsed: Money.Parsed
        do {
            parsed = try Money.parse(bytes, currency: t.currency)
        } catch .outOfRange {
            throw InputError(field: field, "amount out of range: \(String(decoding: bytes, as: UTF8.self)) (garden reads amounts up to \(Money.largest(in: t.currency)))")
        } catch {
            throw InputError(field: field, "not a number")
        }
        try apply(parsed, into: &t, signed: signed, field: field, text: String(decoding: bytes, as: UTF8.self))
    }

    /// Pluggy's `amountInAccountCurrency` of a row charged in another currency than the account's: the
    /// row's amount becomes it, in the account's currency, and the charged amount is kept as
    /// ``Transaction/originalAmount`` (a US$ 20.00 subscription on a Brazilian card is R$ 110,52 in the
    /// account, so its IOF line nets against it). Pluggy connects Brazilian institutions, whose accounts are
    /// kept in reais: the account's currency is BRL.
    private func readAccountCurrencyAmount(_ doc: JSONDocument, _ node: Int?, into t: inout Transaction) throws(InputError) {
        guard let node, !doc.isNull(node), t.currency != Self.pluggyAccountCurrency, let charged = t.amount else { return }
        var inAccount = Transaction()
        inAccount.currency = Self.pluggyAccountCurrency
        inAccount.direction = t.direction
        try readAmount(doc, node, field: "amountInAccountCurrency", into: &inAccount, signed: false)
        guard let amount = inAccount.amount else { return }
        t.originalAmount = charged
        t.amount = amount
        t.currency = amount.currency
        t.amountRounded = t.amountRounded || inAccount.amountRounded
    }

    /// The currency of the accounts Pluggy connects (Brazilian institutions).
    static let pluggyAccountCurrency = CurrencyCode.brl

    /// Keeps `parsed` as the row's amount. An aggregator's amount (`signed` false: Pluggy, Open Finance) with more
    /// non-zero decimals than the currency's minor digits is refused, not rounded: it is the amount the bank posted,
    /// which is exact in minor units, so a digit past them (`-1.005`) is a damaged value (a binary float written out,
    /// a misread field) and garden cannot tell which cent the bank booked; rounding it would put a total off the
    /// bank's by a cent with no one the wiser. (Trailing zeros, Open Finance's `"1000.0400"`, are exact.) A person's
    /// canonical row keeps the older rule: rounded half to even and flagged for review.
    private func apply(_ parsed: Money.Parsed, into t: inout Transaction, signed: Bool, field: String, text: @autoclosure () -> String) throws(InputError) {
        if parsed.rounded && !signed {
            throw InputError(field: field, "\(text()) has more decimals than \(t.currency.code)'s \(t.currency.fractionDigits): a posted amount is exact "
                + "in minor units, so garden cannot tell which amount the bank booked and never rounds one from a provider")
        }
        var money = parsed.money
        t.amountRounded = parsed.rounded
        if signed {
            if money.minorUnits < 0 { t.direction = .out } else if money.minorUnits > 0 { t.direction = .in }
        } else if let direction = t.direction {
            // Providers that state direction elsewhere: the sign follows it.
            money.minorUnits = direction == .out ? -abs(money.minorUnits) : abs(money.minorUnits)
        }
        t.amount = money
    }

    private func idText(_ doc: JSONDocument, _ node: Int?) throws(InputError) -> String? {
        guard let node, !doc.isNull(node) else { return nil }
        switch doc[node].kind {
        case .string, .number: return doc.scalarText(node)
        default: throw InputError(field: "id", "expected a string or a number")
        }
    }

    private func text(_ doc: JSONDocument, _ node: Int?, _ field: String, allowNumber: Bool = false) throws(InputError) -> String? {
        guard let node, !doc.isNull(node) else { return nil }
        if doc[node].kind == .string { return doc.string(node) }
        if allowNumber, doc[node].kind == .number { return doc.scalarText(node) }
        throw InputError(field: field, "expected a string")
    }

    /// A date field's local date; `pluggy`: a Pluggy `date`, whose midnight UTC is the bank's date as written
    /// (``CalendarDate/pluggyLocalDate(_:utcOffsetMinutes:)``).
    private func date(_ doc: JSONDocument, _ node: Int?, _ field: String, pluggy: Bool = false) throws(InputError) -> String? {
        guard let raw = try text(doc, node, field) else { return nil }
        let read = pluggy ? CalendarDate.pluggyLocalDate(raw, utcOffsetMinutes: utcOffsetMinutes) : CalendarDate.localDate(raw, utcOffsetMinutes: utcOffsetMinutes)
        guard let local = read else {
            throw InputError(field: field, "unreadable date \"\(raw)\"; expected YYYY-MM-DD or an ISO 8601 date-time")
        }
        return local
    }

    private func mcc(_ doc: JSONDocument, _ node: Int?, _ field: String) throws(InputError) -> Int? {
        guard let raw = try text(doc, node, field, allowNumber: true), !raw.isEmpty else { return nil }
        guard raw.utf8.count <= 4, raw.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let value = Int(raw) else {
            throw InputError(field: field, "expected a 4-digit merchant category code, got \"\(raw)\"")
        }
        return value
    }

    private func cnae(_ doc: JSONDocument, _ node: Int?, _ field: String) throws(InputError) -> String? {
        guard let raw = try text(doc, node, field, allowNumber: true) else { return nil }
        let digits = Self.digitsOnly(raw)
        if digits.isEmpty { return nil }
        guard digits.count <= 7 else { throw InputError(field: field, "expected a CNAE code of at most 7 digits, got \"\(raw)\"") }
        return digits
    }

    static func digitsOnly(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { $0.value >= 48 && $0.value <= 57 }))
    }
}

extension String {
    /// The text without leading and trailing ASCII spaces and tabs.
    package func trimmingASCIISpaces() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }),
              let last = scalars.lastIndex(where: { $0 != " " && $0 != "\t" }) else { return "" }
        return String(scalars[first...last])
    }
}
