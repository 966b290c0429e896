import GardenFoundation

extension DescriptorAnalyzer.State {
    static let monthNames: [String] = ["jan", "fev", "feb", "mar", "abr", "apr", "mai", "may", "jun", "jul", "ago", "aug",
                                       "set", "sep", "sept", "out", "oct", "nov", "dez", "dec"]
    static let dateWords = ["on", "em", "dia", "periodo", "dt", "data", "a", "ate", "de", "mc", "deb", "visa", "elo",
                            "bce", "date", "trans", "posted", "venc", "vencimento"]
    /// Rails that carry no installments: a bare number pair ending their line is a date (an installment on them is
    /// written out: `PARC`, `PARCELA`).
    static let transferRails: Set<PaymentMethod> = [.pix, .pixQR, .ted, .doc, .wire, .ach, .zelle, .p2p, .internal]
    static let installmentWords = ["parc", "parcela", "parcelas", "prest", "prestacao", "pcl", "pc", "installment", "parcelado"]

    /// Removes dates (`05/03`, `05/02/26`, `ON 07/12`, `18mar`), times (`19:40`, `15h06`, `09h09min`) and
    /// installments (`PARC 03/10`, `Parcela 1/2`, `- 5/6`, `PARC 03 DE 10`, a trailing `01/06`, glued
    /// `SAO PAULO01/03`), deciding between a date and an installment from the context: words before
    /// it, a time or a year after it, the row's own date, and where it sits in the line.
    mutating func removeDatesAndInstallments(rowDate: String?) {
        let rowDay = rowDate.flatMap { Self.twoCharacterNumber($0, at: 8) }
        let rowMonth = rowDate.flatMap { Self.twoCharacterNumber($0, at: 5) }
        var i = 0
        while i < count {
            defer { i += 1 }
            if removed[i] || !text.tokens[i].isNumber { continue }
            if removeTime(at: i) || removeDayAndMonthName(at: i) { continue }
            if removeDashedDate(at: i) {
                i += 2
                continue
            }
            i += readNumberPair(at: i, rowDay: rowDay, rowMonth: rowMonth)
        }
        // A lone installment word left behind ("Parcela" after its numbers were taken).
        if installment != nil {
            for k in 0..<count where !removed[k] && isWord(k, Self.installmentWords) { removed[k] = true }
        }
    }

