import Testing
import GardenFoundation
import GardenCatalog
import GardenEngine

/// One statement line and what garden must read from it, for the `@Test(arguments:)` tables of the bank-line
/// grammar and money-flow suites. `nil` expectations are not checked.
struct LineCase: CustomTestStringConvertible, Sendable {
    var description: String
    var amount: String
    var currency: String
    var account: String?
    var merchant: String?
    var category: String?
    var kind: MerchantKind?
    var flow: Flow?

    init(_ description: String, _ amount: String, _ currency: String = "BRL", account: String? = nil,
         merchant: String? = nil, category: String? = nil, kind: MerchantKind? = nil, flow: Flow? = nil) {
        self.description = description
        self.amount = amount
        self.currency = currency
        self.account = account
        self.merchant = merchant
        self.category = category
        self.kind = kind
        self.flow = flow
    }

    var testDescription: String { "\(description) (\(amount) \(currency))" }

    var json: String {
        Fixture.row(description, amount, extra: ",\"currency\":\"\(currency)\"" + (account.map { ",\"account\":\"\($0)\"" } ?? ""))
    }

    /// The differences between what was resolved and what was expected, empty when all hold.
    func mismatches(_ r: Resolution) -> [String] {
        var out: [String] = []
        if let merchant, r.merchant.name != merchant { out.append("merchant \(r.merchant.name ?? "nil") ≠ \(merchant)") }
        if let category, !Taxonomy.id(r.category, isWithin: category) { out.append("category \(r.category) ≠ \(category)") }
        if let kind, r.merchant.kind != kind { out.append("kind \(r.merchant.kind) ≠ \(kind)") }
        if let flow, r.flow != flow { out.append("flow \(r.flow) ≠ \(flow)") }
        return out
    }
}
