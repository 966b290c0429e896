import GardenFoundation

/// Parses the user rule format (see ``UserRule``), reporting errors as `file:line:column`.
public struct UserRuleParser: Sendable {
    public let taxonomy: Taxonomy
    public let budgets: BudgetBook
    /// Catalog brand ids a `brand` condition may name; nil: not checked here (``Catalog`` checks them once
    /// its brands are loaded).
    public let brandIDs: Set<String>?
    /// Processor ids an `intermediary` condition may name.
    public let processorIDs: Set<String>

    public init(taxonomy: Taxonomy, budgets: BudgetBook, brandIDs: Set<String>? = nil, processorIDs: Set<String> = []) {
        self.taxonomy = taxonomy
        self.budgets = budgets
        self.brandIDs = brandIDs
        self.processorIDs = processorIDs
    }

    /// Parses a whole rule file.
    public func parse(file: String, text: String) throws(DataError) -> [UserRule] {
        var rules: [UserRule] = []
        var number = 0
        for raw in text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false) {
            number += 1
            var bytes = raw
            if bytes.last == 0x0D { bytes = bytes.dropLast() }
            guard let first = bytes.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }), bytes[first] != UInt8(ascii: "#") else { continue }
            let line = String(decoding: bytes, as: UTF8.self)
            rules.append(try parseRule(line, id: "\(file):\(number)", source: SourceLocation(file: file, line: number)))
        }
        return rules
    }

    /// Parses one rule line.
    public func parseRule(_ line: String, id: String, source: SourceLocation) throws(DataError) -> UserRule {
        var lexer = Lexer(Array(line.unicodeScalars), file: source.file, line: source.line)
        try lexer.expectWord("if")
        var conditions: [UserRule.Condition] = []
        repeat {
            conditions.append(try condition(&lexer))
        } while try lexer.acceptWord("and")
        try lexer.expectSymbol("=>")
        var actions: [UserRule.Action] = []
        repeat {
            actions.append(try action(&lexer))
        } while lexer.acceptSymbol(",")
        lexer.skipSpaces()
        if !lexer.atEnd && lexer.peek != "#" { throw lexer.error("unexpected text after the actions") }
        // The rule's text as kept and shown: a CPF in it is masked.
        return UserRule(id: id, conditions: conditions, actions: actions, text: CPFScrubber.scrub(line.trimmingASCIISpaces()), source: source)
    }

    private func condition(_ lexer: inout Lexer) throws(DataError) -> UserRule.Condition {
        let column = lexer.column
        let field = try lexer.word()
        switch field {
        case "description", "memo", "merchant":
            return try textCondition(field, &lexer, column: column)
        case "amount":
            return try amountCondition(&lexer, column: column)
        case "direction":
            let value = try lexer.word()
            guard let direction = Direction(rawValue: value) else { throw lexer.error("expected in or out, found \"\(value)\"") }
            return .direction(direction)
        case "mcc":
            let text = try lexer.token()
            let parts = text.split(separator: "-").map { Int($0) }
            guard parts.count <= 2, parts.allSatisfy({ $0 != nil && $0! >= 0 && $0! <= 9999 }), let low = parts.first!,
                  let high = parts.last!, low <= high else {
                throw lexer.error("expected an MCC (5812) or a range (5811-5814), found \"\(text)\"")
            }
            return .mcc(low...high)
        case "document":
            return try documentCondition(&lexer)
        case "brand", "intermediary":
            let id = try lexer.token()
            let known = field == "brand" ? brandIDs : processorIDs
            guard known?.contains(id) ?? true else {
                throw lexer.error("unknown \(field) id \"\(id)\" (see Brands/*.tsv and Rules/processors.tsv)", column: column)
            }
            return field == "brand" ? .brand(id) : .intermediary(id)
        case "holder":
            let name = try lexer.quoted()
            let key = UserRule.holderKey(name)
            guard !key.isEmpty else { throw lexer.error("the holder's name has no letters or digits", column: column) }
            return .holder(key)
        case "identity":
            let key = try lexer.token()
            guard MerchantKeyText.isKey(key) else {
                throw lexer.error("expected a merchant identity (name:…, brand:…, cnpj:…, line:…, as garden explain prints it), found \"\(key)\"", column: column)
            }
            return .identity(key)
        default:
            throw lexer.error("unknown condition \"\(field)\"; expected description, memo, merchant, brand, intermediary, identity, holder, amount, direction, mcc or document", column: column)
        }
    }

    /// `description`, `memo` or `merchant` followed by a quoted text, a trailing `*` making it a prefix;
    /// `|` separates alternatives (`"uber|99 taxi|cabify*"`: any of them), each a whole text of its own, as
    /// hledger's `if` matchers take regular-expression alternatives. Parentheses do not group alternatives:
    /// a text with both is an error (`"(a|b) c"` is written `"a c|b c"`).
    private func textCondition(_ field: String, _ lexer: inout Lexer, column: Int) throws(DataError) -> UserRule.Condition {
        let quoted = try lexer.quoted()
        var text = quoted
        var prefix = false
        if quoted.contains("|") {
            guard !quoted.contains(where: { "()[]".contains($0) }) else {
                throw lexer.error("alternatives (|) are whole texts; brackets do not group them: write \"\(Self.ungrouped(quoted))\"", column: column)
            }
            let alternatives = UserRule.alternatives(quoted, prefix: false)
            if let empty = alternatives.first(where: { TokenizedText($0.text).tokens.isEmpty }) {
                throw lexer.error("the alternative \"\(empty.text)\" of \"\(quoted)\" has no letters or digits", column: column)
            }
            text = alternatives.map { $0.text + ($0.prefix ? "*" : "") }.joined(separator: "|")
        } else {
            if text.hasSuffix("*") { prefix = true; text.removeLast() }
            guard !TokenizedText(text).tokens.isEmpty else { throw lexer.error("the text has no letters or digits", column: column) }
        }
        switch field {
        case "description": return .description(text, prefix: prefix)
        case "memo": return .memo(text, prefix: prefix)
        default: return .merchant(text, prefix: prefix)
        }
    }

    /// A text with one `(x|y)` group spelled out as whole alternatives (`(a|b) c` → `a c|b c`), for the
    /// error that asks for it; the text as it is when it has no such group.
    static func ungrouped(_ text: String) -> String {
        guard let open = text.firstIndex(where: { $0 == "(" || $0 == "[" }),
              let close = text[open...].firstIndex(where: { $0 == ")" || $0 == "]" }) else { return text }
        let before = text[..<open], after = text[text.index(after: close)...]
        return text[text.index(after: open)..<close].split(separator: "|").map { before + $0 + after }.joined(separator: "|")
    }

    /// `amount < 10`, `<= 10`, `> 10`, `>= 10` or `10..20`, in minor units.
    private func amountCondition(_ lexer: inout Lexer, column: Int) throws(DataError) -> UserRule.Condition {
        lexer.skipSpaces()
        // Strict as written: `< 10` is below 10.00, `<= 10` includes it (one minor unit is the step).
        if lexer.acceptSymbol("<=") { return .amount(min: nil, max: try amountValue(&lexer)) }
        if lexer.acceptSymbol(">=") { return .amount(min: try amountValue(&lexer), max: nil) }
        if lexer.acceptSymbol("<") { return .amount(min: nil, max: try amountValue(&lexer) - 1) }
        if lexer.acceptSymbol(">") { return .amount(min: try amountValue(&lexer) + 1, max: nil) }
        let low = try amountValue(&lexer)
        try lexer.expectSymbol("..")
        let high = try amountValue(&lexer)
        guard low <= high else { throw lexer.error("the range's low end is above its high end", column: column) }
        return .amount(min: low, max: high)
    }

    /// `document` followed by a CNPJ (check digits verified), a CNPJ root or a CPF (kept only as its mask).
    private func documentCondition(_ lexer: inout Lexer) throws(DataError) -> UserRule.Condition {
        let text = try lexer.token()
        // A CPF is kept only as its mask: the rule matches the six digits banks show.
        if let mask = CPF.mask(text) {
            return .document("cpf:" + String(mask.unicodeScalars.filter { ("0"..."9").contains($0) }.map(Character.init)))
        }
        let cleaned = String(text.uppercased().unicodeScalars.filter { ("0"..."9").contains($0) || ("A"..."Z").contains($0) })
        if cleaned.count == 14, CNPJ(cleaned) == nil {
            throw lexer.error("\"\(text)\" is not a valid CNPJ: its check digits do not match")
        }
        guard cleaned.count == 8 || cleaned.count == 11 || cleaned.count == 14 else {
            throw lexer.error("expected a CNPJ, a CNPJ root (8 characters) or a CPF (11 digits), found \"\(text)\"")
        }
        return .document(cleaned)
    }

    private func amountValue(_ lexer: inout Lexer) throws(DataError) -> Int64 {
        let column = lexer.column
        let text = try lexer.token(stoppingAt: ".."[...])
        if text.hasPrefix("-") || text.hasPrefix("+") {
            throw lexer.error("amounts in rules have no sign, found \"\(text)\": a rule compares the absolute amount (money in and out "
                + "alike), so write \"amount > \(text.dropFirst())\" and add \"direction out\" or \"direction in\"", column: column)
        }
        guard let parsed = try? Money.parse(Array(text.utf8), currency: .brl), parsed.money.minorUnits >= 0, !parsed.rounded else {
            throw lexer.error("expected an amount with at most 2 decimals, found \"\(text)\"", column: column)
        }
        return parsed.money.minorUnits
    }

    private func action(_ lexer: inout Lexer) throws(DataError) -> UserRule.Action {
        let column = lexer.column
        let verb = try lexer.word()
        switch verb {
        case "category":
            lexer.skipSpaces()
            let idColumn = lexer.column
            let id = try lexer.token()
            guard taxonomy.contains(id) else {
                let hint = taxonomy.suggestions(for: id).map { "\"\($0)\"" }.joined(separator: ", ")
                throw lexer.error("unknown category \"\(id)\"; did you mean \(hint)?", column: idColumn)
            }
            return .category(id)
        case "merchant":
            let name = try lexer.quoted()
            guard !name.trimmingASCIISpaces().isEmpty else { throw lexer.error("the merchant name is empty") }
            return .merchant(name)
        case "budget":
            let id = try lexer.token()
            guard budgets[id] != nil else { throw lexer.error("unknown budget \"\(id)\"" + ClosestNames.hint(for: id, among: budgets.budgets.keys.sorted())) }
            return .budget(id)
        case "review": return .review(true)
        case "no-review": return .review(false)
        default:
            throw lexer.error("unknown action \"\(verb)\"; expected category, merchant, budget, review or no-review", column: column)
        }
    }

    struct Lexer {
        let scalars: [Unicode.Scalar]
        let file: String
        let line: Int
        var index = 0

        init(_ scalars: [Unicode.Scalar], file: String, line: Int) {
            self.scalars = scalars
            self.file = file
            self.line = line
        }

        var atEnd: Bool { index >= scalars.count }
        var peek: Unicode.Scalar { scalars[index] }
        var column: Int { index + 1 }

        func error(_ message: String, column: Int? = nil) -> DataError {
            DataError(file: file, line: line, column: column ?? self.column, message)
        }

        /// Letters (ASCII without a Unicode lookup), `-` and `_`.
        static func isWordScalar(_ s: Unicode.Scalar) -> Bool {
            if s.isASCII {
                let v = s.value
                return (v >= 0x61 && v <= 0x7A) || (v >= 0x41 && v <= 0x5A) || v == 0x2D || v == 0x5F
            }
            return s.properties.isAlphabetic
        }

        mutating func skipSpaces() {
            while !atEnd, peek == " " || peek == "\t" { index += 1 }
        }

        mutating func word() throws(DataError) -> String {
            skipSpaces()
            let start = index
            while !atEnd, Self.isWordScalar(peek) { index += 1 }
            guard index > start else { throw error(atEnd ? "unexpected end of rule" : "expected a word") }
            return String(String.UnicodeScalarView(scalars[start..<index])).lowercased()
        }

        mutating func token(stoppingAt stop: Substring? = nil) throws(DataError) -> String {
            skipSpaces()
            let start = index
            while !atEnd, peek != " ", peek != "\t", peek != ",", peek != "#" {
                if let stop, matches(stop) { break }
                index += 1
            }
            guard index > start else { throw error("expected a value") }
            return String(String.UnicodeScalarView(scalars[start..<index]))
        }

        func matches(_ text: Substring) -> Bool {
            var k = index
            for s in text.unicodeScalars {
                guard k < scalars.count, scalars[k] == s else { return false }
                k += 1
            }
            return true
        }

        mutating func quoted() throws(DataError) -> String {
            skipSpaces()
            guard !atEnd, peek == "\"" else { throw error("expected a quoted text") }
            index += 1
            var out = String.UnicodeScalarView()
            while !atEnd, peek != "\"" {
                if peek == "\\", index + 1 < scalars.count { index += 1 }
                out.append(peek)
                index += 1
            }
            guard !atEnd else { throw error("unterminated quoted text") }
            index += 1
            return String(out)
        }

        mutating func expectWord(_ expected: String) throws(DataError) {
            let column = self.column
            let found = try word()
            guard found == expected else { throw error("expected \"\(expected)\", found \"\(found)\"", column: column) }
        }

        mutating func acceptWord(_ expected: String) throws(DataError) -> Bool {
            let saved = index
            skipSpaces()
            if atEnd { index = saved; return false }
            let start = index
            while !atEnd, Self.isWordScalar(peek), peek != "-", peek != "_" { index += 1 }
            if String(String.UnicodeScalarView(scalars[start..<index])).lowercased() == expected { return true }
            index = saved
            return false
        }

        mutating func acceptSymbol(_ symbol: Substring) -> Bool {
            skipSpaces()
            if matches(symbol) { index += symbol.unicodeScalars.count; return true }
            return false
        }

        mutating func expectSymbol(_ symbol: Substring) throws(DataError) {
            guard acceptSymbol(symbol) else { throw error("expected \"\(symbol)\"") }
        }
    }
}
