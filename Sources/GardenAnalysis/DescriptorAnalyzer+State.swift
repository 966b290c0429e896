import GardenFoundation
import GardenCatalog
import GardenImage
import GardenNames

extension DescriptorAnalyzer {
    /// The working state of one analysis: which words are removed, and the facts found so far.
    struct State {
        let text: TokenizedText
        var removed: [Bool]
        var method: PaymentMethod?
        var direction: Direction?
        var refundWording: String?
        var installment: Installment?
        var documents: [Descriptor.Document] = []
        var cleanersApplied: [Int] = []
        var notes: [String] = []
        /// Index of the first word after the last boilerplate phrase at the head.
        var headEnd = 0
        /// Words cut short at their end (a city glued to them: "LTDSAO PAULO" keeps "LTD").
        var trimmedEnd: [Int: Int] = [:]
        /// A CNPJ root or an unverified CNPJ shape was found beside the name (``Descriptor/marksCompany``).
        var marksCompany = false
        /// The line prints a web address (``Descriptor/printsWebAddress``).
        var printsWebAddress = false

        init(text: TokenizedText) {
            self.text = text
            removed = Array(repeating: false, count: text.tokens.count)
        }

        var count: Int { text.tokens.count }

        func word(_ i: Int) -> ArraySlice<UInt8> { text.wordBytes(i) }

        func isWord(_ i: Int, _ options: [String]) -> Bool {
            guard i >= 0, i < count else { return false }
            let w = word(i)
            // The lengths first (a native string's UTF-8 count is stored): most options differ in length.
            return options.contains { $0.utf8.count == w.count && $0.utf8.elementsEqual(w) }
        }

        func number(_ i: Int) -> Int? {
            guard i >= 0, i < count, text.tokens[i].isNumber, text.tokens[i].end - text.tokens[i].start <= 9 else { return nil }
            var value = 0
            for b in word(i) { value = value * 10 + Int(b - 48) }
            return value
        }

        func digitCount(_ i: Int) -> Int { text.tokens[i].foldedEnd - text.tokens[i].foldedStart }

        /// The next word not removed after `i`, or nil.
        func nextKept(after i: Int) -> Int? {
            var k = i + 1
            while k < count, removed[k] { k += 1 }
            return k < count ? k : nil
        }

        func previousKept(before i: Int) -> Int? {
            var k = i - 1
            while k >= 0, removed[k] { k -= 1 }
            return k >= 0 ? k : nil
        }

        var firstKept: Int? { removed.firstIndex(of: false) }

        /// The words a match covers.
        func tokens(of match: PatternTrie.Match) -> ClosedRange<Int> {
            var k = match.firstToken
            while k + 1 < count, text.tokens[k + 1].foldedStart < match.end { k += 1 }
            return match.firstToken...k
        }

        // MARK: boilerplate

        mutating func applyCleaners(_ matches: [(cleaner: Int, match: PatternTrie.Match)], views: AnalysisViews, givenMethod: PaymentMethod?) {
            guard !matches.isEmpty else { return }
            // A run of operation words a spaced dash closes is the operation, even with words that are operation
            // words only there ("ELECTRONIC DEPOSIT - ACME PAYROLL"); otherwise those words stay.
            var trial = self
            if matches.contains(where: { views.cleaners[$0.cleaner].beforeDashOnly }),
               trial.peelHead(matches, views: views, beforeDash: true), trial.headEnd > 0, trial.headEnd < count,
               text.tokens[trial.headEnd - 1].punctuationAfter == UInt8(ascii: "-"), text.tokens[trial.headEnd - 1].spaceAfter {
                self = trial
            } else {
                peelHead(matches, views: views, beforeDash: false)
            }
            // Phrases allowed anywhere; a longer phrase at the same place wins.
            for (index, match) in matches where !views.cleaners[index].anchored && match.mode == .word && !views.cleaners[index].isLabel {
                if views.cleaners[index].effect == .cutInTransfer && !DescriptorAnalyzer.isTransfer(method ?? givenMethod) { continue }
                let covered = tokens(of: match)
                if covered.allSatisfy({ removed[$0] }) { continue }
                let longer = matches.contains { other in
                    other.match.firstToken == match.firstToken && other.match.length > match.length && !views.cleaners[other.cleaner].anchored
                }
                if longer { continue }
                apply(index, match, views: views)
            }
        }

