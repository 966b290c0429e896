import Foundation
import GardenFoundation
import GardenCatalog
import GardenEngine
import GardenStore

/// Everything outside a row that decides how `recategorize` would resolve it, as one 64-bit digest, and a row's
/// fingerprint under it (issue 38): `resolve --record` and `recategorize` store the fingerprint of each row they resolve
/// from its stored line (``GardenLedger/LedgerRow/resolvedUnder``), and `recategorize` resolves again only a row whose
/// stored fingerprint is not the one it would give it now.
///
/// The digest covers: the running executable (size, inode, times: a rebuilt garden may resolve differently), the
/// shipped knowledge (``Catalog/fingerprint``: every data file's bytes), the user's rules (id, text, file and line), the
/// store's learned state (``Store/learnedStateDigest()``), the company registry's file (path and stamp) and chain
/// threshold, and how the command resolves and writes: the threshold, whether it computes the merchant identity, the
/// language of the names written and the reader's UTC offset. A change to any of them gives another digest, so every
/// row is resolved again; two commands with the same digest resolve a row's stored line alike.
package struct ResolutionState: Sendable {
    /// The digest of everything above.
    package let digest: UInt64

    /// The state of `session` (its catalog, user knowledge and store) for rows resolved by `pipeline` (the session's by
    /// default), written in `language` and read with a UTC offset of `utcOffsetMinutes`; nil without a store, and nil
    /// when the store's learned generation moved since the session began reading it (a correction committed meanwhile:
    /// the digest, read now, might not be the state the pipeline holds).
    package init?(_ session: Session, _ options: CommandLineOptions, _ env: Environment, pipeline: Pipeline? = nil, language: Language,
                  utcOffsetMinutes: Int) throws {
        let pipeline = pipeline ?? session.pipeline
        guard let store = session.store else { return nil }
        var hasher = FNV1a()
        hasher.combine("garden resolution state 1")
        hasher.combine(Self.stamp("/proc/self/exe"))
        hasher.combine(session.catalog.fingerprint)
        for rule in session.user.rules.all {
            hasher.combine(rule.id)
            hasher.combine(rule.text)
            hasher.combine(rule.source.file)
            hasher.combine(String(rule.source.line))
        }
        hasher.combine(String(try store.learnedStateDigest()))
        let registry = Session.registryPath(options, env)
        hasher.combine(registry)
        hasher.combine(Self.stamp(registry))
        hasher.combine(options.value("--chain-threshold") ?? env.variables["GARDEN_CHAIN_THRESHOLD"] ?? "")
        hasher.combine(String(pipeline.threshold.perMille))
        hasher.combine(pipeline.recordsMerchantKey ? "identity" : "-")
        hasher.combine(language.rawValue)
        hasher.combine(String(utcOffsetMinutes))
        digest = hasher.value
        // The generation only grows (journal entries, undone entries, identities): the same before the session read the
        // store and after the digest, nothing changed in between.
        let now = try store.learnedGeneration()
        guard let opened = session.generationAtOpen, opened == now, (pipeline.learned as? StoreLearnedState)?.generation ?? now == now else {
            return nil
        }
    }

    /// The fingerprint of the row `rowID` whose stored line is `raw`, resolved under this state.
    package func fingerprint(rowID: String, raw: String) -> Int64 {
        var hasher = FNV1a()
        withUnsafeBytes(of: digest.littleEndian) { hasher.combine(bytes: $0) }
        hasher.combine(rowID)
        hasher.combine(raw)
        return Int64(bitPattern: hasher.value)
    }

    /// Size, inode, modification and change times of `path` (nanoseconds), or "-" when it cannot be stat-ed.
    static func stamp(_ path: String) -> String {
        var status = stat()
        guard stat(path, &status) == 0 else { return "-" }
        return "\(status.st_size) \(status.st_ino) \(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec) \(status.st_ctim.tv_sec).\(status.st_ctim.tv_nsec)"
    }
}
