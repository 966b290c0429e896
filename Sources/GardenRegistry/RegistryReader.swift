import Foundation
import GardenFoundation
import GardenEngine
import GardenStore
import GardenSQLite

/// The registry as resolvers read it (``CompanyRegistry``): one read-only connection behind a lock
/// (rows are resolved on several threads) and a bounded cache, since a statement repeats its payees.
public final class RegistryReader: CompanyRegistry, @unchecked Sendable {
    let db: Database
    let lock = NSLock()
    let establishmentQuery: Statement
    let companyQuery: Statement
    let countQuery: Statement
    var cache: [String: RegisteredEstablishment?] = [:]
    /// Establishments (all, active) per root: a chain's hundreds of CNPJs count their root once.
    var rootCounts: [String: (all: Int, active: Int)] = [:]
    static let cacheLimit = 50_000
    public let chainThreshold: Int
    public let sourceName: String

    /// Opens the registry at `path` read-only; `immutable` (for `resolve --read-only`) as ``Database`` does.
    /// - Parameter chainThreshold: active establishments of one root that make a chain (default 10).
    /// - Throws: ``RegistryError/notARegistry(_:)`` when the file is not a registry, ``StoreError`` when
    ///   SQLite cannot read it.
    public init(path: String, chainThreshold: Int = 10, immutable: Bool = false) throws {
        try Registry.requireRegistry(path, immutable: immutable)
        db = try Database(path: path, readOnly: true, immutable: immutable)
        establishmentQuery = try db.prepare("""
            SELECT e.trade_name, e.status, e.main_cnae, e.secondary_cnae, coalesce(m.name, e.municipality), e.uf
            FROM establishment e LEFT JOIN municipality m ON m.code = e.municipality WHERE e.cnpj = ?1
            """)
        companyQuery = try db.prepare("""
            SELECT c.legal_name, c.owner_cpf_mask, c.legal_nature, n.description
            FROM company c LEFT JOIN legal_nature n ON n.code = c.legal_nature WHERE c.root = ?1
            """)
        countQuery = try db.prepare("SELECT COUNT(*), TOTAL(status = 2) FROM establishment WHERE cnpj > ?1 AND cnpj < ?2")
        self.chainThreshold = chainThreshold
        sourceName = "registry \(path)"
    }

    /// Opens the registry only when its file exists.
    public static func openIfPresent(path: String, chainThreshold: Int = 10, immutable: Bool = false) throws -> RegistryReader? {
        FileManager.default.fileExists(atPath: path) ? try RegistryReader(path: path, chainThreshold: chainThreshold, immutable: immutable) : nil
    }

    public func establishment(_ cnpj: CNPJ) -> RegisteredEstablishment? {
        lock.lock()
        defer { lock.unlock() }
        if let cached = cache[cnpj.value] { return cached }
        let found = try? read(cnpj)
        if cache.count >= Self.cacheLimit {
            cache.removeAll(keepingCapacity: true)
            rootCounts.removeAll(keepingCapacity: true)
        }
        cache[cnpj.value] = .some(found ?? nil)
        return found ?? nil
    }

    /// The establishment row, its company and the root's counts; a company without an establishment
    /// row (only Empresas imported) still answers, with no establishments.
    func read(_ cnpj: CNPJ) throws -> RegisteredEstablishment? {
        var found = RegisteredEstablishment(cnpj: cnpj, rootEstablishments: 0, rootActiveEstablishments: 0)
        try establishmentQuery.bind(.text(cnpj.value))
        let hasEstablishment = try establishmentQuery.step()
        if hasEstablishment {
            let q = establishmentQuery
            found.tradeName = q.text(0)
            found.status = q.isNull(1) ? nil : RegisteredEstablishment.Status(rawValue: Int(q.int(1)))
            found.mainCNAE = q.isNull(2) ? nil : Self.cnae(q.int(2))
            found.secondaryCNAEs = (q.text(3) ?? "").split(separator: ",").compactMap { Int64($0).map(Self.cnae) }
            found.city = q.text(4)
            found.uf = q.text(5)
        }
        establishmentQuery.reset()
        try companyQuery.bind(.text(cnpj.root))
        let hasCompany = try companyQuery.step()
        if hasCompany {
            found.legalName = companyQuery.text(0)
            found.ownerCPFMask = companyQuery.text(1)
            found.legalNature = companyQuery.isNull(2) ? nil : Int(companyQuery.int(2))
            found.legalNatureName = companyQuery.text(3)
        }
        companyQuery.reset()
        guard hasEstablishment || hasCompany else { return nil }
        let counts = try rootCounts[cnpj.root] ?? countRoot(cnpj.root)
        rootCounts[cnpj.root] = counts
        (found.rootEstablishments, found.rootActiveEstablishments) = counts
        return found
    }

    /// Establishments of a root, all and active (situação 2), from a range of the CNPJ index.
    func countRoot(_ root: String) throws -> (all: Int, active: Int) {
        try countQuery.bind(.text(root), .text(root + "["))
        defer { countQuery.reset() }
        guard try countQuery.step() else { return (0, 0) }
        return (Int(countQuery.int(0)), Int(countQuery.int(1)))
    }

    /// A CNAE code stored as an integer, back to its 7 digits.
    static func cnae(_ value: Int64) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, 7 - digits.count)) + digits
    }
}
