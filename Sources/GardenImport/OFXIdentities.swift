import GardenImportKit
/// The rows of an OFX file waiting for their ids (``OFXImporter/idWindow``): a row takes its id when it
/// leaves, once the rows after it that may share its `FITID` have been read. Of the rows sharing a `FITID`
/// (in one account), the one with the smallest amount, then the smallest content hash, keeps the bare id;
/// the others, and any row whose `FITID` already went bare, take the content-hash form (``RowIdentifier``).
/// The smallest, because the exports that share FITIDs print the small line first (Nubank's IOF before its
/// purchase, in ../shared/import-samples), so the ids garden gave such files before stay the same.
struct OFXIdentities {
    private struct Waiting {
        var row: ImportedRow
        var account: String?
        var native: String?
        var rank: (magnitude: UInt64, hash: String)
    }

    private var identifier = RowIdentifier(source: "ofx")
    private var waiting: [Waiting] = []
    private var head = 0
    /// How many waiting rows have each account and `FITID`.
    private var sharing: [String: Int] = [:]

    var count: Int { waiting.count - head }

    mutating func append(_ row: ImportedRow, account: String?, native: String?) {
        let magnitude = row.amount?.minorUnits.magnitude ?? 0
        waiting.append(Waiting(row: row, account: account, native: native, rank: (magnitude, RowIdentifier.contentHash(row))))
        if let key = Self.key(account, native) { sharing[key, default: 0] += 1 }
    }

    /// The oldest waiting row, with its id.
    mutating func removeFirst() -> ImportedRow {
        var next = waiting[head]
        head += 1
        var bare = true
        if let key = Self.key(next.account, next.native) {
            if sharing[key, default: 0] > 1 {
                // Another waiting row shares the FITID: the bare id goes to the first-ranked of them.
                bare = !waiting[head...].contains { $0.native == next.native && $0.account == next.account && Self.ranksBefore($0.rank, next.rank) }
            }
            sharing[key, default: 1] -= 1
            if sharing[key] == 0 { sharing[key] = nil }
        }
        next.row.id = identifier.id(for: next.row, account: next.account, native: next.native, bare: bare)
        if head >= 4096, head * 2 >= waiting.count {
            waiting.removeFirst(head)
            head = 0
        }
        return next.row
    }

    /// Smaller amounts first, then smaller content hashes; equal rows rank alike (either may go first).
    private static func ranksBefore(_ a: (magnitude: UInt64, hash: String), _ b: (magnitude: UInt64, hash: String)) -> Bool {
        a.magnitude != b.magnitude ? a.magnitude < b.magnitude : a.hash < b.hash
    }

    private static func key(_ account: String?, _ native: String?) -> String? {
        guard let native, !native.isEmpty else { return nil }
        return (account ?? "") + "\u{1F}" + native
    }
}
