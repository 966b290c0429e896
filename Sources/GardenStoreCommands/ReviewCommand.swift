import GardenLinking
import GardenStore
import GardenFoundation
import GardenCommandKit
import GardenLedger

/// `garden review [--month YYYY-MM] [--since DATE] [--json] [--limit N]`: the rows flagged for review,
/// grouped by merchant identity and direction (``ReviewQueue``), largest first: each group's count,
/// totals, two sample descriptors, garden's best guess with its confidence, why it was unsure, and the
/// one `garden teach` command that settles it (on the next `garden recategorize`).
package enum ReviewCommand: Command {
    typealias Group = CommandOption.Group
    package static let name = "review"
    package static let summary = "the rows flagged for review, grouped by merchant, with the teach command that settles each group"
    package static let about = """
    Lists the rows flagged for review, grouped by merchant identity and direction, largest group first:
    each with its rows, totals, two sample descriptors, garden's best guess with its confidence, why it
    was unsure, and the garden teach command that settles the group (every row of the merchant on the
    next garden recategorize; a row without a merchant identity only itself).
    """
    package static let options = Group.selection + [
        CommandOption("--json", nil, "one JSON object a group, a line each, then one a suggested rule ({\"suggested_rule\": …})"),
        CommandOption("--limit", "N", "at most N groups (default 20; 0: all)"),
    ] + Group.store
    package static let masksOutput = true

    package static func run(_ options: CommandLineOptions, _ env: Environment) throws -> Int32 {
        let selection = try CommandSupport.selection(options)
        let limit = try CommandSupport.limit(options, default: 20)
        let store = try LinkCommand.openStore(options, env, writing: false)
        let queue = try store.reviewQueue(selection)
        let shown = queue.prefix(limit)
        let db = options.value("--db")
        let hidden = queue.groups.count - shown.groups.count
        if options.flag("--json") {
            env.stdout.write(shown.groups.map { $0.json(db: db) + "\n" }.joined())
            env.stdout.write(try RuleSuggestions.find(store).jsonLines(limit: limit == 0 ? Int.max : limit, db: db))
            if hidden > 0 { env.complain("\(hidden) more group(s) not shown; --limit 0 lists all") }
            return Exit.ok
        }
        env.stdout.write(text(queue, shown: shown, db: db))
        // The rules the corrections suggest, with their reach (``RuleSuggestions``).
        env.stdout.write(try RuleSuggestions.find(store).text(limit: limit == 0 ? Int.max : limit, db: db))
        return Exit.ok
    }

    static func text(_ queue: ReviewQueue, shown: ReviewQueue, db: String?) -> String {
        guard !queue.groups.isEmpty else { return "nothing to review\n" }
        var out = "to review: \(queue.rows) row(s) in \(queue.groups.count) group(s), largest first\n"
        for (index, group) in shown.groups.enumerated() {
            let totals = group.totals.map { Money.display($0.minorUnits, currency: $0.currency) }.joined(separator: " + ")
            out += "\(index + 1). \(group.merchant ?? "(no merchant)")"
            out += " [\(group.identity ?? "no merchant identity")\(group.direction.map { ", " + $0 } ?? "")]: \(group.count) row(s)"
            out += totals.isEmpty ? "\n" : ", \(totals)\n"
            out += "   e.g. " + group.samples.map { "\"\($0)\"" }.joined(separator: ", ") + "\n"
            out += "   guess \(group.guess.category) \"\(group.guess.name)\" \(group.guess.confidence)"
            out += group.reasons.isEmpty ? "\n" : "; unsure: \(group.reasons.joined(separator: "; "))\n"
            out += "   settle: \(group.teachCommand(db: db))" + (group.settlesMerchant ? "\n" : "  (this row only: nothing identifies its merchant)\n")
        }
        let hidden = queue.groups.count - shown.groups.count
        if hidden > 0 { out += "… \(hidden) more group(s); --limit 0 lists all\n" }
        return out
    }
}