        /// Peels anchored phrases off the head, longest first, repeatedly; `beforeDash`: words that are operation
        /// words only before a spaced dash count too. Returns whether such a word was peeled.
        @discardableResult
        private mutating func peelHead(_ matches: [(cleaner: Int, match: PatternTrie.Match)], views: AnalysisViews, beforeDash: Bool) -> Bool {
            var head = 0
            var usedDashWord = false
            while head < count {
                var best: (Int, PatternTrie.Match)?
                for (index, match) in matches where match.firstToken == head && match.mode == .word {
                    // The cleaner's fields read in place (`let cleaner = views.cleaners[index]` copied its strings).
                    guard views.cleaners[index].anchored, head > 0 || !views.cleaners[index].continuesRun,
                          beforeDash || !views.cleaners[index].beforeDashOnly else { continue }
                    // An operation word before "*" is a processor's prefix ("PAG*NAME" is PagBank).
                    if views.cleaners[index].effect == .operation && text.tokens[tokens(of: match).upperBound].punctuationAfter == UInt8(ascii: "*") { continue }
                    if best == nil || match.length > best!.1.length { best = (index, match) }
                }
                guard let (index, match) = best else { break }
                usedDashWord = usedDashWord || views.cleaners[index].beforeDashOnly
                apply(index, match, views: views)
                head = tokens(of: match).upperBound + 1
                while head < count, removed[head] { head += 1 }
            }
            headEnd = head
            return usedDashWord
        }

        /// Labelled fields of a fixed layout (NACHA: `ORIG CO NAME:ACME CORP ... SEC:PPD TRACE#:...`): each
        /// label's value runs to the next label; a `name` label keeps its value, the others go with theirs.
        /// A label counts only when a colon or `#` follows it.
        mutating func applyLabels(_ matches: [(cleaner: Int, match: PatternTrie.Match)], views: AnalysisViews) {
            var labels: [(index: Int, range: ClosedRange<Int>)] = []
            for (index, match) in matches where views.cleaners[index].isLabel && match.mode == .word {
                let covered = tokens(of: match)
                guard [UInt8(ascii: ":"), UInt8(ascii: "#")].contains(text.tokens[covered.upperBound].punctuationAfter) else { continue }
                if let last = labels.last, last.range.overlaps(covered) {
                    if covered.count > last.range.count { labels[labels.count - 1] = (index, covered) }
                    continue
                }
                labels.append((index, covered))
            }
            guard !labels.isEmpty else { return }
            labels.sort { $0.range.lowerBound < $1.range.lowerBound }
            for (position, label) in labels.enumerated() {
                let valueEnd = position + 1 < labels.count ? labels[position + 1].range.lowerBound : count
                let dropsValue = views.cleaners[label.index].effect == .label
                for k in label.range.lowerBound..<max(valueEnd, label.range.upperBound + 1) where dropsValue || label.range.contains(k) {
                    removed[k] = true
                }
                cleanersApplied.append(label.index)
            }
        }

