import GardenFoundation

/// Writes an ``ImportedRow`` as one canonical `resolve` input line (README "Input"): `id`, `date`,
/// `amount` (an exact decimal string), `currency`, `description`, `memo`, `account`, `account_key`, `account_label`,
/// `account_type` (``AccountKey``, ``AccountType``), `payment_method`,
/// `check_number`, `provider_category`, `source_id` (the file's own id of the row), `account_source_id` (an aggregator's
/// connection-scoped id of the account), then `counterparty`, `mcc`, `cnae`, `barcode`, `status` (`pending`,
/// `scheduled`), `original_amount` and `original_currency` when known.
/// Absent values are left out rather than written as null; the key order is fixed, so output is
/// byte-stable.
public enum CanonicalRowWriter {
    /// The row's JSON line, newline included.
    public static func line(_ row: ImportedRow) -> [UInt8] {
        var w = JSONWriter(capacity: 256)
        w.beginObject()
        w.member("id", row.id)
        optional(&w, "date", row.date)
        optional(&w, "amount", row.amountText)
        optional(&w, "currency", row.amount?.currency.code)
        w.member("description", row.description)
        optional(&w, "memo", row.memo)
        optional(&w, "account", row.account)
        optional(&w, "account_key", row.accountKey)
        optional(&w, "account_label", row.accountLabel)
        optional(&w, "account_default", row.accountDefault)
        optional(&w, "account_type", row.accountType?.rawValue)
        optional(&w, "payment_method", row.paymentMethod?.rawValue)
        optional(&w, "check_number", row.checkNumber)
        optional(&w, "provider_category", row.providerCategory)
        optional(&w, "source_id", row.sourceID)
        optional(&w, "account_source_id", row.accountSourceID)
        if row.counterpartyDocument != nil || row.counterpartyName != nil {
            w.key("counterparty")
            w.beginObject()
            optional(&w, "document", row.counterpartyDocument)
            optional(&w, "name", row.counterpartyName)
            w.endObject()
        }
        if let mcc = row.mcc { w.key("mcc"); w.int(mcc) }
        optional(&w, "cnae", row.cnae)
        optional(&w, "barcode", row.barcode)
        optional(&w, "status", row.status?.rawValue)
        optional(&w, "original_amount", row.originalAmount?.decimalString)
        optional(&w, "original_currency", row.originalAmount?.currency.code)
        w.endObject()
        w.bytes.append(0x0A)
        return w.bytes
    }

    private static func optional(_ w: inout JSONWriter, _ key: String, _ value: String?) {
        guard let value else { return }
        w.member(key, value)
    }
}
