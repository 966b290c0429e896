import GardenFoundation

extension DescriptorAnalyzer.State {
    /// Finds CNPJs (formatted, plain, numeric or alphanumeric, check digits verified) and CPFs
    /// (formatted `123.456.789-09`, masked `•••.456.789-••`, or 11 plain digits in a transfer line) in the
    /// source bytes, removes their words, and drops the bank details that follow a document in a
    /// transfer line ("- NU PAGAMENTOS - IP (0260) Agência: 1 Conta: 123-4").
    mutating func findDocuments(transferContext: Bool) {
        // Every document shape holds at least six digits or hidden-digit marks.
        var marks = 0
        for b in text.source where Self.isDigit(b) || b == UInt8(ascii: "*") || b == 0xE2 { marks += 1 }
        guard marks >= 6 else { return }
        let spans = documentSpans(transferContext: transferContext)
        guard !spans.isEmpty else { return }
        remove(documentSpans: spans, transferContext: transferContext)
    }

    @inline(__always)
    private static func isAlnum(_ b: UInt8) -> Bool { (b >= 48 && b <= 57) || (b >= 65 && b <= 90) || (b >= 97 && b <= 122) }
    @inline(__always)
    private static func isDigit(_ b: UInt8) -> Bool { b >= 48 && b <= 57 }

    /// The byte spans of the documents in the source, with the document (nil: the shape of a CNPJ whose
    /// check digits fail).
    private func documentSpans(transferContext: Bool) -> [(Range<Int>, Descriptor.Document?)] {
        let s = text.source
        var spans: [(Range<Int>, Descriptor.Document?)] = []
        var i = 0
        while i < s.count {
            let boundaryBefore = i == 0 || !Self.isAlnum(s[i - 1])
            guard boundaryBefore else { i += 1; continue }
            let lead = s[i]
            guard Self.isAlnum(lead) || lead == UInt8(ascii: "*") || lead == 0xE2 else { i += 1; continue }
            if let span = formattedCNPJ(at: i) ?? cpfShape(at: i).map({ (i..<(i + $0.0), .cpf(mask: $0.1)) }) {
                spans.append(span)
                i = span.0.upperBound
                continue
            }
            // Plain runs: 14 characters (CNPJ, verified) or 11 digits (CPF, in transfer lines).
            var j = i
            while j < s.count, Self.isAlnum(s[j]) { j += 1 }
            let run = j - i
            if run == 14 {
                let text = String(decoding: s[i..<j], as: UTF8.self).uppercased()
                if let cnpj = CNPJ(text) { spans.append((i..<j, .cnpj(cnpj))) }
            } else if run == 11, transferContext, s[i..<j].allSatisfy(Self.isDigit),
                      let mask = CPF.mask(String(decoding: s[i..<j], as: UTF8.self)) {
                spans.append((i..<j, .cpf(mask: mask)))
            }
            i = max(j, i + 1)
        }
        return spans
    }

    /// A formatted CNPJ at `i`: XX.XXX.XXX/XXXX-DD (alphanumeric root and order allowed); nil as the
    /// document when its check digits fail (mistyped, or made up: not a document to trust, but still not
    /// part of a name, and it still ends the name's segment).
    private func formattedCNPJ(at i: Int) -> (Range<Int>, Descriptor.Document?)? {
        let s = text.source
        guard i + 18 <= s.count, s[i + 2] == UInt8(ascii: "."), s[i + 6] == UInt8(ascii: "."), s[i + 10] == UInt8(ascii: "/"),
              s[i + 15] == UInt8(ascii: "-"), i + 18 == s.count || !Self.isAlnum(s[i + 18]) else { return nil }
        let text = String(decoding: s[i..<(i + 18)], as: UTF8.self)
        if let cnpj = CNPJ(text) ?? CNPJ(text.uppercased()) { return (i..<(i + 18), .cnpj(cnpj)) }
        if s[i..<(i + 18)].allSatisfy({ Self.isAlnum($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "-") }) {
            return (i..<(i + 18), nil)
        }
        return nil
    }

    /// Records the documents of `spans` and removes their words; in a transfer line, also the bank details
    /// after the counterparty's document segment.
    private mutating func remove(documentSpans spans: [(Range<Int>, Descriptor.Document?)], transferContext: Bool) {
        let s = text.source
        var firstSegmentEnd = -1
        for (span, document) in spans {
            if let document { documents.append(document) } else { marksCompany = true }
            var last = -1
            for k in 0..<count where text.tokens[k].start >= span.lowerBound && text.tokens[k].end <= span.upperBound {
                removed[k] = true
                last = k
            }
            // "NAME - DOCUMENT - BANK (ISPB) Agência: 1 Conta: 2": a document closing a " - " segment.
            if last >= 0, firstSegmentEnd < 0, span.upperBound + 2 < s.count, s[span.upperBound] == 0x20, s[span.upperBound + 1] == UInt8(ascii: "-") {
                firstSegmentEnd = last
            }
        }
        // In a transfer line, what follows the counterparty's document segment is their bank and account.
        if transferContext, firstSegmentEnd >= 0, (0..<firstSegmentEnd).contains(where: { !removed[$0] }) {
            for k in firstSegmentEnd..<count { removed[k] = true }
        }
    }

    /// The length and mask of a CPF-shaped text at `i`, if any.
    private func cpfShape(at i: Int) -> (Int, String)? {
        let s = text.source
        var j = i
        var digits: [UInt8] = []
        // The digit groups must be 3, 3, 3 and 2 long: checked as each group closes (no array of groups).
        var groupCount = 0, groupsMatch = true
        func closeGroup(_ length: Int) {
            if length != (groupCount < 3 ? 3 : groupCount == 3 ? 2 : -1) { groupsMatch = false }
            groupCount += 1
        }
        var current = 0
        func hidden(_ at: Int) -> Int? {
            if s[at] == UInt8(ascii: "*") { return 1 }
            if at + 2 < s.count, s[at] == 0xE2, s[at + 1] == 0x80, s[at + 2] == 0xA2 { return 3 } // •
            return nil
        }
        // A CPF starts with a digit or a hidden one (a word of letters, the usual case, is not one).
        guard j < s.count, (s[j] >= 48 && s[j] <= 57) || hidden(j) != nil else { return nil }
        digits.reserveCapacity(11)
        while j < s.count, digits.count < 11 {
            let b = s[j]
            if b >= 48 && b <= 57 {
                digits.append(b)
                current += 1
                j += 1
            } else if let width = hidden(j) {
                digits.append(UInt8(ascii: "*"))
                current += 1
                j += width
            } else if b == UInt8(ascii: ".") || b == UInt8(ascii: "-") {
                closeGroup(current)
                current = 0
                j += 1
            } else {
                break
            }
        }
        closeGroup(current)
        guard digits.count == 11, groupsMatch, groupCount == 4 else { return nil }
        if j < s.count, (s[j] >= 48 && s[j] <= 57) || hidden(j) != nil { return nil }
        // Hidden positions may only be the first three and the last two.
        let visible = digits[3..<9]
        guard visible.allSatisfy({ $0 != UInt8(ascii: "*") }) else { return nil }
        return (j - i, "•••.\(String(decoding: digits[3..<6], as: UTF8.self)).\(String(decoding: digits[6..<9], as: UTF8.self))-••")
    }
}
