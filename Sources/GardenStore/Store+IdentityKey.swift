import GardenCodecs
import GardenSQLite

/// The store knows which identity key it was used with (hostile10 F20): a keyed fingerprint of the key — HMAC-SHA256 under
/// the key of a fixed text, ``Store/identityKeyFingerprintMessage`` — is kept in `settings` (never the key itself, from
/// which it cannot be made back). Another store's key put beside it (a backup restored from the wrong folder) gives
/// another fingerprint, and is then treated as a missing key: nothing is recorded resolved with it (the holder's own Pix
/// would be "uncategorized" instead of `transfer.own`) and no document is added under it (``IdentityKey``'s refusal,
/// exit 78), so the store never holds documents hashed under two keys.
extension Store {
    /// The `settings` name of the identity key's fingerprint (64 hex digits).
    public static let identityKeyFingerprintSetting = "identity_key_fingerprint"

    /// The text whose HMAC under the key is its fingerprint: never a document or anything of the holder's.
    static let identityKeyFingerprintMessage = Array("garden identity key fingerprint 1".utf8)

    /// How the key beside the store stands with the store.
    public enum IdentityKeyStanding: Sendable, Equatable {
        /// The store's own key (its fingerprint is the recorded one).
        case own([UInt8])
        /// A key the store has recorded no fingerprint of (a store older than the fingerprint, or no key used yet).
        case unrecorded([UInt8])
        /// A key whose fingerprint is not the store's: another store's.
        case foreign
        /// No key beside the store.
        case missing
    }

    /// The fingerprint of `key` as the store keeps it: HMAC-SHA256(key, ``identityKeyFingerprintMessage``) in hex.
    public static func identityKeyFingerprint(_ key: [UInt8]) -> String {
        SHA256.hex(SHA256.hmac(key: key, message: identityKeyFingerprintMessage))
    }

    /// The fingerprint recorded in `settings`, or nil (none yet, or a store without a `settings` table).
    public func recordedIdentityKeyFingerprint() throws -> String? {
        guard try tableExists("settings") else { return nil }
        let statement = try db.prepare("SELECT value FROM settings WHERE name = ?1")
        try statement.bind(.text(Self.identityKeyFingerprintSetting))
        defer { statement.reset() }
        return try statement.step() ? statement.text(0) : nil
    }

    /// Reads the key beside the store (never making one) and compares it with the recorded fingerprint; writes nothing.
    /// - Throws: ``StoreRefusal/refused(_:)`` for a damaged key file; ``StoreError``.
    public func identityKeyStanding() throws -> IdentityKeyStanding {
        guard IdentityKey.stored(databasePath: path) != nil else { return .missing }
        let key = try IdentityKey.load(databasePath: path, create: false)
        guard let recorded = try recordedIdentityKeyFingerprint() else { return .unrecorded(key) }
        return recorded == Self.identityKeyFingerprint(key) ? .own(key) : .foreign
    }

    /// The store's identity key, for a command that hashes a document with it or records rows resolved with it: the key
    /// beside the store, made when `create` and there is none (``IdentityKey/load(databasePath:create:)``). Its
    /// fingerprint is recorded on first use, inside a transaction (a store opened to read records nothing); a store that
    /// has one refuses any other key.
    /// - Throws: ``StoreRefusal/refused(_:)`` for another store's key (``foreignKeyRefusal(_:)``, exit 78, as for a
    ///   missing key), a missing key when `create` is false, or a damaged one; ``StoreFailure/io(_:)``; ``StoreError``.
    public func identityKey(create: Bool) throws -> [UInt8] {
        let recorded = try recordedIdentityKeyFingerprint()
        let absent = IdentityKey.stored(databasePath: path) == nil
        if absent, recorded != nil, create, try hasDocuments() {
            // The key these documents were hashed with is lost: a new one would never recognise them.
            return try IdentityKey.load(databasePath: path, create: false)
        }
        let key = try IdentityKey.load(databasePath: path, create: create)
        let fingerprint = Self.identityKeyFingerprint(key)
        if let recorded {
            guard recorded == fingerprint else {
                // A key made just now because none was there (as garden makes one for a store without documents) replaces
                // a fingerprint no document depends on; a key found beside the store is never taken for the store's own.
                if absent, try !hasDocuments(), try replaceFingerprint(of: recorded, with: fingerprint) { return key }
                throw Self.foreignKeyRefusal(IdentityKey.path(databasePath: path))
            }
            return key
        }
        guard !db.readOnly, try tableExists("settings") else { return key }
        let kept: String? = try writing {
            try run("INSERT OR IGNORE INTO settings(name, value) VALUES (?1, ?2)", .text(Self.identityKeyFingerprintSetting), .text(fingerprint))
            return try recordedIdentityKeyFingerprint()
        }
        // Another process recorded its key's first: the one kept decides.
        guard kept == nil || kept == fingerprint else { throw Self.foreignKeyRefusal(IdentityKey.path(databasePath: path)) }
        return key
    }

    /// Runs `body` in a transaction of its own, or in the one already open on the store's connection (a caller that
    /// asks for the key inside its own write).
    private func writing<T>(_ body: () throws -> T) throws -> T {
        db.isInTransaction ? try body() : try db.transaction(body)
    }

    /// Whether the holder's identities hold a document (hashed with the key).
    func hasDocuments() throws -> Bool {
        try identities().contains { $0.documentHMAC != nil }
    }

    /// Replaces the recorded fingerprint `old` by `new` in one transaction, unless another process changed it meanwhile.
    private func replaceFingerprint(of old: String, with new: String) throws -> Bool {
        guard !db.readOnly else { return false }
        return try writing {
            guard try recordedIdentityKeyFingerprint() == old, try !hasDocuments() else { return false }
            try run("UPDATE settings SET value = ?2 WHERE name = ?1", .text(Self.identityKeyFingerprintSetting), .text(new))
            return true
        }
    }

    /// The refusal for another store's key beside the store: the missing key's message (``IdentityKey``), with its cause.
    public static func foreignKeyRefusal(_ keyPath: String) -> StoreRefusal {
        .refused("the identity key \(keyPath) is not this store's (another store's key, restored from the wrong folder?): the "
            + "holder's documents in garden me list were kept with the store's own key, and garden cannot recognise them without "
            + "it; put that key back beside the store (copy it from where the store came from, or from a backup): garden records "
            + "no rows resolved without it and adds no document under another key; its other commands still work, without "
            + "recognising them")
    }
}