        private mutating func apply(_ index: Int, _ match: PatternTrie.Match, views: AnalysisViews) {
            let covered = tokens(of: match)
            // The cleaner's fields read in place (a copy of the record retains and releases its strings).
            switch views.cleaners[index].effect {
            case .strip, .operation, .label, .nameLabel:
                for k in covered { removed[k] = true }
            case .cut, .cutInTransfer:
                // Bank and account details follow: drop them, unless nothing would be left before them.
                guard covered.lowerBound > 0, (0..<covered.lowerBound).contains(where: { !removed[$0] }) else {
                    // Nothing before it: a label goes, but a bank's name heading what is left is the payee
                    // ("PgConta NU PAGAMENTOS SA" pays Nubank).
                    if covered.count == 1 {
                        for k in covered { removed[k] = true }
                        // A labelled reference closed by a semicolon ("Zelle Transfer Conf# uwhuy8byv; Hieu Lam", Chase's
                        // layout) goes with its label: the name is what follows the semicolon.
                        if [UInt8(ascii: ":"), UInt8(ascii: "#")].contains(text.tokens[covered.upperBound].punctuationAfter),
                           let close = (covered.upperBound + 1..<min(count - 1, covered.upperBound + 6))
                               .first(where: { text.tokens[$0].punctuationAfter == UInt8(ascii: ";") }) {
                            for k in (covered.upperBound + 1)...close { removed[k] = true }
                        }
                    }
                    cleanersApplied.append(index)
                    return
                }
                for k in covered.lowerBound..<count { removed[k] = true }
            case .refund:
                for k in covered { removed[k] = true }
                refundWording = String(decoding: text.folded[match.start..<match.end], as: UTF8.self)
            }
            if let method = views.cleaners[index].method, self.method == nil || views.cleaners[index].anchored { self.method = method }
            if let direction = views.cleaners[index].direction { self.direction = direction }
            cleanersApplied.append(index)
        }

        // MARK: card masks, phone numbers, reference codes

        mutating func removeCardMasksAndPhones() {
            removeCodesAndPhoneNumbers()
            removeMaskedNumbers()
            for i in 0..<count where !removed[i] {
                let t = text.tokens[i]
                // A name masked by the exporter ("XXXXXXXXXXX"): four or more x's standing alone are no word of a name
                // (glued to digits they are a card mask, below).
                if !t.isNumber, !t.gluedToNext, t.foldedEnd - t.foldedStart >= 4, word(i).allSatisfy({ $0 == UInt8(ascii: "x") }) {
                    removed[i] = true
                    continue
                }
                if t.isNumber {
                    let digits = digitCount(i)
                    if removeBankDetail(number: i) { continue }
                    // "CARD 1234", "final 1234", "xxxx1234", "****1234".
                    if digits == 4, let p = previousKept(before: i),
                       isWord(p, ["card", "cartao", "final", "crd", "cc"]) || (word(p).allSatisfy { $0 == UInt8(ascii: "x") } && text.tokens[p].gluedToNext) {
                        removed[p] = true
                        removed[i] = true
                        continue
                    }
                    if digits == 4, i > 0, text.tokens[i - 1].punctuationAfter == UInt8(ascii: "*"),
                       text.source[max(0, t.start - 2)..<t.start].allSatisfy({ $0 == UInt8(ascii: "*") }) {
                        removed[i] = true
                        continue
                    }
                    // Phone numbers and long reference codes.
                    if digits >= 8 {
                        // Eight digits first, before the name and not a date, are a CNPJ root: a company's name.
                        if previousKept(before: i) == nil, nextKept(after: i) != nil, isCNPJRoot(i) { marksCompany = true }
                        removed[i] = true
                        continue
                    }
                    // Codes in parentheses: COMPE / ISPB "(0260)".
                    if t.start > 0, text.source[t.start - 1] == UInt8(ascii: "("), t.end < text.source.count,
                       text.source[t.end] == UInt8(ascii: ")") {
                        removed[i] = true
                    }
                }
            }
        }

        /// Removes numbers the exporter masked in part: groups of x's joined to digits or to each other without a space
        /// ("XXX-XX16209", "xxx-xxx-2453", "XXXXX871993"): a masked phone, card or account number, no word of a name.
        mutating func removeMaskedNumbers() {
            var i = 0
            while i < count {
                var j = i
                while j + 1 < count, text.tokens[j].gluedToNext || (!text.tokens[j].spaceAfter && text.tokens[j].punctuationAfter == UInt8(ascii: "-")) { j += 1 }
                defer { i = j + 1 }
                guard j > i else { continue }
                var masks = 0
                let masked = (i...j).allSatisfy { k in
                    if text.tokens[k].isNumber { return true }
                    let w = word(k)
                    guard w.count >= 2, w.allSatisfy({ $0 == UInt8(ascii: "x") }) else { return false }
                    masks += 1
                    return true
                }
                if masked, masks > 0 { for k in i...j { removed[k] = true } }
            }
        }

