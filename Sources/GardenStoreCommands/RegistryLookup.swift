import GardenFoundation
import GardenCatalog
import GardenEngine
import GardenStore
import GardenCommandKit

/// `garden registry lookup CNPJ`: the registry's record for one CNPJ and how `resolve` reads it.
enum RegistryLookup {
    /// Exit: 0 found, 65 not a valid CNPJ or not in the registry, 66 no registry.
    static func run(_ text: String, _ options: CommandLineOptions, _ env: Environment) throws -> Int32 {
        guard let cnpj = CNPJ(text) else { throw CommandSupport.Failure(code: Exit.dataError, message: invalid(text)) }
        let path = Session.registryPath(options, env)
        guard let reader = try Session.openRegistry(options, env) else {
            throw CommandSupport.Failure(code: Exit.noInput, message: "no registry at \(path); import one with garden registry import")
        }
        guard let found = reader.establishment(cnpj) else {
            throw CommandSupport.Failure(code: Exit.dataError, message: "CNPJ \(cnpj.formatted) is not in the registry \(path)")
        }
        let session = try Session.open(env, options, access: .read)
        env.stdout.write(describe(found, session.catalog))
        let (_, transaction) = try Session.transaction(#"{"description":"","counterparty":{"document":"\#(cnpj.value)"}}"#)
        let resolution = session.pipeline.resolve(transaction)
        env.stdout.write("resolve reads  merchant \"\(resolution.merchant.name ?? "")\" (\(resolution.merchant.kind.rawValue)), "
            + "category \(resolution.category) from \(resolution.categorySourceName)\n")
        return Exit.ok
    }

    /// Why `text` is not a CNPJ, quoting it escaped and with any CPF in it masked (a person's number
    /// typed by mistake is never echoed in full).
    static func invalid(_ text: String) -> String {
        let shown = String(reflecting: CPFScrubber.scrub(text))
        let allowed = Set(".-/ ".unicodeScalars)
        let characters = text.unicodeScalars.filter { !allowed.contains($0) }
        let reason: String
        if characters.contains(where: { !(("0"..."9").contains($0) || ("A"..."Z").contains($0) || ("a"..."z").contains($0)) }) {
            reason = "a CNPJ holds only digits and letters (punctuation . / - allowed)"
        } else if characters.count == 11 && characters.allSatisfy({ ("0"..."9").contains($0) }) {
            reason = "11 digits are a CPF (a person), not a CNPJ: a CNPJ has 14 characters"
        } else if characters.count != 14 {
            reason = "it has \(characters.count) characters; a CNPJ has 14"
        } else {
            reason = "the check digits (last two) do not match"
        }
        return "\(shown) is not a valid CNPJ: \(reason)"
    }

    static func describe(_ e: RegisteredEstablishment, _ catalog: Catalog) -> String {
        func cnae(_ code: String) -> String { code + (catalog.cnae.description(of: code).map { " \($0)" } ?? "") }
        var out = "CNPJ           \(e.cnpj.formatted)\n"
        if let trade = e.tradeName { out += "trade name     \(trade)\n" }
        if let legal = e.legalName { out += "legal name     \(legal)\n" }
        if let mask = e.ownerCPFMask { out += "MEI owner CPF  \(mask)\n" }
        if let nature = e.legalNature { out += "legal nature   \(nature)" + (e.legalNatureName.map { " \($0)" } ?? "") + (e.isPublicAdministration ? " (public administration)" : "") + "\n" }
        if let main = e.mainCNAE { out += "main CNAE      \(cnae(main))\n" }
        for code in e.secondaryCNAEs { out += "secondary CNAE \(cnae(code))\n" }
        if e.city != nil || e.uf != nil { out += "city           \([e.city, e.uf].compactMap { $0 }.joined(separator: "/"))\n" }
        if let status = e.status { out += "status         \(status.word)\n" }
        out += "establishments \(e.rootEstablishments) of root \(e.cnpj.root), \(e.rootActiveEstablishments) active\n"
        return out
    }
}
