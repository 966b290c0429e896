import GardenFoundation
import GardenCatalog
import GardenEngine

/// A recorded row's `resolution` object as typed fields: what the ledger's plain columns hold and the
/// `transactions` view shows. Read from the JSON text `garden resolve` writes (``init(json:)``) and
/// written back byte for byte (``json()``): the member order, the fixed-point confidences and the
/// escaping of ``ResolutionWriter``.
///
/// Shape (README "Output"): `merchant` {name, kind, brand, intermediary, seller, document, confidence,
/// source}, `category` {id, name, confidence, source}, `budget` ({id, name} or null), `review`,
/// `review_reasons`, `installment` ({number, total} or null), `direction`, `flow`, `row_id`.
public struct LedgerResolution: Sendable, Equatable {
    /// The merchant's display name (nil: none was found).
    public var merchant: String?
    /// `chain`, `online`, `local`, `government`, `person`, `unknown`.
    public var merchantKind: String
    /// The catalog brand id (`br_uber`).
    public var brand: String?
    /// The processor or channel the row went through (`iFood`).
    public var intermediary: String?
    /// The seller behind a marketplace.
    public var seller: String?
    /// A formatted CNPJ or a masked CPF (`•••.482.613-••`), never a full CPF.
    public var document: String?
    public var merchantConfidence: Confidence
    /// Where the merchant came from (`brand_catalog`, `counterparty`…).
    public var merchantSource: String
    /// The category id (`food.groceries`).
    public var category: String
    /// The category's name in the language the row was recorded in.
    public var categoryName: String
    public var confidence: Confidence
    /// The resolver that decided the category.
    public var source: String
    public var budget: String?
    public var budgetName: String?
    /// Whether garden asks a person to look at the row, and why.
    public var review: Bool
    public var reviewReasons: [String]
    /// Parcel `number` of `total` (`PARC 03/10`).
    public var installment: Installment?
    /// `out`, `in`, or nil when unknown.
    public var direction: String?
    /// `expense`, `income`, `transfer`, `refund`.
    public var flow: String
    public var rowID: String

    public init(merchant: String? = nil, merchantKind: String = "unknown", brand: String? = nil, intermediary: String? = nil, seller: String? = nil,
                document: String? = nil, merchantConfidence: Confidence = .zero, merchantSource: String = "none", category: String,
                categoryName: String, confidence: Confidence = .zero, source: String, budget: String? = nil, budgetName: String? = nil,
                review: Bool = false, reviewReasons: [String] = [], installment: Installment? = nil, direction: String? = nil,
                flow: String = "expense", rowID: String) {
        self.merchant = merchant
        self.merchantKind = merchantKind
        self.brand = brand
        self.intermediary = intermediary
        self.seller = seller
        self.document = document
        self.merchantConfidence = merchantConfidence
        self.merchantSource = merchantSource
        self.category = category
        self.categoryName = categoryName
        self.confidence = confidence
        self.source = source
        self.budget = budget
        self.budgetName = budgetName
        self.review = review
        self.reviewReasons = reviewReasons
        self.installment = installment
        self.direction = direction
        self.flow = flow
        self.rowID = rowID
    }

    /// The fields of a `resolution` object; nil when the text is not one (not JSON, a member missing or
    /// of another type). Members it does not know are ignored: ``json()`` then writes a text without them,
    /// which is how the store tells a resolution its columns cannot hold whole.
    public init?(json text: String) {
        // garden's own form is read without a JSON document (the same fields as ``init(parsing:)`` reads).
        guard let read = Self(canonical: text) ?? Self(parsing: text) else { return nil }
        self = read
    }

