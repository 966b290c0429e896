import GardenStore

/// `garden me add --name NAME --document CPF|CNPJ --account ACCOUNT`: the holder's own names, documents
/// (kept only as an HMAC-SHA256 under a key in a 0600 file, plus the mask) and accounts, so a Pix or TED
/// to or from them is `transfer.own`. `garden me list` shows them (masked).
enum MeCommand {
    static func run(_ arguments: [String], _ env: Environment) -> Int32 {
        CommandSupport.run(env) {
            guard let verb = arguments.first, ["add", "list"].contains(verb) else {
                throw CommandLineOptions.UsageError(description: "usage: garden me add [--name NAME] [--document CPF|CNPJ] [--account ACCOUNT] | garden me list")
            }
            let options = try CommandLineOptions(Array(arguments.dropFirst()), valued: ["--name", "--document", "--account", "--db"], flags: [])
            let store = try Store(path: Session.databasePath(options, env))
            if verb == "list" {
                for identity in try store.identities() {
                    env.stdout.write("\(identity.name ?? "-")\t\(identity.documentMask ?? "-")\t\(identity.account ?? "-")\n")
                }
                return Exit.ok
            }
            guard options.value("--name") != nil || options.value("--document") != nil || options.value("--account") != nil else {
                throw CommandLineOptions.UsageError(description: "give at least one of --name, --document, --account")
            }
            let identity = try store.addIdentity(name: options.value("--name"), document: options.value("--document"), account: options.value("--account"))
            env.stdout.write("added: \(identity.name ?? "-") \(identity.documentMask ?? "") \(identity.account ?? "")\n")
            return Exit.ok
        }
    }
}
