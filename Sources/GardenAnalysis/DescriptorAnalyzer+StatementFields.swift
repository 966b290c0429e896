import GardenFoundation
import GardenCatalog

extension DescriptorAnalyzer.State {
    /// Removes the fields of fixed statement layouts that are not the merchant (``StatementFields``,
    /// `Rules/statement_fields.tsv`), once labels, dates, card masks and phone numbers are gone and before the
    /// trailing place is read: a card network's one-letter-tagged reference ("S463327774516012"), a NACHA Standard
    /// Entry Class code ending an ACH entry ("… ONLINE PMT 240314 WEB", "CONTOSO TEL ID: 98…"), then the Company Entry
    /// Description after the company's name ("MAPLE RIDGE APARTMENTS  RENT PMT  WEB ID: …" → Maple Ridge Apartments).
    /// `country`: the row's; the entry class codes and descriptions are US ACH's, never read on a Brazilian row.
    /// `labelled`: an ACH label (`DES:`, `ID:`, `CO ID:`) was taken away.
    mutating func removeStatementFields(_ fields: StatementFields, country: String?, labelled: Bool) {
        guard !fields.referenceTags.isEmpty || !fields.endWords.isEmpty else { return }
        for i in 0..<count where !removed[i] && i + 1 < count {
            let t = text.tokens[i]
            guard !t.isNumber, t.gluedToNext, t.foldedEnd - t.foldedStart == 1, text.tokens[i + 1].isNumber,
                  digitCount(i + 1) >= 11, fields.referenceTags.contains(String(decoding: word(i), as: UTF8.self)) else { continue }
            removed[i] = true
            removed[i + 1] = true
        }
        guard country != "BR" else { return }
        removeLocationField(fields)
        guard var last = (0..<count).last(where: { !removed[$0] }) else { return }
        // A Canadian bank's code after the payee, the line's last word ("NORTHERN LOGISTICS PAY").
        if country == "CA", last == count - 1, fields.canadianEndCodes.contains(String(decoding: word(last), as: UTF8.self)),
           let before = previousKept(before: last) {
            removed[last] = true
            last = before
        }
        var achLine = labelled || method == .ach
        // The Wells Fargo layout: the effective entry date, YYMMDD, right after the entry description, then the
        // individual's ID and name ("NORTHWIND PAYROLL 260316 XXXXX4821 DOE JANE"): the date and all after it go (the
        // individual's name is personal data, never the merchant), and the line is an ACH line.
        if let date = (0..<count).first(where: { !removed[$0] && isEffectiveEntryDate($0) }), previousKept(before: date) != nil,
           date + 1 == count || removed[date + 1] || text.tokens[date + 1].isNumber {
            for k in date..<count { removed[k] = true }
            achLine = true
            guard let kept = previousKept(before: date) else { return }
            last = kept
        }
        if fields.endWords.contains(String(decoding: word(last), as: UTF8.self)), let before = previousKept(before: last), before >= 0 {
            // An ACH field garden took away around it: something after it, a date or number right before it, or ACH wording.
            if last + 1 < count || (last > 0 && removed[last - 1] && text.tokens[last - 1].isNumber) || achLine {
                removed[last] = true
                achLine = true
            }
        }
        if achLine { removeEntryDescription(fields) }
    }

    /// Removes a card line's location field (``StatementFields/locationFieldWords``): a word such as `PURCHASE` right after
    /// the removed transaction date that follows the merchant's name, and all after it ("ROMAN 01/07 PURCHASE
    /// WWW.GETROMAN. NY" is Roman).
    private mutating func removeLocationField(_ fields: StatementFields) {
        guard !fields.locationFieldWords.isEmpty else { return }
        for i in 2..<max(2, count) where !removed[i] && removed[i - 1] && text.tokens[i - 1].isNumber {
            guard fields.locationFieldWords.contains(String(decoding: word(i), as: UTF8.self)),
                  let name = previousKept(before: i), !text.tokens[name].isNumber else { continue }
            for k in i..<count { removed[k] = true }
            return
        }
    }

    /// Whether word `i` is six digits reading as YYMMDD (NACHA's Effective Entry Date as Wells Fargo prints it).
    private func isEffectiveEntryDate(_ i: Int) -> Bool {
        guard text.tokens[i].isNumber, digitCount(i) == 6, let value = number(i) else { return false }
        return (1...12).contains(value / 100 % 100) && (1...31).contains(value % 100)
    }

    /// Removes the Company Entry Description ending the kept words of an ACH line (NACHA Company/Batch Header field 7:
    /// `PAYROLL`, `RETURN FEE`, `RETRY PYMT`, `ONLINE PMT`), the longest phrase first, while a word stays before it.
    private mutating func removeEntryDescription(_ fields: StatementFields) {
        guard fields.longestEntryDescription > 0 else { return }
        var kept: [Int] = []
        kept.reserveCapacity(fields.longestEntryDescription + 1)
        var k = count - 1
        while k >= 0, kept.count <= fields.longestEntryDescription {
            if !removed[k] { kept.append(k) }
            k -= 1
        }
        // kept: the last kept words, last first; a phrase of n words needs n + 1 of them (a name before it).
        for n in stride(from: min(fields.longestEntryDescription, kept.count - 1), through: 1, by: -1) {
            var phrase: [UInt8] = []
            for j in (0..<n).reversed() {
                if !phrase.isEmpty { phrase.append(0x20) }
                phrase.append(contentsOf: word(kept[j]))
            }
            if fields.entryDescriptions.contains(String(decoding: phrase, as: UTF8.self)) {
                for j in 0..<n { removed[kept[j]] = true }
                notes.append("NACHA entry description \"\(String(decoding: phrase, as: UTF8.self))\"")
                return
            }
        }
    }
}
