import GardenCore

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

    /// Estabelecimentos: CNPJ (columns 1–3), nome fantasia (5), situação (6), CNAE principal (12) and
    /// secundárias (13), UF (20), município (21).
    func establishment(_ r: ReceitaRecord, _ s: Statement) throws {
        try cnpjKey(r, parts: [(0, 8), (1, 4), (2, 2)])
        try key.withUnsafeBufferPointer { try s.bindText(1, $0) }
        try text.withUTF8(r.field(4)) { name in try Self.withoutCPF(name) { try s.bindText(2, $0) } }
        try s.bindInteger(3, try r.integer(5))
        try s.bindInteger(4, try r.integer(11))
        try text.withUTF8(r.field(12)) { try s.bindText(5, $0) }
        try s.bindInteger(6, try r.integer(20))
        try text.withUTF8(r.field(19)) { try s.bindText(7, $0) }
        try s.runBound()
    }

    /// Empresas: root (1), razão social (2) — an MEI's trailing owner CPF kept only masked —, natureza
    /// jurídica (3).
    func company(_ r: ReceitaRecord, _ s: Statement) throws {
        try cnpjKey(r, parts: [(0, 8)])
        try key.withUnsafeBufferPointer { try s.bindText(1, UnsafeBufferPointer(rebasing: $0[0..<8])) }
        try text.withUTF8(r.field(1)) { name in
            guard !name.isEmpty else { throw ReceitaRecord.FieldError(index: 1, message: "empty legal name") }
            let (kept, mask) = Self.splitOwnerCPF(name)
            try Self.withoutCPF(kept) { try s.bindText(2, $0) }
            if let mask {
                var bytes = Array(mask.utf8)
                try bytes.withUnsafeMutableBufferPointer { try s.bindText(3, UnsafeBufferPointer($0)) }
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

    /// An MEI's legal name ends with its owner's CPF ("MARIA DA SILVA 12345678909"): the name without
    /// it, and the CPF masked. Other names come back whole.
    static func splitOwnerCPF(_ name: UnsafeBufferPointer<UInt8>) -> (UnsafeBufferPointer<UInt8>, String?) {
        let n = name.count
        guard n >= 13, name[n - 12] == 0x20, name[(n - 11)...].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return (name, nil) }
        var end = n - 12
        while end > 0 && name[end - 1] == 0x20 { end -= 1 }
        let mask = CPF.mask(String(decoding: UnsafeBufferPointer(rebasing: name[(n - 11)...]), as: UTF8.self))
        return (UnsafeBufferPointer(rebasing: name[0..<end]), mask)
    }

    /// Calls `body` with `name`, or with a copy whose CPF-shaped runs are masked when it holds 11 digits
    /// or more (garden never stores a full CPF).
    static func withoutCPF(_ name: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        var digits = 0
        for byte in name where byte >= 0x30 && byte <= 0x39 { digits += 1 }
        guard digits >= 11 else { return try body(name) }
        let masked = Array(CPFScrubber.scrub(String(decoding: name, as: UTF8.self)).utf8)
        try masked.withUnsafeBufferPointer(body)
    }
}
