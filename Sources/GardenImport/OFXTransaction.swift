import GardenImportKit
/// One `<STMTTRN>` as printed, before any value is interpreted, with its statement's context.
public struct OFXTransaction: Equatable, Sendable {
    /// Leaf values by tag (`TRNTYPE`, `DTPOSTED`, `TRNAMT`, `FITID`, `NAME`, `MEMO`, `CHECKNUM`, …), each
    /// with the line it was printed on; the first occurrence of a tag wins.
    public var fields: [String: (value: String, line: Int)] = [:]
    /// The line of the `<STMTTRN>` tag.
    public var line: Int
    /// The statement's `ACCTID` (from `BANKACCTFROM` / `CCACCTFROM`).
    public var accountID: String?
    /// The statement's `CURDEF`, or the transaction's own `CURRENCY`/`CURSYM`.
    public var currency: String?
    /// Whether it belongs to a credit-card statement (`CCSTMTRS`).
    public var isCard: Bool
    /// The statement's `BANKID` and `ACCTTYPE` (`BANKACCTFROM`), and the institution's `ORG` (`FI`), when printed.
    public var bankID: String?
    public var accountType: String?
    public var organisation: String?
    /// The ordinal (from 1) of its statement (`STMTRS`, `CCSTMTRS`) in the file.
    public var statement = 0

    public init(line: Int, accountID: String?, currency: String?, isCard: Bool) {
        self.line = line
        self.accountID = accountID
        self.currency = currency
        self.isCard = isCard
    }

    /// The value of a leaf tag, or nil when the transaction has none.
    public func value(_ tag: String) -> String? { fields[tag]?.value }

    public static func == (a: OFXTransaction, b: OFXTransaction) -> Bool {
        a.line == b.line && a.accountID == b.accountID && a.currency == b.currency && a.isCard == b.isCard
            && a.fields.mapValues(\.value) == b.fields.mapValues(\.value)
    }
}
