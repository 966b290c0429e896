import Foundation
import GardenCore

/// Who "me" is: the holder's names, documents and accounts. Documents are kept only as HMAC-SHA256 of
/// their visible digits under a key in a 0600 file beside the database, plus their mask.
public struct Identity: Sendable, Equatable {
    public var name: String?
    public var documentHMAC: String?
    public var documentMask: String?
    public var account: String?
}

/// The secret key of the identity HMACs: 32 random bytes in `<db>.key`, mode 0600, made on first use.
public enum IdentityKey {
    public static func load(databasePath: String) throws -> [UInt8] {
        let path = databasePath + ".key"
        if let data = FileManager.default.contents(atPath: path), data.count == 32 { return Array(data) }
        guard let random = FileHandle(forReadingAtPath: "/dev/urandom") else {
            throw StoreError(resultCode: -1, message: "cannot read /dev/urandom for the identity key")
        }
        let key = Array(random.readData(ofLength: 32))
        random.closeFile()
        guard key.count == 32, FileManager.default.createFile(atPath: path, contents: Data(key), attributes: [.posixPermissions: 0o600]) else {
            throw StoreError(resultCode: -1, message: "cannot write the identity key \(path)")
        }
        return key
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
    /// Adds an identity of the holder (journaled like a rules change).
    public func addIdentity(name: String?, document: String?, account: String?) throws -> Identity {
        var hmac: String?
        var mask: String?
        if let document {
            guard let visible = IdentityKey.visibleDigits(document) else {
                throw StoreError(resultCode: -1, message: "\"\(document)\" is neither a CPF (11 digits) nor a valid CNPJ")
            }
            hmac = IdentityKey.hmac(visible, key: try IdentityKey.load(databasePath: path))
            mask = CNPJ(document.uppercased()).map { String($0.formatted.prefix(10)) + "****-**" } ?? CPF.mask(document)
        }
        try db.transaction {
            let insert = try db.prepare("INSERT INTO me(name, document_hmac, document_mask, account) VALUES (?1, ?2, ?3, ?4)")
            try insert.bind(Self.value(name), Self.value(hmac), Self.value(mask), Self.value(account))
            try insert.run()
        }
        return Identity(name: name, documentHMAC: hmac, documentMask: mask, account: account)
    }

    public func identities() throws -> [Identity] {
        let statement = try db.prepare("SELECT name, document_hmac, document_mask, account FROM me ORDER BY id")
        return try statement.all { Identity(name: $0.text(0), documentHMAC: $0.text(1), documentMask: $0.text(2), account: $0.text(3)) }
    }
}
