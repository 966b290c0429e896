import GardenFoundation
import GardenCatalog
import GardenImportKit

/// Infers the columns of a CSV file that has no header any dialect or name list knows, from its values:
/// the date column (most values read as dates), the money columns (most values amounts, some with a
/// decimal mark or a currency sign; whole numbers are check numbers), the description (the most letters), a type column
/// (a few repeated words such as DEBIT / CHECK), and — when there are several money columns — which is
/// the amount, which are debit and credit, and which is the running balance: the assignment under which
/// the balance column agrees with the amounts on the most consecutive rows (in either file order).
public enum CSVValueInference {
    public static func layout(_ records: [CSVReader.Record]) -> CSVLayout? {
        // A first line with no date in it is a header whose names nobody knows: infer from the rest.
        if records.count >= 2, let first = records.first, !first.fields.contains(where: { isDateColumn([$0.trimmingSpaces]) }),
           var layout = inferred(Array(records.dropFirst())) {
            layout.headerIndex = 0
            layout.header = first.fields
            return layout
        }
        return inferred(records)
    }

    static func inferred(_ records: [CSVReader.Record]) -> CSVLayout? {
        let width = records.map(\.fields.count).max() ?? 0
        guard width >= 2, !records.isEmpty else { return nil }
        let columns = (0..<width).map { c in records.map { c < $0.fields.count ? $0.fields[c].trimmingSpaces : "" } }
        guard let date = columns.indices.first(where: { isDateColumn(columns[$0]) }) else { return nil }
        let money = columns.indices.filter { $0 != date && isMoneyColumn(columns[$0]) }
        guard !money.isEmpty else { return nil }
        let rest = columns.indices.filter { $0 != date && !money.contains($0) }
        guard let description = rest.max(by: { letters(columns[$0]) < letters(columns[$1]) }), letters(columns[description]) > 0 else { return nil }
        var layout = CSVLayout()
        layout.dialect = "inferred"
        layout.columns[.date] = date
        layout.columns[.description] = description
        if let type = rest.first(where: { $0 != description && isTypeColumn(columns[$0]) }) { layout.columns[.type] = type }
        if let check = rest.first(where: { $0 != description && isWholeNumberColumn(columns[$0]) }) { layout.columns[.check] = check }
        assignMoney(money, columns, into: &layout)
        return layout
    }

    static func isDateColumn(_ values: [String]) -> Bool {
        let filled = values.filter { !$0.isEmpty }
        let dates = filled.filter { DateText.csv($0, order: .dayMonth) != nil || DateText.csv($0, order: .monthDay) != nil }
        return !filled.isEmpty && dates.count * 10 >= filled.count * 8
    }

    static func amount(_ text: String) -> Int64? {
        guard !text.isEmpty, case .success(let result) = AmountText.parse(text, currency: .usd, exactly: false) else { return nil }
        return result.money.minorUnits
    }

    static func isMoneyColumn(_ values: [String]) -> Bool {
        let filled = values.filter { !$0.isEmpty }
        // Most values: a malformed amount is then reported on its line, not taken for a text column.
        guard !filled.isEmpty, filled.filter({ amount($0) != nil }).count * 10 >= filled.count * 8 else { return false }
        return filled.contains { $0.contains(".") || $0.contains(",") || $0.contains("$") }
    }

    static func isWholeNumberColumn(_ values: [String]) -> Bool {
        let filled = values.filter { !$0.isEmpty }
        return !filled.isEmpty && filled.allSatisfy { $0.allSatisfy(\.isNumber) }
    }

    static func isTypeColumn(_ values: [String]) -> Bool {
        let filled = values.filter { !$0.isEmpty }
        return !filled.isEmpty && Set(filled).count <= 6 && Set(filled).count < filled.count
            && filled.allSatisfy { $0.allSatisfy { $0.isLetter || $0 == "_" } }
    }

    static func letters(_ values: [String]) -> Int {
        values.reduce(0) { $0 + $1.filter(\.isLetter).count }
    }

    /// Places the money columns: one is the amount; with more, the balance-consistent assignment wins.
    static func assignMoney(_ money: [Int], _ columns: [[String]], into layout: inout CSVLayout) {
        let value = { (c: Int, row: Int) -> Int64 in amount(columns[c][row]) ?? 0 }
        let rows = columns[0].count
        var best: (score: Int, roles: [CSVLayout.Role: Int])? = nil
        for balance in money.reversed() {
            let others = money.filter { $0 != balance }
            // An amount column is filled on (nearly) every row; a debit or credit column is not.
            var options: [[CSVLayout.Role: Int]] = others.filter { c in columns[c].filter(\.isEmpty).count * 10 <= rows }.map { [.amount: $0] }
            if others.count >= 2 {
                for a in others { for b in others where a != b { options.append([.debit: a, .credit: b]) } }
            }
            for option in options {
                let amounts = (0..<rows).map { row -> Int64 in
                    if let c = option[.amount] { return value(c, row) }
                    return abs(value(option[.credit]!, row)) - abs(value(option[.debit]!, row))
                }
                let score = consistency(amounts, (0..<rows).map { value(balance, $0) })
                if score > (best?.score ?? 0) { best = (score, option.merging([.balance: balance]) { a, _ in a }) }
            }
        }
        if let best {
            for (role, column) in best.roles { layout.columns[role] = column }
        } else if money.count == 2, (0..<rows).allSatisfy({ (value(money[0], $0) == 0) != (value(money[1], $0) == 0) }) {
            // Two columns, exactly one filled per row, no balance to check: debit then credit, unless the
            // signs say the first holds the credits.
            let firstIsCredit = columns[money[0]].contains { $0.hasPrefix("+") } || columns[money[1]].contains { $0.hasPrefix("-") }
            layout.columns[.debit] = firstIsCredit ? money[1] : money[0]
            layout.columns[.credit] = firstIsCredit ? money[0] : money[1]
        } else {
            layout.columns[.amount] = money[0]
            if money.count > 1 { layout.columns[.balance] = money[money.count - 1] }
        }
    }

    /// Consecutive row pairs whose balances differ by the amount, read in file order or in reverse.
    static func consistency(_ amounts: [Int64], _ balances: [Int64]) -> Int {
        guard amounts.count >= 2 else { return 0 }
        var forward = 0, backward = 0
        for r in 0..<(amounts.count - 1) {
            if balances[r + 1] == balances[r] + amounts[r + 1] { forward += 1 }
            if balances[r] == balances[r + 1] + amounts[r] { backward += 1 }
        }
        return max(forward, backward)
    }
}
