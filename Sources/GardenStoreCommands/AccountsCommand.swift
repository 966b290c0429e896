import GardenFoundation
import GardenStore
import GardenCatalog
import GardenCommandKit

/// `garden accounts`: the holder's accounts as the ledger knows them (issue 36) — name, type, rows, first and last
/// date, and balance (the sum of its rows) in each currency; `garden accounts rename OLD NEW` names an account anew on
/// every row (its rows keep their ids: an account is known by what its file states, ``AccountKey``);
/// `garden accounts type NAME TYPE` sets its type (checking, savings, credit_card, investment: a credit card is money
/// owed, exported under `liabilities`). An unknown name is refused with the closest known ones.
package enum AccountsCommand: Command {
    typealias Group = CommandOption.Group
    package static let name = "accounts"
    package static let arguments = "[rename OLD NEW | type NAME checking|savings|credit_card|investment]"
    package static let summary = "list the accounts (rows, dates, balance); rename one; set its type"
    package static let about = """
    Lists each account: its name, type, rows, first and last date and balance (minor units summed, shown with the currency).
    rename OLD NEW renames it on every row (the rows keep their ids); type NAME TYPE sets its type (a credit_card is exported
    under liabilities).
    """
    package static let options = Group.store + [Group.dataFolder]
    package static let maximumArguments: Int? = 3
    /// Not the whole output: an account name is printed as the ledger keeps it (a CPF or card number in it masked,
    /// ``CPFScrubber/scrubAccountName(_:)``), and its row count and balance never pass a masker that would read them
    /// as an account number after a name such as `Nubank conta` (issue 33).
    package static let masksOutput = false

    package static func run(_ options: CommandLineOptions, _ env: Environment) throws -> Int32 {
        var options = options
        let verb = options.shift()
        switch verb {
        case nil:
            guard let store = try Session.store(env, options, .read) else {
                env.stdout.write(env.words("no store at ", "nenhum banco em ") + ScrubbingOutput.mask(Session.databasePath(options, env)) + "\n")
                return Exit.ok
            }
            let accounts = try store.accounts()
            guard !accounts.isEmpty else {
                env.stdout.write(env.words("no accounts yet: garden import FILE | garden resolve --record records some\n",
                                           "nenhuma conta ainda: garden import ARQUIVO | garden resolve --record registra algumas\n"))
                return Exit.ok
            }
            for account in accounts {
                let name = CPFScrubber.scrubAccountName(account.name)
                let balance = account.balances.map { MoneyDisplay.text($0.minorUnits, currency: $0.currency, language: env.words.language) }.joined(separator: ", ")
                env.stdout.write("\(name)\t\(account.type?.rawValue ?? "-")\t" + env.words.rows(account.rows) + "\t\(account.first ?? "-")…\(account.last ?? "-")\t"
                    + "\(balance.isEmpty ? "-" : balance)\n")
            }
            return Exit.ok
        case "rename":
            guard let typedOld = options.shift(), let typedNew = options.shift() else { throw CommandLineOptions.UsageError(description: "accounts rename needs OLD NEW") }
            try options.rejectPositional("accounts rename")
            guard !typedNew.allSatisfy(\.isWhitespace) else { throw CommandLineOptions.UsageError(description: "the new name is empty") }
            let store = try writable(options, env)
            // Names as the ledger keeps them: a CPF or card number typed in one is never stored or printed in full; the
            // account is found by its number as the user types it (ledger6 item 2), and a new name holding one is kept
            // as the recorder keeps such an account (masked, with the store's identity key).
            let old = try store.accountName(typed: typedOld) ?? CPFScrubber.scrubAccountName(typedOld)
            var key: [UInt8]?
            if AccountName.masked(typedNew, key: nil) != nil { key = try store.identityKey(create: true) }
            let new = AccountName.stored(typedNew, key: key)
            if let refusal = try store.renameAccount(old, to: new) { throw failure(refusal, old, new) }
            env.committed.note("renamed account \(old) to \(new)")
            env.stdout.write(env.words("renamed account \(old) to \(new) on every row\n", "conta \(old) renomeada para \(new) em todas as linhas\n"))
            return Exit.ok
        case "type":
            guard let typed = options.shift(), let text = options.shift() else {
                throw CommandLineOptions.UsageError(description: "accounts type needs NAME and one of \(types)")
            }
            try options.rejectPositional("accounts type")
            guard let type = AccountType(rawValue: text) else {
                throw CommandSupport.Failure(code: Exit.dataError, message: "no account type \"\(text)\": one of \(types)"
                    + ClosestNames.hint(for: text, among: AccountType.allCases.map(\.rawValue)))
            }
            let store = try writable(options, env)
            let account = try store.accountName(typed: typed) ?? CPFScrubber.scrubAccountName(typed)
            if let refusal = try store.setAccountType(account, type) { throw failure(refusal, account, account) }
            env.committed.note("account \(account) is \(type.rawValue)")
            env.stdout.write(env.words("account \(account) is now \(type.rawValue)\(type.isLiability ? " (exported under liabilities)" : "")\n",
                                       "a conta \(account) agora é \(type.rawValue)\(type.isLiability ? " (exportada em liabilities)" : "")\n"))
            return Exit.ok
        case let other?:
            throw CommandLineOptions.UsageError(description: "accounts takes rename or type, got \"\(other)\"")
        }
    }

    static let types = AccountType.allCases.map(\.rawValue).joined(separator: ", ")

    static func writable(_ options: CommandLineOptions, _ env: Environment) throws -> Store {
        guard let store = try Session.store(env, options, .write) else {
            throw CommandSupport.Failure(code: Exit.noInput, message: "no store at \(Session.databasePath(options, env))")
        }
        return store
    }

    static func failure(_ refusal: Store.AccountRefusal, _ name: String, _ new: String) -> CommandSupport.Failure {
        switch refusal {
        case .unknown(let names):
            return CommandSupport.Failure(code: Exit.dataError, message: "no account \"\(name)\"" + ClosestNames.hint(for: name, among: names)
                + " (garden accounts lists them)")
        case .nameTaken:
            return CommandSupport.Failure(code: Exit.dataError, message: "another account is called \"\(new)\" already: give another name")
        }
    }
}