        /// Removes the web address a card line prints as the merchant's location ("SNACKPASS WWW.SNACKPASS OH",
        /// "GIG CAR SHARE HTTPSWWW.GIGC CA"): a word `www` or one beginning with `http`, and all after it, when a name
        /// stays before it. Returns whether that address names the merchant (its letters hold the first four of the
        /// name's first word: "ROMAN … WWW.GETROMAN"), the sign of a merchant that sells online; an ordering platform's
        /// address after a restaurant's name ("CHAAT BHAVAN WWW.DELIVERYCCA") is not the restaurant's.
        mutating func removeWebAddress() -> Bool {
            for i in 0..<count where !text.tokens[i].isNumber && startsWebAddress(text.tokens[i]) {
                let w = word(i)
                // (A location field already taken away, "… PURCHASE WWW.GETROMAN.", still says whose address it is.)
                guard let first = (0..<i).first(where: { !removed[$0] && !text.tokens[$0].isNumber }) else { return false }
                var address = Array(w)
                if i + 1 < count, !text.tokens[i + 1].isNumber { address += word(i + 1) }
                if !removed[i] { for k in i..<count { removed[k] = true } }
                let head = Array(word(first).prefix(4))
                guard head.count >= 3 else { return false }
                return address.indices.contains { address[$0...].starts(with: head) }
            }
            return false
        }

        /// Whether `token`'s folded word is `www` or begins with `http` (read on the folded bytes: the generic
        /// comparisons of a slice with a string's bytes cost ~200 instructions a word, on every word of every row).
        @inline(__always)
        private func startsWebAddress(_ token: Token) -> Bool {
            let length = token.foldedEnd - token.foldedStart
            guard length >= 3 else { return false }
            let f = text.folded, at = token.foldedStart
            if length == 3 { return f[at] == UInt8(ascii: "w") && f[at + 1] == UInt8(ascii: "w") && f[at + 2] == UInt8(ascii: "w") }
            return f[at] == UInt8(ascii: "h") && f[at + 1] == UInt8(ascii: "t") && f[at + 2] == UInt8(ascii: "t") && f[at + 3] == UInt8(ascii: "p")
        }

        /// Words that introduce a bank's agency or account number in a transfer line (`AG 1234`, `AG. 0001`,
        /// `AGENCIA 0001`, `CC 56789-0`, `C/C 123.456-X`, `CONTA 12345-6`, `POUPANCA 1234`, `ACCT 12345`), and the
        /// bank by its COMPE code (`BANCO 341`, `BCO 237`).
        static let bankDetailWords = ["ag", "agencia", "cc", "conta", "cta", "corrente", "poupanca", "poup", "acct", "banco", "bco"]

        /// Removes a bank detail — an agency or account number with the word before it (and `C/C`'s first
        /// `C`), its check digit or `X` after a `-` or `.` — when the number at `i` is one: those name no
        /// one, so a person's name ends before them ("JOAO PEREIRA LIMA AG 1234 CC 56789-0" is Joao Pereira
        /// Lima, not "Joao Pereira Lima Ag"). Returns whether it did.
        mutating func removeBankDetail(number i: Int) -> Bool {
            guard let p = previousKept(before: i), isWord(p, Self.bankDetailWords) || isWord(p, ["c"]),
                  [0, UInt8(ascii: "."), UInt8(ascii: ":"), UInt8(ascii: "#")].contains(text.tokens[p].punctuationAfter) else { return false }
            if isWord(p, ["c"]) {
                // C/C and C/P: the second letter of the pair, after "C/".
                guard let q = previousKept(before: p), isWord(q, ["c"]), text.tokens[q].punctuationAfter == UInt8(ascii: "/") else { return false }
                removed[q] = true
            }
            removed[p] = true
            removed[i] = true
            var k = i
            while k + 1 < count, !text.tokens[k].spaceAfter, [UInt8(ascii: "-"), UInt8(ascii: ".")].contains(text.tokens[k].punctuationAfter),
                  text.tokens[k + 1].isNumber || isWord(k + 1, ["x"]) {
                k += 1
                removed[k] = true
            }
            return true
        }

