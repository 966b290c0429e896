import GardenFoundation
import GardenCatalog
import GardenStore
import GardenLinking
import GardenCommandKit

/// `garden links [--kind K] [--json]`: the links found by `garden link`, one per line (id, kind, status,
/// confidence, rows, evidence; `--json`: one object per line with the plan or series detail).
/// `--id ROW` prints the row's resolution as the ledger keeps it, with `links` and `net_amount`;
/// `--accept N` / `--reject N` decide a suggestion (journaled).
package enum LinksCommand: Command {
    typealias Group = CommandOption.Group
    package static let name = "links"
    package static let summary = "the links found (--kind K, --json, --id ROW, --accept N, --reject N)"
    package static let about = "The links with id, kind, status, confidence, rows and evidence.\nkinds: " + LinkKind.allCases.map(\.rawValue).joined(separator: ", ")
    package static let options = [
        CommandOption("--kind", "K", "only links of this kind"),
        CommandOption("--json", nil, "as JSON lines"),
        CommandOption("--id", "ROW", "a row's ledger resolution with its links and net amount"),
        CommandOption("--accept", "N", "accept suggestion N (journaled)"),
        CommandOption("--reject", "N", "reject suggestion N (journaled)"),
    ] + Group.store

    /// Whether the invocation writes (a link decision); listings only read, so they work on a read-only store.
    static func writes(_ options: CommandLineOptions) -> Bool {
        options.value("--accept") != nil || options.value("--reject") != nil
    }

    package static func run(_ options: CommandLineOptions, _ env: Environment) throws -> Int32 {
        var kind: LinkKind?
        if let text = options.value("--kind") {
            guard let parsed = LinkKind(loose: text) else {
                throw CommandLineOptions.UsageError(description: "unknown link kind \"\(text)\"; kinds: " + LinkKind.allCases.map(\.rawValue).joined(separator: ", "))
            }
            kind = parsed
        }
        let store = try LinkCommand.openStore(options, env, writing: writes(options))
        for (option, status) in [("--accept", LinkStatus.accepted), ("--reject", .rejected)] {
            guard let text = options.value(option) else { continue }
            guard let id = Int64(text) else { throw CommandLineOptions.UsageError(description: "\(option) needs a link id (a number), got \(text)") }
            guard try store.links().contains(where: { $0.id == id }) else { throw CommandSupport.Failure(code: Exit.dataError, message: "no link \(id); see garden links") }
            let stored = try store.setLinkStatus(id: id, status)
            env.committed.note("link \(id) \(status.rawValue)")
            env.stdout.write(env.words("link \(id) (\(stored.link.kind.rawValue)) \(status.rawValue); garden undo reverts it\n",
                                       "vínculo \(id) (" + env.words.linkKind(stored.link.kind.rawValue) + ") " + env.words.status(status.rawValue) + "; garden undo o desfaz\n"))
            return Exit.ok
        }
        if let row = options.value("--id") {
            guard let ledgerRow = try store.ledgerRow(id: row) else { throw CommandSupport.noSuchRow(row, store) }
            env.stdout.write(try LinkedResolution.json(ledgerRow, links: store.links(row: ledgerRow.rowID).map(\.link)) + "\n")
            return Exit.ok
        }
        let out = BufferedOutput(env.stdout)
        for stored in try store.links(kind: kind) {
            out.append(options.flag("--json") ? json(stored) + "\n" : text(stored, env.words))
        }
        out.flush()
        return Exit.ok
    }

    static func text(_ stored: Store.StoredLink, _ words: Phrasebook = Phrasebook(.english)) -> String {
        let link = stored.link
        var line = "\(stored.id)  " + words.linkKind(link.kind.rawValue) + "  " + words.status(link.status.rawValue) + "  " + ResolverWords.percent(link.confidence, words.language) + "  \(link.rows.joined(separator: " "))\n"
        for sentence in link.evidence { line += "      " + LinkEvidenceWords.text(sentence, words.language) + "\n" }
        return line
    }

    static func json(_ stored: Store.StoredLink) -> String {
        let link = stored.link
        var w = JSONWriter(capacity: 256)
        w.beginObject()
        w.key("id"); w.raw(String(stored.id))
        w.member("kind", link.kind.rawValue)
        w.member("status", link.status.rawValue)
        w.key("confidence"); w.raw(link.confidence.description)
        w.key("rows"); w.beginArray(); for row in link.rows { w.string(row) }; w.endArray()
        w.key("effect_minor_units"); w.raw(String(link.effect))
        w.key("evidence"); w.beginArray(); for sentence in link.evidence { w.string(sentence) }; w.endArray()
        if let plan = link.plan {
            w.key("plan"); w.beginObject()
            w.member("purchase_date", plan.purchaseDate)
            w.key("count"); w.int(plan.count)
            w.key("paid"); w.int(plan.paid)
            // The parcel numbers the ledger holds (`paid` is the latest one seen, not a count of them).
            w.key("recorded"); w.beginArray(); for number in plan.recorded { w.int(number) }; w.endArray()
            w.key("remaining"); w.int(plan.remaining)
            w.key("remaining_amount"); w.raw(Money.decimal(plan.remainingAmount, currency: plan.currency))
            w.key("total_amount"); w.raw(Money.decimal(plan.totalAmount, currency: plan.currency))
            w.member("currency", plan.currency)
            w.key("missing"); w.beginArray()
            for missing in plan.missing { w.beginObject(); w.key("number"); w.int(missing.number); w.member("month", missing.month); w.endObject() }
            w.endArray()
            w.endObject()
        }
        if let series = link.series {
            w.key("series"); w.beginObject()
            w.member("period", series.period.rawValue)
            w.member("counterparty", series.counterparty)
            w.key("typical_amount"); w.raw(Money.decimal(series.typicalAmount, currency: series.currency))
            w.key("last_amount"); w.raw(Money.decimal(series.lastAmount, currency: series.currency))
            w.member("currency", series.currency)
            w.member("next_expected", series.nextExpected)
            w.member("change", series.change)
            w.endObject()
        }
        w.endObject()
        return String(decoding: w.bytes, as: UTF8.self)
    }
}
