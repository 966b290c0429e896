import GardenFoundation
import GardenCatalog
import GardenEngine
import GardenLinking
import GardenStore
import GardenCommandKit
import GardenLedger
import GardenResolvers

/// What `explain --id` says of a recorded row besides why garden decides what it decides now: the row's date,
/// amount and account, what the ledger holds, and — when that is not what garden would decide now — which
/// fields differ and why (a rule added after the row was recorded, a change to it undone, the rule or
/// correction that decided it gone), with the command that updates the ledger.
struct RecordedComparison {
    let entry: LedgerEntry
    /// The resolution as the ledger holds it.
    let stored: String
    let recordedAt: String?
    /// The fields the ledger holds otherwise than garden would decide now (names as in `transactions`).
    let changes: [LedgerResolution.Change]
    /// Why they differ, when garden can tell.
    let why: String?
    /// The command that brings the ledger up to date.
    let update: String

    /// Compares the ledger's `row` with `now` (resolved from the same input with the store's current state).
    init(_ row: LedgerRow, now: Resolution, store: Store, taxonomy: Taxonomy) throws {
        entry = LedgerEntry(row)
        stored = row.resolution
        recordedAt = try store.recordedAt(rowID: row.rowID)
        var w = JSONWriter(capacity: 512)
        ResolutionWriter(taxonomy: taxonomy).write(now, into: &w)
        let current = LedgerResolution(json: String(decoding: w.bytes, as: UTF8.self)) ?? entry.resolution
        // The category's name follows the language the row was recorded in: not a difference of decision.
        // A source stored under a resolver's former id (``ResolverDescription/formerly``) is the same source.
        changes = entry.resolution.changes(to: current, sameSource: { ResolverIDs.same(stored: $0, now: $1) })
            .filter { $0.field != "category_name" && $0.field != "budget_name" }
        var reasons: [String] = []
        let rules = try store.rules()
        if changes.isEmpty {
            why = nil
            update = ""
            return
        }
        if let ruleID = now.ruleID, ruleID != entry.rule, let rule = rules.first(where: { $0.ruleID == ruleID }) {
            let after = recordedAt.map { rule.createdAt > $0 } ?? false
            reasons.append("rule \(ruleID) decides it now" + (after ? ", added \(rule.createdAt), after the row was recorded" : ""))
        }
        if let stored = entry.rule, stored != now.ruleID, !rules.contains(where: { $0.ruleID == stored }) {
            reasons.append("rule \(stored), which decided it, is gone (removed or undone)")
        }
        if entry.resolution.source == "manual_override", now.categorySourceName != "manual_override" {
            reasons.append("its correction is gone (undone)")
        }
        if let undone = try store.lastUndoneChange(rowID: row.rowID) {
            reasons.append("journal entry \(undone.id) (\(undone.kind): \(undone.summary)) changed it and was undone")
        }
        why = reasons.isEmpty ? "garden's rules, corrections, model or data changed since the row was recorded" : reasons.joined(separator: "; ")
        update = now.ruleID.map { "garden recategorize --rule \($0)" } ?? "garden recategorize"
    }

    /// The lines `explain --id` prints first: when, how much and where; then what the ledger holds.
    func header(_ w: Phrasebook, taxonomy: Taxonomy) -> String {
        let i = entry.input
        let amount = i.amount.map { MoneyDisplay.text($0, currency: i.currency, language: w.language) } ?? w("no amount", "sem valor")
        var out = w("  recorded      ", "  registrada    ") + (entry.date ?? w("no date", "sem data")) + ", \(amount), " + w("account ", "conta ") + (i.account.map(AccountName.shown) ?? w("none", "nenhuma"))
            + (recordedAt.map { w(" (recorded ", " (registrada em ") + $0 + ")" } ?? "") + "\n"
        let r = entry.resolution
        let name = taxonomy[r.category]?.name(w.language) ?? r.categoryName
        out += w("  in the ledger ", "  no registro   ") + "\(r.category) \"\(name)\" " + ResolverWords.decided(r.confidence, by: r.source, w.language)
        guard !changes.isEmpty else { return out + w(": what garden decides now\n", ": o que o garden decide agora\n") }
        out += w("; garden decides otherwise now (", "; o garden agora decide outra coisa (") + changes.map(\.field).joined(separator: ", ") + ")\n"
        for change in changes {
            out += "                \(change.field): " + Self.value(change.before, of: change.field, w.language) + " " + w("in the ledger, ", "no registro, ")
                + Self.value(change.after, of: change.field, w.language) + " " + w("now", "agora") + "\n"
        }
        out += w("                why: ", "                por quê: ") + Self.said(why ?? "", w.language) + "\n                \(update) " + w("updates the ledger\n", "atualiza o registro\n")
        return out
    }