        /// Reference codes glued of letters and digits ("JPM99b2k4lq1": four or more alternating parts) and
        /// phone numbers printed in groups ("866-712-7753", "(11) 4004-1234": ten digits or more).
        mutating func removeCodesAndPhoneNumbers() {
            var i = 0
            while i < count {
                var j = i
                while j + 1 < count, text.tokens[j].gluedToNext { j += 1 }
                if j - i + 1 >= 4, (i...j).contains(where: { text.tokens[$0].isNumber }) {
                    for k in i...j { removed[k] = true }
                }
                i = j + 1
            }
            i = 0
            while i < count {
                guard text.tokens[i].isNumber else { i += 1; continue }
                var j = i
                var digits = digitCount(i)
                while j + 1 < count, text.tokens[j + 1].isNumber,
                      [UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: ")")].contains(text.tokens[j].punctuationAfter) {
                    j += 1
                    digits += digitCount(j)
                }
                if j > i, digits >= 10, digits <= 13 {
                    for k in i...j { removed[k] = true }
                }
                i = j + 1
            }
        }

        /// A trailing state or country code and the city before it ("OAKLAND CA", "SAO PAULO BRA", a city
        /// cut at the card network's 13 characters "RIO DE JANEI BR", or glued to the name "LTDSAO PAULO BR").
        /// `country`: the row's (``BrandScope/country(of:)``): another country's state code names a place only
        /// after a city ("UBER TRIP SAN FRANCISCO CA" on a Brazilian card), never alone ("PIX TRANSF LUIS MO" is
        /// a name cut short, not Missouri); a city without a code is taken only on North American rows.
        /// `endsBrand(city)`: whether a brand's pattern starts before the city's words and ends with them
        /// (`BOOST MOBILE NY` keeps MOBILE: the city is the end of the brand's name, not a place).
        mutating func removeTrailingPlace(_ places: PlaceList, country: String?, brandPlaces: ImageStringLists = ImageStringLists(),
                                          endsBrand: (ClosedRange<Int>) -> Bool = { _ in false },
                                          onlyTrade: ([Int]) -> Bool = { _ in false }) {
            // Cheap test first: the last kept word is a 2–3 letter code, or a city follows the name at once.
            guard let lastKept = (0..<count).last(where: { !removed[$0] }), !text.tokens[lastKept].isNumber else { return }
            let lastWord = String(decoding: word(lastKept), as: UTF8.self)
            let isCode = (2...3).contains(digitCount(lastKept)) && places.codes.contains(lastWord)
            // Without a code only a North American row's city is taken (below): nothing to read on another row.
            guard isCode || country == "US" || country == "CA" else { return }
            var kept = (0..<count).filter { !removed[$0] }
            guard kept.count >= 2, let last = kept.last else { return }
            let before = removed
            // A code right after a removed phone or reference number ("APPLE.COM/BILL 866-712-7753 CA") is the
            // card network's state field, whatever the row's country.
            let afterNumber = last > 0 && removed[last - 1] && text.tokens[last - 1].isNumber
            var foreign = false
            var state = isCode ? lastWord : ""
            if isCode {
                foreign = !places.isLocal(lastWord, country: country)
                removed[last] = true
                kept.removeLast()
            } else {
                // Without a code only a city flagged `alone` is taken: of two or more words ("NEW YORK"), or a
                // large one-word city after two words of name ("JOES TACOS OAKLAND"): else it could be the name.
                guard country == "US" || country == "CA", kept.count >= 3,
                      places.firstWordsByRest[lastWord] != nil || nameWords(kept) >= 3 && places.citiesWithoutCode.contains(lastWord) else { return }
            }
            // A second code ("SEATTLE WA US").
            if kept.count >= 2, let code = kept.last, places.codes.contains(String(decoding: word(code), as: UTF8.self)) {
                state = String(decoding: word(code), as: UTF8.self)
                foreign = foreign || !places.isLocal(state, country: country)
                removed[code] = true
                kept.removeLast()
            }
            if !removeCity(kept, places, afterCode: isCode, state: state, brandPlaces: brandPlaces, endsBrand: endsBrand), !removeBrandPlace(kept, brandPlaces, state: state, onlyTrade: onlyTrade),
               foreign, !afterNumber { removed = before }
            // A place after "of" is the name's own ("COUNTY OF HAMILTON", "CITY OF AUSTIN", "UNIVERSITY OF TEXAS").
            if let end = (0..<count).last(where: { !removed[$0] }), isWord(end, ["of"]) {
                removed = before
                if isCode { removed[last] = true }
            }
        }

