/// The member names ``TransactionReader`` reads at the top of a line, found in one pass over the object: each name is
/// told by its length and a byte or two, then compared once (not against every name the reader knows, as a list
/// of keys compared in turn did).
extension TransactionReader {
    /// The members of a line's root object that tell its shape and carry a canonical row's fields: the node of each
    /// (the last one when a name repeats, as ``JSONDocument/member(_:of:)`` reads it), by slot.
    struct RootMembers {
        /// Slots 0–19: ``TransactionReader/canonicalKeys``, in order; 20–25: the shape keys a canonical row lacks; 26: the
        /// canonical `installment` (after them, so the shape keys keep their slots).
        static let count = 27
        static let installment = 26
        static let creditDebitType = 20, transactionName = 21, type = 22, accountId = 23, currencyCode = 24, descriptionRaw = 25
        /// The amount: a canonical field and a shape key.
        static let amount = 4

        private var nodes: (Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32,
                            Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32)
            = (-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1)

        /// The node of slot `slot`, or nil when the line has no such member.
        subscript(slot: Int) -> Int? {
            let node = withUnsafeBytes(of: nodes) { $0.load(fromByteOffset: slot * 4, as: Int32.self) }
            return node < 0 ? nil : Int(node)
        }

        /// Reads the members of `doc`'s root object (a line that is no object has none).
        init(_ doc: JSONDocument) {
            guard doc[doc.root].kind == .object else { return }
            var child = Int(doc[doc.root].firstChild)
            while child >= 0 {
                let n = doc[child]
                let slot: Int
                if n.keyEscaped {
                    var key = Array(doc.keyText(child).utf8)
                    slot = key.withUnsafeMutableBufferPointer { Self.slot(of: UnsafeBufferPointer($0)) }
                } else {
                    slot = doc.bytes.withUnsafeBufferPointer { line in
                        Self.slot(of: UnsafeBufferPointer(rebasing: line[Int(n.keyStart)..<Int(n.keyEnd)]))
                    }
                }
                if slot >= 0 {
                    withUnsafeMutableBytes(of: &nodes) { $0.storeBytes(of: Int32(child), toByteOffset: slot * 4, as: Int32.self) }
                }
                child = Int(n.nextSibling)
            }
        }

        /// The slot of the member name `key`, or -1 for a name the reader does not look up at the top of a line.
        static func slot(of key: UnsafeBufferPointer<UInt8>) -> Int {
            @inline(__always) func equals(_ name: StaticString) -> Bool {
                name.withUTF8Buffer { name in
                    guard name.count == key.count else { return false }
                    for i in 0..<name.count where name[i] != key[i] { return false }
                    return true
                }
            }
            guard let first = key.first else { return -1 }
            switch (key.count, first) {
            case (2, UInt8(ascii: "i")): return equals("id") ? 0 : -1
            case (3, UInt8(ascii: "m")): return equals("mcc") ? 7 : -1
            case (4, UInt8(ascii: "m")): return equals("memo") ? 2 : -1
            case (4, UInt8(ascii: "d")): return equals("date") ? 5 : -1
            case (4, UInt8(ascii: "c")): return equals("cnae") ? 9 : -1
            case (4, UInt8(ascii: "t")): return equals("type") ? type : -1
            case (6, UInt8(ascii: "a")): return equals("amount") ? amount : -1
            case (6, UInt8(ascii: "s")): return equals("status") ? 13 : -1
            case (7, UInt8(ascii: "a")): return equals("account") ? 6 : -1
            case (7, UInt8(ascii: "b")): return equals("barcode") ? 11 : -1
            case (8, UInt8(ascii: "c")): return equals("currency") ? 3 : -1
            case (9, UInt8(ascii: "a")): return equals("accountId") ? accountId : -1
            case (11, UInt8(ascii: "d")): return equals("description") ? 1 : -1
            case (11, UInt8(ascii: "a")): return equals("account_key") ? 16 : -1
            case (11, UInt8(ascii: "i")): return equals("installment") ? installment : -1
            case (12, UInt8(ascii: "c")): return equals("counterparty") ? 8 : equals("currencyCode") ? currencyCode : -1
            case (12, UInt8(ascii: "a")): return equals("account_type") ? 18 : -1
            case (13, UInt8(ascii: "a")): return equals("account_label") ? 17 : -1
            case (14, UInt8(ascii: "p")): return equals("payment_method") ? 10 : -1
            case (14, UInt8(ascii: "d")): return equals("descriptionRaw") ? descriptionRaw : -1
            case (15, UInt8(ascii: "o")): return equals("original_amount") ? 14 : -1
            case (15, UInt8(ascii: "c")): return equals("creditDebitType") ? creditDebitType : -1
            case (15, UInt8(ascii: "t")): return equals("transactionName") ? transactionName : -1
            case (15, UInt8(ascii: "a")): return equals("account_default") ? 19 : -1
            case (17, UInt8(ascii: "p")): return equals("provider_category") ? 12 : -1
            case (17, UInt8(ascii: "o")): return equals("original_currency") ? 15 : -1
            default: return -1
            }
        }
    }
}
