/// Which way money moved, from the account holder's side.
public enum Direction: String, Sendable, Hashable, Codable {
    /// Money out (a purchase, a payment, a transfer sent).
    case out
    /// Money in (a salary, a refund, a transfer received).
    case `in`
}

/// What a row is for the holder's budget: spending, earning, moving their own money, or undoing a purchase.
public enum Flow: String, Sendable, Hashable, Codable {
    case expense, income, transfer, refund
}

/// The rail a payment went over, as given in `payment_method` or inferred from the descriptor.
public enum PaymentMethod: String, Sendable, Hashable, CaseIterable {
    case pix, pixQR = "pix_qr", ted, doc, boleto, debitCard = "debit_card", creditCard = "credit_card"
    case directDebit = "direct_debit", cash, ach, wire, check, zelle, p2p, `internal`, other

    /// Reads the canonical names and the common provider spellings ("PIX", "CARTAO", "DEBITO_AUTOMATICO").
    public init?(loose text: String) {
        // Hyphens and spaces as underscores, byte by byte (not through Foundation's string search).
        let key = String(decoding: text.lowercased().utf8.map { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: " ") ? UInt8(ascii: "_") : $0 },
                         as: UTF8.self)
        if let exact = PaymentMethod(rawValue: key) { self = exact; return }
        switch key {
        case "cartao", "card", "credit", "cartao_credito": self = .creditCard
        case "debit", "debito", "cartao_debito": self = .debitCard
        case "debito_automatico", "autodebit": self = .directDebit
        case "convenio_arrecadacao", "bank_slip", "bankslip": self = .boleto
        case "transferencia_mesma_instituicao", "tef": self = .internal
        case "dinheiro", "saque": self = .cash
        case "cheque": self = .check
        default: return nil
        }
    }
}

/// One installment of a purchase paid in parts ("PARC 03/10" is number 3 of total 10).
public struct Installment: Hashable, Sendable {
    public var number: Int
    public var total: Int
    public init(number: Int, total: Int) { self.number = number; self.total = total }
}

/// A Pix end-to-end id (`EndToEndId`): `E`, the payer's 8-digit ISPB, then 23 letters and digits — 32 characters
/// (Banco Central do Brasil, Manual de Padrões para Iniciação do Pix). Pluggy gives it as `paymentData.referenceNumber`,
/// a field that holds other references too, so only a text of this shape is taken for one.
public enum PixEndToEndID {
    /// Whether `text` has the shape of an end-to-end id.
    public static func isValid(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 32, bytes[0] == UInt8(ascii: "E") else { return false }
        return bytes[1...8].allSatisfy { $0 >= 48 && $0 <= 57 } && bytes[9...].allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 >= 65 && $0 <= 90) || ($0 >= 97 && $0 <= 122) }
    }
}
