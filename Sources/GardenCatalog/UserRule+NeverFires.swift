import GardenFoundation
extension UserRule {
    /// Why no row can ever meet all of the rule's conditions, or nil when some row can: amount bounds that
    /// leave no amount (`amount > 50 and amount < 20`; `amount < 0`, as amounts in rules are absolute),
    /// money in and out at once, MCC ranges that do not meet, two different documents or intermediaries.
    /// `garden rules add` and `rules import` refuse such a rule (it would be added and never heard of
    /// again); `garden rules lint` reports one found in a rule file.
    public var whyItNeverFires: String? {
        var low: Int64 = 0
        var high: Int64 = .max
        var directions = Set<Direction>()
        var mccs: ClosedRange<Int>?
        var mccsMeet = true
        var documents = Set<String>()
        var intermediaries = Set<String>()
        for condition in conditions {
            switch condition {
            case .amount(let min, let max):
                if let min { low = Swift.max(low, min) }
                if let max { high = Swift.min(high, max) }
            case .direction(let direction):
                directions.insert(direction)
            case .mcc(let range):
                if let current = mccs {
                    if current.overlaps(range) { mccs = Swift.max(current.lowerBound, range.lowerBound)...Swift.min(current.upperBound, range.upperBound) } else { mccsMeet = false }
                } else {
                    mccs = range
                }
            case .document(let document):
                documents.insert(document)
            case .intermediary(let id):
                intermediaries.insert(id)
            case .description, .memo, .merchant, .brand, .identity, .holder:
                continue
            }
        }
        if high < 0 { return "no amount is below 0: amounts in rules are absolute (money in and out alike); use direction for the sign" }
        if low > high {
            return "its amount conditions leave no amount (at least \(Self.decimal(low)) and at most \(Self.decimal(high)))"
        }
        if directions.count > 1 { return "a row's money goes either in or out, and the rule asks for both" }
        if !mccsMeet { return "its MCC conditions name ranges that do not meet" }
        if documents.count > 1, !Self.compatible(Array(documents)) { return "a row has one counterparty document, and the rule names \(documents.count) different ones" }
        if intermediaries.count > 1 { return "a row comes through one intermediary, and the rule names \(intermediaries.count)" }
        return nil
    }

    /// Minor units as the rule wrote them (2 digits).
    static func decimal(_ minorUnits: Int64) -> String {
        Money(minorUnits: minorUnits, currency: .brl).decimalString
    }

    /// Whether documents can all be the same counterparty's: a CNPJ root and full CNPJs that start with it.
    static func compatible(_ documents: [String]) -> Bool {
        guard let longest = documents.max(by: { $0.count < $1.count }) else { return true }
        return documents.allSatisfy { longest.hasPrefix($0) } && Set(documents.filter { $0.count == longest.count }).count == 1
    }
}
