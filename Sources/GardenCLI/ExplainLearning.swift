import GardenFoundation
import GardenCatalog
import GardenEngine
import GardenResolvers
import GardenStore
import GardenCommandKit

/// What `explain` adds about learning: the corrections behind merchant memory's proposal (which taught rows, when),
/// so the user sees which correction decided a row, or would have.
enum ExplainLearning {
    /// The lines naming the taught rows memory's proposal rests on; empty when memory proposed nothing.
    static func corrections(_ r: Resolution, _ context: ResolutionContext, _ session: Session, _ w: Phrasebook = Phrasebook(.english)) -> String {
        guard let store = session.store,
              let entry = r.trace.first(where: { $0.resolver == MerchantMemoryResolver.description.id }), let proposal = entry.proposal else { return "" }
        let key = proposal.evidence.matched
        var keys = [key]
        if let own = session.pipeline.identified(context).identity?.ownKey, own != key { keys.append(own) }
        guard let taught = try? store.taughtRows(merchantKeys: keys, direction: context.direction?.rawValue), !taught.isEmpty else { return "" }
        var out = w("merchant memory \(key) rests on \(taught.count == 5 ? "the latest 5" : "\(taught.count)") correction(s):\n",
                    "a memória do estabelecimento \(key) se apoia em \(taught.count == 5 ? "as 5 últimas" : "\(taught.count)") correção(ões):\n")
        for row in taught {
            out += w("  row ", "  linha ") + "\(row.rowID) → \(row.category) (" + EvidenceWords.origin(row.origin, w.language) + ")"
            if let description = row.description { out += "  \"\(CPFScrubber.scrub(description))\"" }
            out += "\n"
        }
        return out
    }
}
