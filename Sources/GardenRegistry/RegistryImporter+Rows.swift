import GardenFoundation
import GardenStore
import GardenSQLite

/// One line of each table into its statement (columns as in ``RegistrySchema``).
extension RegistryImporter {
    func write(_ r: ReceitaRecord, _ table: ReceitaTable, _ s: Statement) throws {
        switch table {
        case .establishments: try establishment(r, s)
        case .companies: try company(r, s)
        default:
            guard let code = try r.integer(0) else { throw ReceitaRecord.FieldError(index: 0, message: "empty code") }
            try s.bindInteger(1, code)
            try text.withUTF8(r.field(1)) { try s.bindText(2, $0) }
            try s.runBound()
        }
    }

    /// Estabelecimentos: CNPJ (columns 1–3, check digits verified), nome fantasia (5), situação (6), CNAE
    /// principal (12) and secundárias (13), UF (20), município (21).
    func establishment(_ r: ReceitaRecord, _ s: Statement) throws {
        try cnpjKey(r, parts: [(0, 8), (1, 4), (2, 2)])
        guard CNPJ.isValid(key) else {
            throw ReceitaRecord.FieldError(index: 2, message: "check digits do not match the CNPJ \(String(decoding: key, as: UTF8.self))")
        }
        try key.withUnsafeBufferPointer { try s.bindText(1, $0) }
        try text.withUTF8(r.field(4)) { name in try Self.withoutCPF(name) { try s.bindText(2, $0) } }
        try s.bindInteger(3, try r.integer(5))
        try s.bindInteger(4, try r.integer(11))
        try text.withUTF8(r.field(12)) { try s.bindText(5, $0) }
        try s.bindInteger(6, try r.integer(20))
        try text.withUTF8(r.field(19)) { try s.bindText(7, $0) }
        try s.runBound()
    }

    /// Empresas: root (1), razão social (2) — an MEI's owner CPF kept only masked (``ReceitaCPF``) —,
    /// natureza jurídica (3).
    func company(_ r: ReceitaRecord, _ s: Statement) throws {
        try cnpjKey(r, parts: [(0, 8)])
        try key.withUnsafeBufferPointer { try s.bindText(1, UnsafeBufferPointer(rebasing: $0[0..<8])) }
        try text.withUTF8(r.field(1)) { name in
            guard !name.isEmpty else { throw ReceitaRecord.FieldError(index: 1, message: "empty legal name") }
            guard let split = ReceitaCPF.split(name) else {
                try s.bindText(2, name)
                return try s.bindInteger(3, nil)
            }
            try split.name.withUnsafeBufferPointer { try s.bindText(2, $0) }
            if let mask = split.ownerMask {
                try Array(mask.utf8).withUnsafeBufferPointer { try s.bindText(3, $0) }
            } else {
                try s.bindInteger(3, nil)
            }
        }
        try s.bindInteger(4, try r.integer(2))
        try s.runBound()
    }

    /// Copies the CNPJ parts into ``key`` (upper case), checking lengths and characters (digits and
    /// letters; the check digits are digits).
    func cnpjKey(_ r: ReceitaRecord, parts: [(index: Int, length: Int)]) throws {
        var at = 0
        for (index, length) in parts {
            let field = r.field(index)
            guard field.count == length else {
                throw ReceitaRecord.FieldError(index: index, message: "expected \(length) characters, found \(field.count)")
            }
            for byte in field {
                var upper = byte
                if byte >= 0x61 && byte <= 0x7A { upper -= 32 }
                let digit = upper >= 0x30 && upper <= 0x39
                guard digit || (length != 2 && upper >= 0x41 && upper <= 0x5A) else {
                    throw ReceitaRecord.FieldError(index: index, message: "not a CNPJ part: \"\(Latin1.string(field))\"")
                }
                key[at] = upper
                at += 1
            }
        }
    }

    /// Calls `body` with `name`, or with a copy whose CPF-shaped runs are masked (garden never stores a
    /// full CPF; ``ReceitaCPF``).
    static func withoutCPF(_ name: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        guard var split = ReceitaCPF.split(name) else { return try body(name) }
        if let mask = split.ownerMask { split.name += Array((" " + mask).utf8) }
        try split.name.withUnsafeBufferPointer(body)
    }
}
