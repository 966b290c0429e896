import Foundation

extension IdentityKey {
    /// Reads the identity key `<db>.key` of an immutable store without ever creating it (``load(databasePath:)``
    /// creates it on first use).
    /// - Throws: ``StoreRefusal/unusable(_:_:)`` when the file is missing or is not 32 bytes.
    public static func read(databasePath: String) throws -> [UInt8] {
        let path = databasePath + ".key"
        guard let data = FileManager.default.contents(atPath: path) else {
            throw StoreRefusal.unusable(databasePath, "its identities need the key file \(path); ship it beside the store")
        }
        guard data.count == 32 else {
            throw StoreRefusal.unusable(databasePath, "the key file \(path) has \(data.count) bytes, not 32")
        }
        return Array(data)
    }
}
