extension Store {
    /// Removes the holder's identities that match every value given (a name or account as stored, a
    /// document by its HMAC), or with `allDocuments` forgets every stored document (its HMAC and mask; what
    /// to do when the identity key is lost), keeping names and accounts. Journaled as one entry `me`, which
    /// `undo` reverts exactly.
    /// - Returns: the identities removed or changed (nothing written when none matched).
    /// - Throws: ``StoreFailure/invalid(_:)`` for a document that is neither a CPF nor a CNPJ; the identity
    ///   key's refusal when a document is given and the key is missing; ``StoreError``.
    public func removeIdentities(name: String? = nil, document: String? = nil, account: String? = nil, allDocuments: Bool = false) throws -> [Identity] {
        var hmac: String?
        if let document {
            guard let visible = IdentityKey.visibleDigits(document) else {
                throw StoreFailure.invalid("\"\(document)\" is neither a CPF (11 digits) nor a valid CNPJ")
            }
            hmac = IdentityKey.hmac(visible, key: try identityKey(create: false))
        }
        return try db.transaction {
            let rows = try db.prepare("SELECT id, name, document_hmac, document_mask, account FROM me ORDER BY id").all {
                (id: $0.int(0), identity: Identity(name: $0.text(1), documentHMAC: $0.text(2), documentMask: $0.text(3), account: $0.text(4)))
            }
            let matched = rows.filter { row in
                if allDocuments { return row.identity.documentHMAC != nil }
                return (name.map { $0 == row.identity.name } ?? true) && (hmac.map { $0 == row.identity.documentHMAC } ?? true)
                    && (account.map { $0 == row.identity.account } ?? true)
            }
            guard !matched.isEmpty else { return [] }
            let summary = allDocuments ? "me remove every document (\(matched.count))" : "me remove " + matched.map(\.identity.summary).joined(separator: "; ")
            let journal = try beginJournal(kind: "me", summary: summary)
            for row in matched {
                let i = row.identity
                try journal.remember(.accountHolder(id: row.id), before: Self.image([("name", Self.value(i.name)), ("document_hmac", Self.value(i.documentHMAC)),
                                                                                    ("document_mask", Self.value(i.documentMask)), ("account", Self.value(i.account))]))
                let keepsName = i.name != nil || i.account != nil
                if allDocuments && keepsName {
                    try db.prepare("UPDATE me SET document_hmac = NULL, document_mask = NULL WHERE id = ?1").bind(.integer(row.id)).run()
                } else {
                    try db.prepare("DELETE FROM me WHERE id = ?1").bind(.integer(row.id)).run()
                }
            }
            return matched.map(\.identity)
        }
    }
}
