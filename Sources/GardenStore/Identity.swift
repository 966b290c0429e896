import Foundation
import GardenFoundation
import GardenCodecs
#if canImport(Glibc)
import Glibc
import GardenSQLite
#endif

/// Who "me" is: the holder's names, documents and accounts. Documents are kept only as HMAC-SHA256 of
/// their visible digits under a key in a 0600 file beside the database, plus their mask.
public struct Identity: Sendable, Equatable {
    public var name: String?
    public var documentHMAC: String?
    public var documentMask: String?
    public var account: String?

    /// What the identity holds, masked (`name "Ana", document •••.482.613-••, account "Nubank"`): the
    /// journal's summary and `me add`'s answer.
    public var summary: String {
        var parts: [String] = []
        if let name { parts.append("name \"\(name)\"") }
        if let documentMask { parts.append("document \(documentMask)") }
        if let account { parts.append("account \"\(account)\"") }
        return parts.joined(separator: ", ")
    }
}

/// The secret key of the identity HMACs: 32 random bytes in `<db>.key`, mode 0600 from its creation,
/// made on first use. A key file of another size is damaged: garden refuses it rather than replace it
/// (a new key would no longer recognise the holder's documents).
public enum IdentityKey {
    /// The key file of the store at `databasePath`: beside the database file itself, so a store reached through a
    /// symbolic link has one key whichever path names it (`<real path>.key`; the path as given when nothing is there yet).
    public static func path(databasePath: String) -> String {
        URL(fileURLWithPath: databasePath).resolvingSymlinksInPath().path + ".key"
    }

    /// The key's bytes as they are on disk, beside the database file or, from an older garden, beside a link to it;
    /// nil when neither file exists. What a copy of the store (`garden snapshot`) and the store's fingerprint read.
    public static func stored(databasePath: String) -> [UInt8]? {
        (FileManager.default.contents(atPath: path(databasePath: databasePath))
            ?? FileManager.default.contents(atPath: databasePath + ".key")).map { Array($0) }
    }

    /// Reads the key; with `create`, makes it when the file does not exist. A key an older garden kept beside a link
    /// to the store (`<link>.key`) is carried beside the store the first time (the link's copy is left as it was).
    /// - Throws: ``StoreRefusal/refused(_:)`` when the file is damaged, or missing while `create` is
    ///   false; ``StoreFailure/io(_:)`` when it cannot be written.
    public static func load(databasePath: String, create: Bool = true) throws -> [UInt8] {
        let path = path(databasePath: databasePath)
        if path != databasePath + ".key", !FileManager.default.fileExists(atPath: path),
           let beside = FileManager.default.contents(atPath: databasePath + ".key"), beside.count == 32 {
            return try write(Array(beside), to: path)
        }
        if let data = FileManager.default.contents(atPath: path) {
            guard data.count == 32 else {
                throw StoreRefusal.refused("the identity key \(path) is damaged (\(data.count) bytes, 32 expected); restore it from a "
                    + "backup, or remove it and add your documents again with garden me add")
            }
            return Array(data)
        }
        guard create else {
            throw StoreRefusal.refused("the identity key \(path) is missing (a store copied without it?): the holder's documents "
                + "in garden me list were kept with it, and garden cannot recognise them without it; put the key back beside the "
                + "store (copy it from where the store came from, or from a backup): garden records no rows resolved without it "
                + "and adds no document under a new key; its other commands still work, without recognising them")
        }
        guard let random = FileHandle(forReadingAtPath: "/dev/urandom") else {
            throw StoreFailure.io("cannot read /dev/urandom for the identity key")
        }
        let key = Array(random.readData(ofLength: 32))
        random.closeFile()
        guard key.count == 32 else { throw StoreFailure.io("cannot read /dev/urandom for the identity key") }
        return try write(key, to: path)
    }

    /// Writes the key to a new file made with mode 0600 (never readable by others, whatever the
    /// umask), then links it into place; when another process made the key first, that key is used.
    static func write(_ key: [UInt8], to path: String) throws -> [UInt8] {
        let temporary = path + ".\(getpid()).\(UInt64.random(in: 0...UInt64.max)).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw StoreFailure.io("cannot write the identity key \(path): \(String(cString: strerror(errno)))") }
        defer { unlink(temporary) }
        let written = key.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, 32) }
        let synced = fsync(fd) == 0
        close(fd)
        guard written == 32, synced else { throw StoreFailure.io("cannot write the identity key \(path)") }
        if link(temporary, path) == 0 { return key }
        guard errno == EEXIST else { throw StoreFailure.io("cannot write the identity key \(path): \(String(cString: strerror(errno)))") }
        return try load(databasePath: String(path.dropLast(4)), create: false)
    }

    /// The digits a masked document shows: a CPF's middle six (`•••.482.613-••` → 482613), a CNPJ whole.
    public static func visibleDigits(_ document: String) -> String? {
        let upper = document.uppercased()
        if let cnpj = CNPJ(upper) { return cnpj.value }
        guard let mask = CPF.mask(document) else { return nil }
        let digits = mask.unicodeScalars.filter { ("0"..."9").contains($0) }
        return String(String.UnicodeScalarView(digits))
    }

    public static func hmac(_ visible: String, key: [UInt8]) -> String {
        SHA256.hex(SHA256.hmac(key: key, message: Array(visible.utf8)))
    }
}

extension Store {
    /// Adds an identity of the holder, journaled (one entry `me`, which `undo` reverts), after checking
    /// under the write lock that it is new.
    /// - Returns: the identity added, or nil when the same name, document and account are already known
    ///   (nothing written).
    /// - Throws: ``StoreFailure/invalid(_:)`` when the document is neither a CPF nor a CNPJ; ``StoreError``
    ///   when SQLite fails.
    public func addIdentity(name: String?, document: String?, account: String?) throws -> Identity? {
        var hmac: String?
        var mask: String?
        if let document {
            guard let visible = IdentityKey.visibleDigits(document) else {
                throw StoreFailure.invalid("\"\(document)\" is neither a CPF (11 digits) nor a valid CNPJ")
            }
            // A new key only for the first document: made beside documents kept with a lost key, it would
            // never recognise them.
            let firstDocument = try identities().allSatisfy { $0.documentHMAC == nil }
            hmac = IdentityKey.hmac(visible, key: try identityKey(create: firstDocument))
            mask = CNPJ(document.uppercased()).map { String($0.formatted.prefix(10)) + "****-**" } ?? CPF.mask(document)
        }
        let identity = Identity(name: name, documentHMAC: hmac, documentMask: mask, account: account)
        var added = false
        try db.transaction {
            // Checked before inserting, under the write lock: an identity already known adds nothing.
            guard try !identities().contains(identity) else { return }
            let journal = try beginJournal(kind: "me", summary: "me add " + identity.summary)
            let insert = try db.prepare("INSERT INTO me(name, document_hmac, document_mask, account) VALUES (?1, ?2, ?3, ?4)")
            try insert.bind(Self.value(name), Self.value(hmac), Self.value(mask), Self.value(account))
            try insert.run()
            try journal.remember(.accountHolder(id: db.lastInsertRowID), before: nil)
            added = true
        }
        return added ? identity : nil
    }

    public func identities() throws -> [Identity] {
        let statement = try db.prepare("SELECT name, document_hmac, document_mask, account FROM me ORDER BY id")
        return try statement.all { Identity(name: $0.text(0), documentHMAC: $0.text(1), documentMask: $0.text(2), account: $0.text(3)) }
    }
}
