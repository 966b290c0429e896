import GardenCore
import GardenStore

/// A rule generalised from one correction: the cleaned merchant words with word edges (never a wrapper
/// or a store number), plus the direction when it is known.
struct RuleProposal {
    var text: String
    var words: [String]
    var direction: Direction?

    /// Words that name a payment, not a payee: a rule on them alone would catch every bill.
    static let genericWords: Set<String> = ["boleto", "pix", "ted", "doc", "pagamento", "pagto", "pgto", "compra", "debito", "credito",
                                            "transferencia", "transf", "conta", "tarifa", "fatura", "cartao", "payment", "purchase",
                                            "transfer", "deposit", "withdrawal", "online", "internet", "web", "app", "loja", "store"]

    static func make(context: ResolutionContext, category: String, merchant: String?) -> RuleProposal? {
        // A marketplace's seller text is no merchant of its own ("MERCADOLIVRE*MERCADOL").
        if let index = context.descriptor.processor, context.catalog.processors[index].role == .marketplace { return nil }
        var stem = context.descriptor.normalized
        let folded = " " + String(decoding: context.descriptor.text.folded, as: UTF8.self) + " "
        // The stem must appear as whole words in the descriptor; else its longest prefix that does.
        var words = stem.split(separator: " ").map(String.init)
        while !words.isEmpty, !folded.contains(" " + words.joined(separator: " ") + " ") { words.removeLast() }
        stem = words.joined(separator: " ")
        // Too broad to generalise: one short word ("maria", "loja"), or only the bank's own words ("boleto").
        guard !stem.isEmpty, words.count >= 2 || stem.count >= 6, !words.allSatisfy({ genericWords.contains($0) }) else { return nil }
        var text = "if description \"\(stem)\""
        if let direction = context.direction { text += " and direction \(direction.rawValue)" }
        text += " => category \(category)"
        if let merchant { text += ", merchant \"\(merchant.replacingOccurrences(of: "\"", with: ""))\"" }
        return RuleProposal(text: text, words: words, direction: context.direction)
    }

    /// Why no rule was proposed for a row.
    static func whyNone(_ context: ResolutionContext) -> String {
        if let index = context.descriptor.processor, context.catalog.processors[index].role == .marketplace {
            return "a marketplace's seller name is too generic to generalise; the override and memory still apply"
        }
        return "the cleaned descriptor (\"\(context.descriptor.normalized)\") is too short to generalise safely"
    }

    /// Candidate rows read to measure a proposal: enough to show its reach, bounded so `teach` stays fast
    /// on a large ledger.
    static let impactLimit = 2_000

    /// How many recorded rows the rule would change (category or merchant), a sample of them, and
    /// whether the count stopped at ``impactLimit`` candidates.
    static func impact(of proposal: RuleProposal, store: Store, category: String, merchant: String? = nil) throws -> (count: Int, sample: [String], capped: Bool) {
        var count = 0
        var sample: [String] = []
        let phrase = Array((" " + proposal.words.joined(separator: " ") + " ").utf8)
        let candidates = try store.candidates(containing: proposal.words, limit: impactLimit)
        let merchantNeedle = merchant.map { Array(("\"name\":" + RecategorizeCommand.quoted($0)).utf8) }
        for row in candidates {
            guard row.source != "manual_override", contains(Array((" " + row.folded + " ").utf8), phrase) else { continue }
            if let direction = proposal.direction, row.direction != direction.rawValue { continue }
            let merchantChanges = merchantNeedle.map { !contains(Array(row.resolution.utf8), $0) } ?? false
            guard row.category != category || merchantChanges else { continue }
            count += 1
            if sample.count < 5, let raw = try store.ledgerRow(id: row.rowID)?.raw {
                let change = row.category != category ? "\(row.category) → \(category)" : category
                sample.append("\(row.rowID): \(change)" + (merchantChanges ? ", merchant → \"\(merchant ?? "")\"" : "") + "  \(descriptor(raw))")
            }
        }
        return (count, sample, candidates.count >= impactLimit)
    }

    /// Byte substring search (folded text needs no locale-aware comparison).
    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, haystack.count >= needle.count else { return needle.isEmpty }
        let first = needle[0]
        var i = 0
        let last = haystack.count - needle.count
        while i <= last {
            if haystack[i] == first, haystack[i..<(i + needle.count)].elementsEqual(needle) { return true }
            i += 1
        }
        return false
    }

    static func descriptor(_ raw: String) -> String {
        guard let (_, t) = try? Session.transaction(raw) else { return "" }
        return "\"\(t.description)\""
    }
}
