import GardenFoundation
import GardenEngine

extension LedgerResolution {
    /// One field that differs between two resolutions: its name as the `transactions` view names it and
    /// both values as JSON.
    public struct Change: Sendable, Equatable {
        public var field: String
        public var before: String
        public var after: String
    }

    /// The fields of `other` that differ from this resolution's, in the view's column order (`category`,
    /// `category_name`, `confidence`, `source`, `merchant`…); the row id is not compared.
    /// - Parameter sameSource: whether a resolver id stored in this resolution (`source`, `merchant_source`) and one in
    ///   `other` name the same resolver: by default equal; a caller that knows the precedence passes its aliases
    ///   (`ResolverIDs.same(stored:now:)` in GardenResolvers: a row stored under `bank_line` that `transfer` decides now is unchanged).
    public func changes(to other: LedgerResolution, sameSource: (String, String) -> Bool = { $0 == $1 }) -> [Change] {
        func text(_ value: String?) -> String {
            guard let value else { return "null" }
            var out: [UInt8] = []
            JSONWriter.appendEscaped(value, to: &out)
            return String(decoding: out, as: UTF8.self)
        }
        func list(_ values: [String]) -> String { "[" + values.map { text($0) }.joined(separator: ",") + "]" }
        func installment(_ value: Installment?) -> String { value.map { "\"\($0.number)/\($0.total)\"" } ?? "null" }
        let fields: [(String, String, String)] = [
            ("category", text(category), text(other.category)), ("category_name", text(categoryName), text(other.categoryName)),
            ("confidence", confidence.description, other.confidence.description), ("source", text(source), text(other.source)),
            ("merchant", text(merchant), text(other.merchant)), ("merchant_kind", text(merchantKind), text(other.merchantKind)),
            ("brand", text(brand), text(other.brand)), ("intermediary", text(intermediary), text(other.intermediary)),
            ("seller", text(seller), text(other.seller)), ("document", text(document), text(other.document)),
            ("merchant_confidence", merchantConfidence.description, other.merchantConfidence.description),
            ("merchant_source", text(merchantSource), text(other.merchantSource)),
            ("budget", text(budget), text(other.budget)), ("budget_name", text(budgetName), text(other.budgetName)),
            ("review", review ? "true" : "false", other.review ? "true" : "false"),
            ("review_reasons", list(reviewReasons), list(other.reviewReasons)),
            ("installment", installment(self.installment), installment(other.installment)),
            ("direction", text(direction), text(other.direction)), ("flow", text(flow), text(other.flow)),
        ]
        let sources: Set<String> = ["source", "merchant_source"]
        return fields.filter { field in
            guard field.1 != field.2 else { return false }
            if sources.contains(field.0), field.0 == "source" ? sameSource(source, other.source) : sameSource(merchantSource, other.merchantSource) {
                return false
            }
            return true
        }.map { Change(field: $0.0, before: $0.1, after: $0.2) }
    }
}