        /// Removes a city named as a brand that ends `kept` right before its own `state` code, after two or more
        /// words of name that are not only trade words (`SORVETERIA GELATO PORTO SEGURO BA`; `POSTO IPIRANGA SP` and
        /// `AUTO POSTO IPIRANGA SP` keep the brand: `onlyTrade` of the words before); whether one was removed.
        private mutating func removeBrandPlace(_ kept: [Int], _ brandPlaces: ImageStringLists, state: String,
                                               onlyTrade: ([Int]) -> Bool) -> Bool {
            guard !state.isEmpty, !brandPlaces.isEmpty else { return false }
            for size in 1...3 where kept.count - size >= 2 {
                let name = kept.suffix(size).map { String(decoding: word($0), as: UTF8.self) }.joined(separator: " ")
                guard brandPlaces.list(name, contains: state), !onlyTrade(Array(kept.dropLast(size))) else { continue }
                for k in kept.suffix(size) { removed[k] = true }
                return true
            }
            return false
        }

        /// Removes the city that ends `kept` (a code after it: `afterCode`); whether one was removed. A city of
        /// `brandPlaces` (a brand's or a common word's name: `Rules/brand_places.tsv`) in the `state` its code names is left
        /// to ``removeBrandPlace``.
        private mutating func removeCity(_ kept: [Int], _ places: PlaceList, afterCode isCode: Bool, state: String, brandPlaces: ImageStringLists,
                                         endsBrand: (ClosedRange<Int>) -> Bool) -> Bool {
            guard kept.count >= 2 else { return false }
            let maxWords = min(places.longestCity, kept.count - 1)
            guard maxWords >= 1 else { return false }
            for size in stride(from: maxWords, through: 1, by: -1) where isCode || size >= 2 || nameWords(kept) >= 3 {
                let words = kept.suffix(size).map { String(decoding: word($0), as: UTF8.self) }
                let name = words.joined(separator: " ")
                if isCode, brandPlaces.list(name, contains: state), places.cities.contains(name) { return false }
                if isCode ? places.cities.contains(name) : places.citiesWithoutCode.contains(name) {
                    if endsBrand(kept[kept.count - size]...kept[kept.count - 1]) { return false }
                    for k in kept.suffix(size) { removed[k] = true }
                    return true
                }
                // The city's first word glued to the name before it.
                if size >= 2, let firsts = places.firstWordsByRest[words.dropFirst().joined(separator: " ")] {
                    let head = words[0]
                    for first in firsts where head.count > first.count + 1 && head.hasSuffix(first)
                        && (isCode || places.citiesWithoutCode.contains(([first] + words.dropFirst()).joined(separator: " "))) {
                        let glued = kept[kept.count - size]
                        for k in kept.suffix(size - 1) { removed[k] = true }
                        let t = text.tokens[glued]
                        if t.end - t.start == head.utf8.count { trimmedEnd[glued] = t.end - first.utf8.count }
                        return true
                    }
                }
            }
            return false
        }

