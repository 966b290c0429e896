import GardenCore
import GardenStore

/// A rule generalised from one correction: the cleaned merchant words with word edges (never a wrapper
/// or a store number), plus the direction when it is known.
struct RuleProposal {
    var text: String
    var words: [String]
    var direction: Direction?

    static func make(context: ResolutionContext, category: String, merchant: String?) -> RuleProposal? {
        // A marketplace's seller text is no merchant of its own ("MERCADOLIVRE*MERCADOL").
        if let index = context.descriptor.processor, context.catalog.processors[index].role == .marketplace { return nil }
        var stem = context.descriptor.normalized
        let folded = " " + String(decoding: context.descriptor.text.folded, as: UTF8.self) + " "
        // The stem must appear as whole words in the descriptor; else its longest prefix that does.
        var words = stem.split(separator: " ").map(String.init)
        while !words.isEmpty, !folded.contains(" " + words.joined(separator: " ") + " ") { words.removeLast() }
        stem = words.joined(separator: " ")
        // Too broad to generalise: one short word ("maria", "loja").
        guard !stem.isEmpty, words.count >= 2 || stem.count >= 6 else { return nil }
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

    /// How many recorded rows the rule would change (category or merchant), and a sample of them.
    static func impact(of proposal: RuleProposal, store: Store, category: String, merchant: String? = nil) throws -> (count: Int, sample: [String]) {
        var count = 0
        var sample: [String] = []
        let phrase = " " + proposal.words.joined(separator: " ") + " "
        try store.forEachLedgerRow(containing: proposal.words) { row in
            guard (" " + row.folded + " ").contains(phrase), row.source != "manual_override" else { return }
            let merchantChanges = merchant.map { !row.resolution.contains("\"name\":" + RecategorizeCommand.quoted($0)) } ?? false
            guard row.category != category || merchantChanges else { return }
            if let direction = proposal.direction, row.direction != direction.rawValue { return }
            count += 1
            if sample.count < 5 { sample.append("\(row.rowID): \(row.category) → \(category)  \(descriptor(row.raw))") }
        }
        return (count, sample)
    }

    static func descriptor(_ raw: String) -> String {
        guard let (_, t) = try? Session.transaction(raw) else { return "" }
        return "\"\(t.description)\""
    }
}
