import GardenFoundation
import GardenCatalog
import GardenAnalysis
import GardenEngine
import GardenNames

/// The Receita Federal company registry (`garden registry import`), by any CNPJ the row
/// holds — the counterparty's document, a Pluggy merchant or receiver document, or one printed in the
/// descriptor (`- 47.318.905/0001-22 -`).
///
/// - Merchant: the nome fantasia, else the legal name cleaned of legal suffixes (an MEI's owner CPF
///   is never part of it: the importer keeps it only masked); confidence 0.9.
/// - Category: the main CNAE through `CNAE/categories.tsv` (longest prefix), 0.85, as the `cnae`
///   resolver; a code outside the CNAE 2.3 classes (`8888888`, "não informada") gives merchant
///   evidence only.
/// - Kind: `government` for a natureza jurídica 1xxx (public administration); the catalog brand's
///   kind when the CNPJ root is a brand's; `chain` when the root has at least the registry's chain
///   threshold of active establishments; `local` for an MEI; else the CNAE map's kind unless it is
///   `chain` (the establishment count decides that), else `local`.
/// - A situação cadastral other than ativa (baixada, nula, suspensa, inapta) flags the row for review.
/// - A CNPJ that belongs to a processor (`Rules/processors.tsv` roots) names the intermediary, not the
///   merchant: no proposal, unless the line also prints the merchant's CNPJ (``Counterparty`` takes it).
public struct CNPJRegistryResolver: Resolver {
    public static let description = ResolverDescription(
        id: "cnpj_registry", stage: .match,
        summary: "Receita Federal CNPJ registry: trade name, main CNAE → category (CNAE/categories.tsv) 0.85, kind from legal nature, establishments, MEI.",
        examples: [
            .init(#"{"description":"PIX ENVIADO","counterparty":{"document":"33.683.111/0002-80"},"amount":-50}"#,
                  category: "services.professional", merchant: "Regional Brasilia"),
            .init(#"{"description":"PAG BOLETO - 46.000.000/0001-92 -","amount":-80}"#, category: "taxes.government"),
            .init(#"{"description":"PIX ENVIADO JOAO","counterparty":{"document":"29.000.000/0001-73"},"amount":-50}"#,
                  category: "food.restaurants", merchant: "Joao da Silva"),
            .init(#"{"description":"PIX ENVIADO","counterparty":{"document":"AB.123.456/0001-10"},"amount":-50}"#,
                  category: "shopping.clothing", merchant: "Loja Nova"),
            .init(#"{"description":"PIX ENVIADO","counterparty":{"document":"12.ABC.345/01DE-35"},"amount":-50}"#, category: nil),
            .init(#"{"description":"PADARIA","amount":-5}"#, category: nil),
        ])

    /// What this resolver reads of the shipped knowledge (its views), taken when the pipeline is built.
    /// A class: a row's call reads it through one reference (a struct of tables was copied, each of its buffers
    /// retained and released, for each row).
    final class Views: Sendable {
        /// Processors by CNPJ root (`Rules/processors.tsv`): a processor's CNPJ names no merchant.
        let processorByCNPJRoot: [String: Int]
        /// The CNAE 2.3 map (`CNAE/*.tsv`).
        let cnae: CNAEMap
        /// The brands by index (a counterparty's brand gives the kind).
        let brands: BrandNames
        /// The words a Brazilian display name may not end in, and the legal suffixes (`Rules/legal_suffixes.tsv`).
        let places: Set<String>, legalSuffixes: Set<String>

        init(processorByCNPJRoot: [String: Int], cnae: CNAEMap, brands: BrandNames, places: Set<String>, legalSuffixes: Set<String>) {
            (self.processorByCNPJRoot, self.cnae, self.brands) = (processorByCNPJRoot, cnae, brands)
            (self.places, self.legalSuffixes) = (places, legalSuffixes)
        }
    }
    private var views: Views?

    public init() {}

    public static let reads: [any KnowledgeRead] = [Shipped.processorByCNPJRoot, Shipped.cnae, Shipped.brandNames,
                                                    Shipped.brazilianTrailingWords, Shipped.legalSuffixes]

    public func taking(_ knowledge: KnowledgeViews) -> Self {
        var bound = self
        bound.views = Views(processorByCNPJRoot: knowledge.view(Shipped.processorByCNPJRoot), cnae: knowledge.view(Shipped.cnae),
                            brands: knowledge.view(Shipped.brandNames), places: knowledge.view(Shipped.brazilianTrailingWords),
                            legalSuffixes: knowledge.view(Shipped.legalSuffixes))
        return bound
    }

    public func propose(_ context: ResolutionContext) -> Proposal? {
        // The views lent to the row's call without a retain: this resolver holds them for the call.
        guard context.registry != nil, let views = views.map(Unmanaged.passUnretained) else { return nil }
        return views._withUnsafeGuaranteedRef { propose(context, $0) }
    }

    private func propose(_ context: ResolutionContext, _ views: Views) -> Proposal? {
        guard let registry = context.registry, let cnpj = context.counterparty.cnpj, views.processorByCNPJRoot[cnpj.root] == nil,
              let found = registry.establishment(cnpj) else { return nil }
        let name = Self.name(found, places: views.places, legalSuffixes: views.legalSuffixes)
        let mapping = found.mainCNAE.flatMap { Self.isCNAE23Class($0, views.cnae) ? views.cnae.lookup($0) : nil }
        let kind = Self.kind(found, brand: context.counterparty.brand.map { views.brands[$0] }, mapping: mapping,
                             threshold: registry.chainThreshold)
        let merchant = MerchantCandidate(name: name, kind: kind, confidence: Confidence(perMille: 900))
        let evidence = Evidence(matched: "CNPJ \(cnpj.formatted)", location: registry.sourceName,
                                note: Self.note(found, mapping: mapping, cnae: views.cnae))
        // A company the Receita lists as closed (baixada), null, suspended or unfit is still who it was,
        // but a payment to it is worth a look (an old CNPJ reused on a boleto, a stale registry).
        let reason = found.status.flatMap { $0 == .active ? nil : "the registry lists CNPJ \(cnpj.formatted) as \($0.word)" }
        guard let mapping else { return Proposal(category: nil, confidence: .zero, basis: .registry, merchant: merchant, reviewReason: reason, evidence: evidence) }
        return Proposal(category: mapping.category, confidence: Confidence(perMille: 850), basis: .registry, merchant: merchant, reviewReason: reason, evidence: evidence)
    }

    /// Whether a code's class (first 5 digits) is in the CNAE 2.3 tree: the registry's `8888888`
    /// ("atividade econômica não informada") and mistyped codes give no category.
    static func isCNAE23Class(_ code: String, _ cnae: CNAEMap) -> Bool {
        code.count == 7 && cnae.description(of: String(code.prefix(5))) != nil
    }

    /// The trade name, else the legal name, as a display name without legal suffixes (`LTDA`, `ME`) and
    /// trailing state codes (`places`: ``PlaceList/trailingWords``; `legalSuffixes`: ``Catalog/legalSuffixes``).
    static func name(_ found: RegisteredEstablishment, places: Set<String>, legalSuffixes: Set<String>) -> String? {
        for candidate in [found.tradeName, found.legalName] {
            guard let candidate, !candidate.isEmpty else { continue }
            let text = TokenizedText(candidate)
            let cleaned = DescriptorAnalyzer.displayName(text, 0..<text.tokens.count, places: places, legalSuffixes: legalSuffixes)
            if !cleaned.isEmpty { return CPFScrubber.scrub(cleaned) }
        }
        return nil
    }

    static func kind(_ found: RegisteredEstablishment, brand: Brand?, mapping: CodeMapping?, threshold: Int) -> MerchantKind {
        if found.isPublicAdministration { return .government }
        if let brand { return brand.kind }
        if found.rootActiveEstablishments >= threshold { return .chain }
        if found.isMEI { return .local }
        if let kind = mapping?.kind, kind != .chain { return kind }
        return .local
    }

    /// What the registry said, for `explain`: names, CNAE, legal nature, place, status, establishments.
    static func note(_ found: RegisteredEstablishment, mapping: CodeMapping?, cnae: CNAEMap) -> String {
        var parts: [String] = []
        // Names pass the CPF guard one by one (the importer already masked CPFs in them); the note's codes
        // and counts are not CPFs and would send every note down the scrubber's slow path.
        if let trade = found.tradeName { parts.append("nome fantasia \"\(CPFScrubber.scrub(trade))\"") }
        if let legal = found.legalName { parts.append("razão social \"\(CPFScrubber.scrub(legal))\"") }
        if let mask = found.ownerCPFMask { parts.append("MEI, owner CPF \(mask)") }
        if let code = found.mainCNAE {
            let label = cnae.description(of: code) ?? ""
            let mapped = mapping.map { " → \($0.category) (\($0.source))" } ?? " (not in the CNAE map)"
            parts.append("CNAE \(code) \(label)\(mapped)")
        }
        if let nature = found.legalNature { parts.append("natureza jurídica \(nature)" + (found.legalNatureName.map { " \($0)" } ?? "")) }
        if found.city != nil || found.uf != nil { parts.append([found.city, found.uf].compactMap { $0 }.joined(separator: "/")) }
        if let status = found.status { parts.append(status.word) }
        parts.append("\(found.rootActiveEstablishments) active of \(found.rootEstablishments) establishments of root \(found.cnpj.root)")
        return parts.joined(separator: "; ")
    }
}
