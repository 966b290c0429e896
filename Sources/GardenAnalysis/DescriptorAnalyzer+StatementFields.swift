import GardenFoundation
import GardenCatalog

extension DescriptorAnalyzer.State {
    /// Removes the fields of fixed statement layouts that are not the merchant (``StatementFields``,
    /// `Rules/statement_fields.tsv`), once labels, dates, card masks and phone numbers are gone and before the
    /// trailing place is read: a card network's one-letter-tagged reference ("S463327774516012"), then a NACHA Standard
    /// Entry Class code ending an ACH entry ("… ONLINE PMT 240314 WEB", "CONTOSO TEL ID: 98…"). `country`: the
    /// row's; the entry class codes are US ACH's, never read on a Brazilian row.
    mutating func removeStatementFields(_ fields: StatementFields, country: String?) {
        guard !fields.referenceTags.isEmpty || !fields.endWords.isEmpty else { return }
        for i in 0..<count where !removed[i] && i + 1 < count {
            let t = text.tokens[i]
            guard !t.isNumber, t.gluedToNext, t.foldedEnd - t.foldedStart == 1, text.tokens[i + 1].isNumber,
                  digitCount(i + 1) >= 11, fields.referenceTags.contains(String(decoding: word(i), as: UTF8.self)) else { continue }
            removed[i] = true
            removed[i + 1] = true
        }
        guard country != "BR", let last = (0..<count).last(where: { !removed[$0] }),
              fields.endWords.contains(String(decoding: word(last), as: UTF8.self)),
              let before = previousKept(before: last) else { return }
        // An ACH field garden took away around it: something after it, a date or number right before it, or ACH wording.
        let achContext = last + 1 < count || (last > 0 && removed[last - 1] && text.tokens[last - 1].isNumber) || method == .ach
        guard achContext, before >= 0 else { return }
        removed[last] = true
    }
}