        /// The kept words after a processor prefix ("SQ *", "TST*"): the name and what trails it.
        func nameWords(_ kept: [Int]) -> Int {
            let prefix = kept.lastIndex { text.tokens[$0].punctuationAfter == UInt8(ascii: "*") }
            return kept.count - (prefix.map { $0 + 1 } ?? 0)
        }

        /// A "De"/"Para" left at the head after boilerplate ("Pix recebido: De MARIA SILVA", "enviado para JOSE"):
        /// it belongs to the phrase, not to the name, when at least two words follow.
        mutating func removeLeadingConnector() {
            guard headEnd > 0, let first = firstKept, isWord(first, ["de", "para", "from", "to"]),
                  let second = nextKept(after: first), nextKept(after: second) != nil else { return }
            removed[first] = true
        }

        /// Leading numbers of three or more digits before the name (a date "0314", a terminal code).
        mutating func removeLeadingNumbers() {
            // A number glued to the name needs four digits ("0451MARIA"; "123MILHAS" is a brand).
            while let first = firstKept, text.tokens[first].isNumber, digitCount(first) >= (text.tokens[first].gluedToNext ? 4 : 3),
                  nextKept(after: first) != nil {
                removed[first] = true
                // Eight digits before the name, not a date, are a CNPJ root: the name is a company's.
                if isCNPJRoot(first) { marksCompany = true }
            }
        }

        /// Whether word `i` is a CNPJ root printed before a name: eight digits, not a date, and not joined to the
        /// name by a hyphen, the way Banco Inter prints the payee's institution ("Cp :18236120-NAME": the ISPB, which
        /// is the institution's CNPJ root; "Cp :18236120-51938204 NAME": the second number is the payee's root).
        func isCNPJRoot(_ i: Int) -> Bool {
            digitCount(i) == 8 && text.tokens[i].punctuationAfter != UInt8(ascii: "-") && !Self.isCompactDate(word(i))
        }

        /// Whether eight digits read as a date, DDMMYYYY or YYYYMMDD (years 1900–2099).
        static func isCompactDate(_ digits: ArraySlice<UInt8>) -> Bool {
            let d = digits.map { Int($0) - 48 }
            guard d.count == 8 else { return false }
            func value(_ range: Range<Int>) -> Int { d[range].reduce(0) { $0 * 10 + $1 } }
            func year(_ y: Int) -> Bool { (1900...2099).contains(y) }
            let dayFirst = (1...31).contains(value(0..<2)) && (1...12).contains(value(2..<4)) && year(value(4..<8))
            let yearFirst = year(value(0..<4)) && (1...12).contains(value(4..<6)) && (1...31).contains(value(6..<8))
            return dayFirst || yearFirst
        }

        // MARK: the merchant text

        /// The kept words when they form one run, else nil.
        func keptRun() -> Range<Int>? {
            guard let first = removed.firstIndex(of: false), let last = removed.lastIndex(of: false) else { return nil }
            for k in first...last where removed[k] { return nil }
            return first..<(last + 1)
        }

        /// The kept words as text: original bytes between adjacent kept words, one space across a gap.
        func merchantBytes() -> [UInt8] {
            var out: [UInt8] = []
            out.reserveCapacity(text.source.count)
            var previous = -1
            for i in 0..<count where !removed[i] {
                let t = text.tokens[i]
                if previous >= 0 {
                    if previous == i - 1 {
                        out.append(contentsOf: text.source[text.tokens[previous].end..<t.start])
                    } else {
                        // Keep a '*' that followed the previous kept word (wrapper prefixes).
                        if text.tokens[previous].punctuationAfter == UInt8(ascii: "*") { out.append(UInt8(ascii: "*")) }
                        out.append(0x20)
                    }
                }
                out.append(contentsOf: text.source[t.start..<(trimmedEnd[i] ?? t.end)])
                previous = i
            }
            if previous >= 0, text.tokens[previous].punctuationAfter == UInt8(ascii: "*") { out.append(UInt8(ascii: "*")) }
            return out
        }
    }
}