    /// A changed field's value (as the `transactions` view holds it: JSON text) as a person reads it: a confidence as a
    /// percent, a resolver by what it reads, a direction, flow or merchant kind in `language`; any other as written.
    static func value(_ json: String, of field: String, _ language: Language) -> String {
        let bare = json.count >= 2 && json.hasPrefix("\"") && json.hasSuffix("\"") ? String(json.dropFirst().dropLast()) : nil
        switch field {
        case "confidence", "merchant_confidence": return ResolverWords.percent(json, language)
        case "source", "merchant_source": return bare.map { ResolverWords.name($0, language) } ?? json
        case "direction": return bare.map { ResolutionWords.direction($0, language) } ?? json
        case "flow": return bare.map { ResolutionWords.flow($0, language) } ?? json
        case "merchant_kind": return bare.map { ResolutionWords.kind($0, language) } ?? json
        default: return json
        }
    }

    /// `why` in `language`: each `; `-separated reason by its shape (the JSON keeps them in English).
    static func said(_ why: String, _ language: Language) -> String {
        guard language == .portuguese else { return why }
        return why.components(separatedBy: "; ").map { reason in
            // `journal entry N (KIND: SUMMARY) changed it and was undone`: the summary said as undo --list says it.
            if reason.hasPrefix("journal entry "), let open = reason.firstIndex(of: "("), let colon = reason[open...].range(of: ": "),
               let close = reason.range(of: ") changed it and was undone", options: .backwards) {
                let id = reason[reason.index(reason.startIndex, offsetBy: "journal entry ".count)..<open].trimmingCharacters(in: .whitespaces)
                let kind = reason[reason.index(after: open)..<colon.lowerBound]
                let summary = JournalSummaryWords.text(String(reason[colon.upperBound..<close.lowerBound]), language)
                return "a entrada \(id) do diário (\(kind): \(summary)) a mudou e foi desfeita"
            }
            return reasons(reason)
        }.joined(separator: "; ")
    }

    static let reasons = SentenceTemplates([
        ("rule {1} decides it now, added {2}, after the row was recorded", "a regra {1} a decide agora, adicionada em {2}, depois de a linha ser registrada"),
        ("rule {1} decides it now", "a regra {1} a decide agora"),
        ("rule {1}, which decided it, is gone (removed or undone)", "a regra {1}, que a decidia, não existe mais (removida ou desfeita)"),
        ("its correction is gone (undone)", "sua correção não existe mais (desfeita)"),
        ("journal entry {1} ({2}) changed it and was undone", "a entrada {1} do diário ({2}) a mudou e foi desfeita"),
        ("garden's rules, corrections, model or data changed since the row was recorded",
         "as regras, correções, o modelo ou os dados de garden mudaram desde que a linha foi registrada"),
    ])

    /// The `ledger` member `explain --id --json` adds: the row's date, amount, account, the resolution the
    /// ledger holds, the fields that differ from now and why.
    var json: [UInt8] {
        var w = JSONWriter(capacity: 512)
        w.beginObject()
        w.member("date", entry.date)
        w.key("amount"); entry.input.decimalAmount.map { w.string($0) } ?? w.null()
        w.member("currency", entry.input.currency)
        w.member("account", entry.input.account)
        w.member("recorded_at", recordedAt)
        w.key("resolution"); w.raw(stored)
        w.key("differs"); w.bool(!changes.isEmpty)
        w.key("changes"); w.beginArray()
        for change in changes {
            w.beginObject()
            w.member("field", change.field)
            w.key("ledger"); w.raw(change.before)
            w.key("now"); w.raw(change.after)
            w.endObject()
        }
        w.endArray()
        w.member("why", why)
        w.member("update", changes.isEmpty ? nil : update)
        w.endObject()
        return w.bytes
    }
}