    /// ``init(json:)`` through a JSON document: any member order, spacing and escapes.
    package init?(parsing text: String) {
        guard let doc = try? JSONScanner.parse(Array(text.utf8)), doc[doc.root].kind == .object else { return nil }
        let root = doc.root
        guard let m = doc.member("merchant", of: root), doc[m].kind == .object,
              let c = doc.member("category", of: root), doc[c].kind == .object,
              let kind = doc.string(doc.member("kind", of: m)), let merchantSource = doc.string(doc.member("source", of: m)),
              let merchantConfidence = doc.scalarText(doc.member("confidence", of: m)).flatMap(Confidence.init),
              let category = doc.string(doc.member("id", of: c)), let categoryName = doc.string(doc.member("name", of: c)),
              let confidence = doc.scalarText(doc.member("confidence", of: c)).flatMap(Confidence.init),
              let source = doc.string(doc.member("source", of: c)),
              let reviewNode = doc.member("review", of: root), doc[reviewNode].kind == .bool,
              let reasons = doc.member("review_reasons", of: root), doc[reasons].kind == .array,
              let flow = doc.string(doc.member("flow", of: root)), let rowID = doc.string(doc.member("row_id", of: root)) else { return nil }
        func optional(_ node: Int?) -> String?? {
            guard let node else { return .none }
            if doc.isNull(node) { return .some(nil) }
            return doc.string(node).map { .some($0) } ?? .none
        }
        guard case .some(let name) = optional(doc.member("name", of: m)), case .some(let brand) = optional(doc.member("brand", of: m)),
              case .some(let intermediary) = optional(doc.member("intermediary", of: m)), case .some(let seller) = optional(doc.member("seller", of: m)),
              case .some(let document) = optional(doc.member("document", of: m)),
              case .some(let direction) = optional(doc.member("direction", of: root)) else { return nil }
        var budget: String?, budgetName: String?
        if let b = doc.member("budget", of: root), !doc.isNull(b) {
            guard let id = doc.string(doc.member("id", of: b)), let name = doc.string(doc.member("name", of: b)) else { return nil }
            (budget, budgetName) = (id, name)
        }
        var installment: Installment?
        if let i = doc.member("installment", of: root), !doc.isNull(i) {
            guard let number = doc.scalarText(doc.member("number", of: i)).flatMap(Int.init),
                  let total = doc.scalarText(doc.member("total", of: i)).flatMap(Int.init) else { return nil }
            installment = Installment(number: number, total: total)
        }
        var reviewReasons: [String] = []
        for child in doc.children(of: reasons) {
            guard let reason = doc.string(child) else { return nil }
            reviewReasons.append(reason)
        }
        self.init(merchant: name, merchantKind: kind, brand: brand, intermediary: intermediary, seller: seller, document: document,
                  merchantConfidence: merchantConfidence, merchantSource: merchantSource, category: category, categoryName: categoryName,
                  confidence: confidence, source: source, budget: budget, budgetName: budgetName,
                  review: doc.raw(reviewNode).first == UInt8(ascii: "t"), reviewReasons: reviewReasons, installment: installment,
                  direction: direction, flow: flow, rowID: rowID)
    }

    /// The `resolution` object as ``ResolutionWriter`` writes it (without a trace).
    public func json() -> String {
        var out: [UInt8] = []
        out.reserveCapacity(480)
        func append(_ text: StaticString) { text.withUTF8Buffer { out.append(contentsOf: $0) } }
        func plain(_ text: String) { out.append(contentsOf: text.utf8) }
        func string(_ text: String?) {
            guard let text else { return append("null") }
            JSONWriter.appendEscaped(text, to: &out)
        }
        append(#"{"merchant":{"name":"#); string(merchant)
        append(#","kind":"#); string(merchantKind)
        append(#","brand":"#); string(brand)
        append(#","intermediary":"#); string(intermediary)
        append(#","seller":"#); string(seller)
        append(#","document":"#); string(document)
        append(#","confidence":"#); plain(merchantConfidence.description)
        append(#","source":"#); string(merchantSource)
        append(#"},"category":{"id":"#); string(category)
        append(#","name":"#); string(categoryName)
        append(#","confidence":"#); plain(confidence.description)
        append(#","source":"#); string(source)
        append(#"},"budget":"#)
        if let budget {
            append(#"{"id":"#); string(budget)
            append(#","name":"#); string(budgetName ?? budget)
            append("}")
        } else {
            append("null")
        }
        append(#","review":"#); append(review ? "true" : "false")
        append(#","review_reasons":["#)
        for (index, reason) in reviewReasons.enumerated() {
            if index > 0 { append(",") }
            string(reason)
        }
        append(#"],"installment":"#)
        if let installment {
            append(#"{"number":"#); plain(String(installment.number))
            append(#","total":"#); plain(String(installment.total))
            append("}")
        } else {
            append("null")
        }
        append(#","direction":"#); string(direction)
        append(#","flow":"#); string(flow)
        append(#","row_id":"#); string(rowID)
        append("}")
        return String(decoding: out, as: UTF8.self)
    }
}
