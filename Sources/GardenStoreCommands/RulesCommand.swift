import Foundation
import GardenFoundation
import GardenCatalog
import GardenStore
import GardenCommandKit

/// `garden rules list | add RULE | remove ID | lint | export | import FILE`: the user's rules, from rule
/// files and from the store, with ids, origin and hit counts; lint finds duplicates and conflicts and
/// says which wins and why; export/import use the rule file format so rules can live in version control.
package enum RulesCommand: Command {
    typealias Group = CommandOption.Group
    package static let name = "rules"
    package static let arguments = "list | add 'if … => …' | remove ID | lint | export | import FILE"
    package static let summary = "list | add | remove | lint | export | import"
    package static let about = """
    The user's rules (rule files and the store's) with ids, origin and hit counts; lint reports
    duplicates, conflicts and overlaps and says which wins; export and import use the rule file format.
    """
    package static let options = Group.data + Group.store
    package static let maximumArguments: Int? = nil
    package static let masksOutput = true

    package static func run(_ options: CommandLineOptions, _ env: Environment) throws -> Int32 {
        var options = options
        guard let verb = options.shift() else { throw CommandLineOptions.UsageError(description: "rules needs list, add, remove, lint, export or import") }
        try options.rejectPositional("rules \(verb)", beyond: ["add", "remove", "import"].contains(verb) ? 1 : 0)
        switch verb {
        case "list": return try list(options, env)
        case "add": return try add(options, env)
        case "remove": return try remove(options, env)
        case "lint": return try lint(options, env)
        case "export": return try export(options, env)
        case "import": return try importFile(options, env)
        default: throw CommandLineOptions.UsageError(description: "unknown rules verb \"\(verb)\"; rules needs list, add, remove, lint, export or import")
        }
    }

    static func list(_ options: CommandLineOptions, _ env: Environment) throws -> Int32 {
        let session = try Session.open(env, options, access: .read)
        let stored = try session.store?.rules() ?? []
        let hits = try session.store?.ruleHits() ?? [:]
        var out = ""
        for rule in session.user.rules.all {
            let origin = stored.first { $0.ruleID == rule.id }.map { (env.words.language == .portuguese && $0.origin == "added" ? "adicionada em" : $0.origin) + " \($0.createdAt)" } ?? env.words("file ", "arquivo ") + rule.source.file
            out += "\(rule.id)\t\(hits[rule.id] ?? 0) " + env.words("hit(s)", "acerto(s)") + "\t\(origin)\n    \(rule.text)\n"
        }
        env.stdout.write(out.isEmpty ? env.words("no rules\n", "nenhuma regra\n") : out)
        return Exit.ok
    }

    /// `text` as a rule of `session`'s (its budgets are the shipped ones with the user's), as the store keeps it.
    /// - Throws: ``CommandSupport/Failure`` with exit 65 and the `file:line:column` of what does not parse: a rule
    ///   given to `rules add` or `rules import` is input given to the command, bad input when wrong.
    static func validate(_ text: String, _ session: Session, file: String = "rule", line: Int = 1) throws -> String {
        let catalog = session.catalog
        let parser = UserRuleParser(taxonomy: catalog.taxonomy, budgets: session.user.budgets, brandIDs: Set(catalog.brands.map(\.id)),
                                    processorIDs: Set(catalog.processors.map(\.id)))
        // Stored as the parser keeps it: a CPF in the rule is masked.
        let rule: UserRule
        do { rule = try parser.parseRule(text, id: "new", source: SourceLocation(file: file, line: line)) } catch {
            throw CommandSupport.Failure(code: Exit.dataError, message: error.description)
        }
        if let why = rule.whyItNeverFires {
            throw CommandSupport.Failure(code: Exit.dataError, message: "\(file):\(line): this rule can never fire: \(why); nothing added")
        }
        return rule.text
    }

    static func add(_ options: CommandLineOptions, _ env: Environment) throws -> Int32 {
        guard let text = options.positional.first else { throw CommandLineOptions.UsageError(description: "usage: garden rules add 'if description \"x\" => category y'") }
        // Checked before the store is made: a rule given on the command line that does not parse (an
        // unknown category, say) is bad input, 65, as it is for teach, and leaves nothing behind.
        let session = try Session.open(env, options, access: .read)
        let rule = try validate(text, session)
        if let same = session.user.rules.all.first(where: { $0.text == rule }) {
            throw CommandSupport.Failure(code: Exit.dataError, message: "this rule is already \(same.id)")
        }
        let added = try Session.store(env, options, .create)!.addRules([rule], origin: "added")
        env.committed.note("rule \(added[0].ruleID) added")
        env.stdout.write(env.words("added ", "adicionada ") + "\(added[0].ruleID): \(added[0].text)\n"
            + env.words("run garden recategorize --rule \(added[0].ruleID) --dry-run to see the rows it changes\n",
                        "rode garden recategorize --rule \(added[0].ruleID) --dry-run para ver as linhas que ela muda\n"))
        return Exit.ok
    }

    static func remove(_ options: CommandLineOptions, _ env: Environment) throws -> Int32 {
        guard let id = options.positional.first, let number = Int64(id.hasPrefix("r") ? String(id.dropFirst()) : id) else {
            throw CommandLineOptions.UsageError(description: "usage: garden rules remove r12 (file rules are removed by editing their file)")
        }
        let session = try Session.open(env, options, access: .write)
        guard let store = session.store, try store.removeRule(id: number) else {
            let stored = session.user.rules.all.map(\.id).filter { $0.hasPrefix("r") && Int64($0.dropFirst()) != nil }
            throw CommandSupport.Failure(code: Exit.dataError, message: "no stored rule r\(number)" + ClosestNames.hint(for: "r\(number)", among: stored))
        }
        env.committed.note("rule r\(number) removed")
        env.stdout.write(env.words("removed r", "removida r") + "\(number)\n")
        return Exit.ok
    }

    /// Duplicates (same conditions and actions) and conflicts (same conditions, other actions): the
    /// first in order wins (file rules in file order, then stored rules by id), since equally specific
    /// rules are ranked by order.
    static func lint(_ options: CommandLineOptions, _ env: Environment) throws -> Int32 {
        let session = try Session.open(env, options, access: .read)
        let rules = session.user.rules.all
        var findings: [String] = []
        var seen: [[UserRule.Condition]: UserRule] = [:]
        for rule in rules {
            if let why = rule.whyItNeverFires { findings.append("never fires: \(rule.id): \(why)") }
            let key = rule.conditions.map(normalize)
            if let first = seen[key] {
                if Set(first.actions) == Set(rule.actions) {
                    findings.append("duplicate: \(rule.id) repeats \(first.id); \(first.id) wins (it comes first); remove \(rule.id)")
                } else {
                    findings.append("conflict: \(rule.id) and \(first.id) have the same conditions but different actions; \(first.id) wins (same specificity, it comes first), so \(rule.id) never fires")
                }
            } else {
                seen[key] = rule
            }
        }
        // A rule whose description text contains another's: both can match; the longer text wins.
        for a in rules {
            for b in rules where a.id != b.id {
                guard let ta = a.textConditions.first?.text, let tb = b.textConditions.first?.text else { continue }
                let fa = " " + matched(ta) + " ", fb = " " + matched(tb) + " "
                if fa == fb, a.conditions.count > b.conditions.count, a.category != b.category {
                    findings.append("overlap: \(a.id) and \(b.id) both match \"\(ta)\"; \(a.id) wins where its other conditions hold (more conditions are more specific), \(b.id) elsewhere")
                }
                if fa != fb, fa.contains(fb), a.category != b.category {
                    findings.append("overlap: \(a.id) (\"\(ta)\") and \(b.id) (\"\(tb)\") both match \"\(ta)\"; \(a.id) wins there (the longer text is more specific)")
                }
            }
        }
        env.stdout.write(findings.isEmpty ? "\(rules.count) rule(s), no problems found\n" : findings.joined(separator: "\n") + "\n")
        return findings.contains { $0.hasPrefix("duplicate") || $0.hasPrefix("conflict") || $0.hasPrefix("never fires") } ? Exit.dataError : Exit.ok
    }

    static func normalize(_ condition: UserRule.Condition) -> UserRule.Condition {
        switch condition {
        case .description(let text, let prefix): return .description(matched(text), prefix: prefix)
        case .memo(let text, let prefix): return .memo(matched(text), prefix: prefix)
        case .merchant(let text, let prefix): return .merchant(matched(text), prefix: prefix)
        default: return condition
        }
    }

    /// A rule text as matching reads it: folded words, punctuation and spacing ignored ("irs (target)" is
    /// "irs target"); alternatives each so, in order, whatever order they were written in ("b|a" is "a|b").
    static func matched(_ text: String) -> String {
        UserRule.alternatives(text, prefix: false).map { String(decoding: TokenizedText($0.text).folded, as: UTF8.self) + ($0.prefix ? "*" : "") }
            .sorted().joined(separator: "|")
    }

    static func export(_ options: CommandLineOptions, _ env: Environment) throws -> Int32 {
        let path = Session.databasePath(options, env)
        let rules = try Session.store(env, options, .read)?.rules() ?? []
        var out = "# garden rules exported \(env.clock.timestamp()) from \(path)\n"
        for rule in rules { out += "# \(rule.ruleID): \(rule.origin), \(rule.createdAt)\n\(rule.text)\n" }
        env.stdout.write(out)
        return Exit.ok
    }

    static func importFile(_ options: CommandLineOptions, _ env: Environment) throws -> Int32 {
        guard let file = options.positional.first else { throw CommandLineOptions.UsageError(description: "usage: garden rules import FILE") }
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { throw CommandSupport.Failure(code: Exit.noInput, message: "cannot read \(file)") }
        let session = try Session.open(env, options, access: .create)
        var texts: [String] = []
        var errors: [String] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            do { texts.append(try validate(trimmed, session, file: file, line: index + 1)) } catch {
                errors.append((error as? any GardenFailure)?.description ?? "\(error)")
            }
        }
        // A rule file to import is input given to this command, as the rule of rules add is: bad input, 65.
        guard errors.isEmpty else { throw CommandSupport.Failure(code: Exit.dataError, message: errors.joined(separator: "\ngarden: ") + "\nnothing imported") }
        let known = Set(session.user.rules.all.map { $0.text })
        let duplicates = texts.filter { known.contains($0) }
        texts.removeAll { known.contains($0) }
        if !duplicates.isEmpty { env.stderr.write("garden: skipped \(duplicates.count) rule(s) already present\n") }
        let added = try session.store!.addRules(texts, origin: "imported \(file)")
        if !added.isEmpty { env.committed.note("\(added.count) rule(s) imported") }
        env.stdout.write("imported \(added.count) rule(s): \(added.map(\.ruleID).joined(separator: ", "))\n")
        return Exit.ok
    }
}