    /// `Int(date.dropFirst(offset).prefix(2))` (the day or month of the row's `YYYY-MM-DD` date), read on the bytes of
    /// an ASCII date (once a row, where the `Substring`s and the parse cost ~1 k instructions); the same call otherwise.
    static func twoCharacterNumber(_ date: String, at offset: Int) -> Int? {
        var date = date
        return date.withUTF8 { bytes -> Int? in
            // (A carriage return and line feed are one character: such a text is counted as characters, as before.)
            guard bytes.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) else { return Int(String(decoding: bytes, as: UTF8.self).dropFirst(offset).prefix(2)) }
            guard offset < bytes.count else { return nil }
            let first = bytes[offset], second: UInt8? = offset + 1 < bytes.count ? bytes[offset + 1] : nil
            func digit(_ b: UInt8) -> Int? { b >= 0x30 && b <= 0x39 ? Int(b - 0x30) : nil }
            // Int's grammar on at most two characters: a digit or two, or a sign and a digit.
            if let second {
                guard let low = digit(second) else { return nil }
                if let high = digit(first) { return high * 10 + low }
                if first == UInt8(ascii: "+") { return low }
                if first == UInt8(ascii: "-") { return -low }
                return nil
            }
            return digit(first)
        }
    }

    /// Removes a time at word `i`: HH:MM(:SS), 15h06, 09h09min.
    @inline(__always)
    private mutating func removeTime(at i: Int) -> Bool {
        let t = text.tokens[i]
        guard let hour = number(i), hour < 24, digitCount(i) <= 2 else { return false }
        if t.punctuationAfter == UInt8(ascii: ":"), !t.spaceAfter, let minute = number(i + 1), minute < 60, digitCount(i + 1) == 2 {
            removed[i] = true
            removed[i + 1] = true
            if i + 2 < count, text.tokens[i + 1].punctuationAfter == UInt8(ascii: ":"), number(i + 2) != nil { removed[i + 2] = true }
            return true
        }
        if t.gluedToNext, isWord(i + 1, ["h", "hs", "hr"]) {
            removed[i] = true
            removed[i + 1] = true
            if text.tokens[i + 1].gluedToNext, number(i + 2) != nil {
                removed[i + 2] = true
                if text.tokens[i + 2].gluedToNext, isWord(i + 3, ["min", "m"]) { removed[i + 3] = true }
            }
            return true
        }
        return false
    }

    /// Removes a day glued to a month name at word `i`: 18mar, 14set.
    @inline(__always)
    private mutating func removeDayAndMonthName(at i: Int) -> Bool {
        guard let day = number(i), day >= 1, day <= 31, text.tokens[i].gluedToNext, i + 1 < count,
              Self.monthNames.contains(String(decoding: word(i + 1), as: UTF8.self)) else { return false }
        removed[i] = true
        removed[i + 1] = true
        return true
    }

    /// Removes a date written with dashes, three parts, at word `i`: 03-12-26, 2026-03-12.
    @inline(__always)
    private mutating func removeDashedDate(at i: Int) -> Bool {
        let t = text.tokens[i]
        guard t.punctuationAfter == UInt8(ascii: "-"), !t.spaceAfter, i + 2 < count, number(i + 1) != nil, number(i + 2) != nil,
              text.tokens[i + 1].punctuationAfter == UInt8(ascii: "-"), !text.tokens[i + 1].spaceAfter,
              let a = number(i), let b = number(i + 1), let c = number(i + 2),
              (digitCount(i) <= 2 && b <= 31 && a <= 31 && (digitCount(i + 2) == 2 || digitCount(i + 2) == 4))
                || (digitCount(i) == 4 && b <= 12 && c <= 31) else { return false }
        removed[i] = true
        removed[i + 1] = true
        removed[i + 2] = true
        return true
    }

    /// Reads a pair A/B (and maybe /C) at word `i` as a date or an installment, or "PARC 03 DE 10"; returns
    /// how many more words it took.
    @inline(__always)
    private mutating func readNumberPair(at i: Int, rowDay: Int?, rowMonth: Int?) -> Int {
        let t = text.tokens[i]
        guard t.punctuationAfter == UInt8(ascii: "/"), !t.spaceAfter, let a = number(i), let b = number(i + 1),
              digitCount(i) <= 2, digitCount(i + 1) <= 2 else {
            // "PARC 03 DE 10"
            if let p = previousKept(before: i), isWord(p, Self.installmentWords), isWord(i + 1, ["de", "of"]),
               let n = number(i), let total = number(i + 2), n >= 1, n <= total, total >= 2 {
                setInstallment(n, total, words: [p, i, i + 1, i + 2])
            }
            return 0
        }
        let hasYear = i + 2 < count && text.tokens[i + 1].punctuationAfter == UInt8(ascii: "/") && !text.tokens[i + 1].spaceAfter
            && number(i + 2) != nil && (digitCount(i + 2) == 2 || digitCount(i + 2) == 4)
        let previous = previousKept(before: i)
        let installmentWord = previous.map { isWord($0, Self.installmentWords) } ?? false
        let dashBefore = i > 0 && text.tokens[i - 1].punctuationAfter == UInt8(ascii: "-") && text.tokens[i - 1].spaceAfter
        let validInstallment = a >= 1 && a <= b && b >= 2 && b <= 99
        // Brazilian banks print DD/MM, US banks MM/DD.
        let validDate = (a >= 1 && a <= 31 && b >= 1 && b <= 12) || (a >= 1 && a <= 12 && b >= 1 && b <= 31)
        if installmentWord && validInstallment && !hasYear {
            setInstallment(a, b, words: [previous!, i, i + 1])
            return 1
        }
        if validDate && isDateContext(at: i, a, b, hasYear: hasYear, previous: previous, rowDay: rowDay, rowMonth: rowMonth) {
            removed[i] = true
            removed[i + 1] = true
            if hasYear { removed[i + 2] = true }
            // "ON 07/12", "DIA 14/03"; a word glued by a dash is the name's ("SUPERMERCADO DIA-14/03": Itaú's RSHOP).
            if let previous, isWord(previous, ["on", "em", "dia", "dt", "data", "date"]),
               text.tokens[previous].spaceAfter || text.tokens[previous].punctuationAfter != UInt8(ascii: "-") { removed[previous] = true }
            return hasYear ? 2 : 1
        }
        let trailing = nextKept(after: i + 1) == nil
        // A transfer has no installments unless it says so: Bradesco's `PIX QR CODE ESTATICO DES: NAME 07/07` ends in the date.
        let transferDate = trailing && !dashBefore && validDate && (method.map(Self.transferRails.contains) ?? false)
        if validInstallment && !hasYear && (dashBefore || trailing) && !transferDate {
            var words = [i, i + 1]
            if dashBefore, let previous, isWord(previous, Self.installmentWords) { words.append(previous) }
            setInstallment(a, b, words: words)
            if trailing && !dashBefore { notes.append("installment \(a)/\(b) read from a trailing number pair") }
            return 1
        }
        guard validDate else { return 0 }
        removed[i] = true
        removed[i + 1] = true
        if hasYear { removed[i + 2] = true }
        return hasYear ? 2 : 1
    }

    /// Whether the pair `a`/`b` at word `i` reads as a date: a year after it, a date word before it, a time
    /// after it, the row's own day and month, or right after the head's boilerplate.
    @inline(__always)
    private func isDateContext(at i: Int, _ a: Int, _ b: Int, hasYear: Bool, previous: Int?, rowDay: Int?, rowMonth: Int?) -> Bool {
        if hasYear { return true }
        if let previous, isWord(previous, Self.dateWords) { return true }
        if let next = nextKept(after: i + 1), number(next) != nil, digitCount(next) <= 2,
           text.tokens[next].punctuationAfter == UInt8(ascii: ":") || (text.tokens[next].gluedToNext && isWord(next + 1, ["h"])) {
            return true
        }
        if let rowDay, let rowMonth, (a == rowDay && b == rowMonth) || (a == rowMonth && b == rowDay) { return true }
        return i == headEnd && headEnd > 0                                     // "Compra cartao deb mc 18/03 ..."
    }

    private mutating func setInstallment(_ number: Int, _ total: Int, words: [Int]) {
        if installment == nil { installment = Installment(number: number, total: total) }
        for w in words where w >= 0 && w < count { removed[w] = true }
    }
}
