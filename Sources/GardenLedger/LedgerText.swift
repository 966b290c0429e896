import CZlib

/// The ledger's two long text columns (the input line `raw` and the `resolution` JSON) as stored: raw
/// deflate (RFC 1951, the system zlib) primed with a preset dictionary of the words every ledger row
/// repeats (the resolution's keys, kinds, sources, flows; the canonical input's keys), behind a one-byte
/// format mark. A 430-byte resolution takes about 60 bytes, an input line about 70.
///
/// Stores written before this format hold the same columns as TEXT; ``text(of:)`` reads both, and a row
/// is stored packed the next time it is written (recorded again, recategorized, restored by `undo`).
package enum LedgerText {
    /// The first byte of a packed value: the format (its dictionary and zlib parameters). A new
    /// dictionary is a new format; values of the old one stay readable.
    static let format: UInt8 = 1
    /// zlib window (2^12 bytes: the dictionary and a row fit) and memory level (a small hash table, so
    /// starting a stream per value is cheap).
    private static let windowBits: Int32 = 12
    private static let memoryLevel: Int32 = 2

    /// `text` packed (format byte, then raw deflate primed with ``dictionary``).
    /// Each value starts from a copy of ``primed`` (`deflateCopy`), the same state `deflateSetDictionary`
    /// would make, without hashing the dictionary again for every value (a quarter of the packing cost).
    static func pack(_ text: String) -> [UInt8] {
        var input = Array(text.utf8)
        var stream = z_stream()
        guard let primed = primed.stream, deflateCopy(&stream, primed) == Z_OK else { return [] }
        defer { deflateEnd(&stream) }
        var out = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(input.count))) + 1)
        out[0] = format
        let written = input.withUnsafeMutableBufferPointer { i in
            out.withUnsafeMutableBufferPointer { o -> Int in
                stream.next_in = i.baseAddress
                stream.avail_in = UInt32(i.count)
                stream.next_out = o.baseAddress! + 1
                stream.avail_out = UInt32(o.count - 1)
                return deflate(&stream, Z_FINISH) == Z_STREAM_END ? o.count - 1 - Int(stream.avail_out) : -1
            }
        }
        guard written >= 0 else { return [] }
        out.removeSubrange((written + 1)...)
        return out
    }

    /// A deflate stream at the state every value starts from: initialised with this format's parameters
    /// and primed with ``dictionary``; only ever read (copied), so shared by every thread.
    final class PrimedStream: @unchecked Sendable {
        let stream: UnsafeMutablePointer<z_stream>?

        init() {
            let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
            stream.initialize(to: z_stream())
            guard garden_deflate_init_raw(stream, 1, LedgerText.windowBits, LedgerText.memoryLevel) == Z_OK,
                  LedgerText.dictionary.withUnsafeBufferPointer({ deflateSetDictionary(stream, $0.baseAddress, UInt32($0.count)) }) == Z_OK else {
                stream.deallocate()
                self.stream = nil
                return
            }
            self.stream = stream
        }
    }

    private static let primed = PrimedStream()

    /// The text of a packed value; nil when the bytes are not a value this format wrote.
    package static func unpack(_ packed: UnsafeRawBufferPointer) -> String? {
        guard packed.count >= 1, packed[0] == format,
              let bytes = inflate(UnsafeRawBufferPointer(rebasing: packed.dropFirst()), dictionary: dictionary, windowBits: windowBits) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Raw deflate data inflated with a preset dictionary (zlib); nil when it is not a whole stream.
    static func inflate(_ packed: UnsafeRawBufferPointer, dictionary: [UInt8], windowBits: Int32) -> [UInt8]? {
        var stream = z_stream()
        guard garden_inflate_init_raw_bits(&stream, windowBits) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        guard dictionary.withUnsafeBufferPointer({ inflateSetDictionary(&stream, $0.baseAddress, UInt32($0.count)) }) == Z_OK else { return nil }
        var out = [UInt8](repeating: 0, count: max(1_024, packed.count * 8))
        var written = 0
        var status: Int32 = Z_OK
        stream.next_in = UnsafeMutablePointer(mutating: packed.baseAddress?.assumingMemoryBound(to: UInt8.self))
        stream.avail_in = UInt32(packed.count)
        repeat {
            if written == out.count { out.append(contentsOf: repeatElement(0, count: out.count)) }
            status = out.withUnsafeMutableBufferPointer { o in
                stream.next_out = o.baseAddress! + written
                stream.avail_out = UInt32(o.count - written)
                let status = CZlib.inflate(&stream, Z_NO_FLUSH)
                written = o.count - Int(stream.avail_out)
                return status
            }
        } while status == Z_OK
        guard status == Z_STREAM_END else { return nil }
        out.removeSubrange(written...)
        return out
    }

    /// What primes the deflate window: text every row repeats, the most frequent last (nearest the data).
    /// Part of ``format`` 1: never edited (a change is a new format).
    static let dictionary: [UInt8] = Array((
        #"{"id": "", "date": "2026-01-01", "currency": "USD", "account": "Chase", "mcc": "5411", "memo": "", "#
        + #""description":"PIX TRANSF ","amount":-10.00,"counterpartyName":"","counterpartyDocument":"","#
        + #""intermediary":"iFood","seller":"","document":"•••.000.000-••","kind":"person","kind":"online","#
        + #""kind":"government","source":"counterparty","source":"processor_prefix","source":"keyword","#
        + #""source":"bank_line","source":"user_rule","source":"manual_override","source":"merchant_memory","#
        + #""review_reasons":["no evidence for a category","low confidence: best evidence is "#
        + #""merchant read from the descriptor only (0.55)"],"installment":{"number":1,"total":12},"#
        + #""direction":"in","flow":"transfer","flow":"income","flow":"refund","#
        + #""category":{"id":"uncategorized","name":"Sem categoria","confidence":0,"source":"none"},"#
        + #""category":{"id":"food.restaurants","name":"Restaurantes","category":{"id":"food.groceries","name":"Mercado","#
        + #""category":{"id":"transfer.person","name":"Transferência para pessoa","budget":{"id":"comer_fora","name":"Comer fora"},"#
        + #"{"merchant":{"name":"","kind":"chain","brand":"br_","intermediary":null,"seller":null,"document":null,"#
        + #""confidence":0.9,"source":"brand_catalog"},"category":{"id":"","name":"","confidence":0.9,"source":"brand_catalog"},"#
        + #""budget":null,"review":false,"review_reasons":[],"installment":null,"direction":"out","flow":"expense","row_id":"b"#
        + #"{"id": "b", "date": "2026-", "currency": "BRL", "account": "Nubank", "description": "", "amount": -"#
    ).utf8)
}
