import GardenStore
import GardenCommandKit

extension EvalCommand {
    /// One line per group (the dev set's `source` or `collection` member; `-` when absent): rows, merchant,
    /// kind and category accuracy, review rate and category when not flagged, worst category first, so a
    /// leave-one-source-out run shows at once which source a change made worse.
    static func groupTable(_ rows: [Row], by key: KeyPath<Row, String>, title: String, _ w: Phrasebook = Phrasebook(.english)) -> String {
        let groups = Dictionary(grouping: rows, by: { $0[keyPath: key] })
        let lines = groups.map { source, rows -> (Int, String) in
            let categoryHits = rows.filter { categoryMatches($0) }.count
            let merchantRows = rows.filter { $0.expected.merchant != nil }
            let kindRows = rows.filter { $0.expected.kind != nil }
            let unflagged = rows.filter { !$0.resolution.review }
            let cells = [
                share(merchantRows.filter(\.merchantMatches).count, merchantRows.count),
                share(kindRows.filter { $0.resolution.merchant.kind.rawValue == $0.expected.kind }.count, kindRows.count),
                share(categoryHits, rows.count),
                share(rows.filter { $0.resolution.review }.count, rows.count),
                share(unflagged.filter { categoryMatches($0) }.count, unflagged.count),
            ]
            let name = source.padding(toLength: max(source.count, 34), withPad: " ", startingAt: 0)
            let line = "  \(name) \(String(rows.count).leftPadded(4)) " + cells.map { $0.leftPadded(9) }.joined()
            return (rows.isEmpty ? 0 : categoryHits * 1000 / rows.count, line)
        }
        var out = w("by \(title) (high+medium): rows, merchant, kind, category, review, category when not flagged\n",
                    "por \(title) (high+medium): linhas, estabelecimento, tipo, categoria, revisão, categoria fora da revisão\n")
        for (_, line) in lines.sorted(by: { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }) { out += line + "\n" }
        return out + "\n"
    }

    /// `hits/total` as a whole percentage, `-` when nothing was scored.
    static func share(_ hits: Int, _ total: Int) -> String {
        total == 0 ? "-" : "\((hits * 100 + total / 2) / total)%"
    }
}

private extension String {
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
