/// The hashed features of a folded merchant name, the Swift twin of `tools/tradenames/features.py` (which documents
/// the scheme); both must give the same buckets byte for byte.
///
/// For each word (a run of bytes between spaces): the word, its first 4 to 8 bytes (a word the bank cut at its
/// column limit shares them with the whole word: `nood`, `noodles`), and every 3- to 5-byte run of `^word$`
/// (morphology, the parts of glued names); and each pair of adjacent words. A feature met twice counts twice; the
/// order buckets come in does not matter to the score (a sum). Buckets are written into the caller's buffer.
enum TradeNameFeatures {
    static let golden: UInt64 = 0x9E37_79B9_7F4A_7C15
    static let mix: UInt64 = 0xBF58_476D_1CE4_E5B9
    static let seedWord: UInt64 = 0x243F_6A88_85A3_08D3
    static let seedPrefix: UInt64 = 0x1319_8A2E_0370_7344
    static let seedNgram: UInt64 = 0xA409_3822_299F_31D0
    static let seedPair: UInt64 = 0x082E_FA98_EC4E_6C89
    static let prefixLengths = 4...8
    static let ngramLengths = 3...5
    static let caret: UInt8 = 0x5E, dollar: UInt8 = 0x24, space: UInt8 = 0x20

    @inline(__always)
    static func step(_ state: UInt64, _ byte: UInt8) -> UInt64 {
        let s = (state &+ UInt64(byte) &+ 1) &* golden
        return s ^ (s >> 32)
    }

    @inline(__always)
    static func bucket(_ state: UInt64, shift: UInt64) -> Int32 {
        Int32(truncatingIfNeeded: ((state ^ (state >> 31)) &* mix) >> shift)
    }

    /// The most buckets a name of `count` bytes can have: per byte at most 3 n-grams + 1 word + 5 prefixes + 1 pair.
    static func capacity(forBytes count: Int) -> Int { 10 * count + 16 }

    /// Writes the bucket (0 ..< 2^bits) of every feature of the UTF-8 bytes `name` into `out` (at least
    /// ``capacity(forBytes:)`` long) and returns how many.
    static func buckets(of name: UnsafeBufferPointer<UInt8>, bits: Int, into out: UnsafeMutablePointer<Int32>) -> Int {
        let shift = UInt64(64 - bits)
        var n = 0
        var previous = 0..<0
        var start = 0
        while start < name.count {
            if name[start] == space { start += 1; continue }
            var end = start
            while end < name.count, name[end] != space { end += 1 }
            var state = seedWord
            for i in start..<end { state = step(state, name[i]) }
            out[n] = bucket(state, shift: shift); n += 1
            state = seedPrefix
            var i = start
            while i < min(end, start + prefixLengths.upperBound) {
                state = step(state, name[i])
                i += 1
                if i - start >= prefixLengths.lowerBound { out[n] = bucket(state, shift: shift); n += 1 }
            }
            // The n-grams of "^" + word + "$", position p of the padded word being byte start + p - 1.
            let padded = end - start + 2
            for first in 0..<padded {
                state = seedNgram
                let last = min(first + ngramLengths.upperBound, padded)
                for p in first..<last {
                    state = step(state, p == 0 ? caret : p == padded - 1 ? dollar : name[start + p - 1])
                    if p - first + 1 >= ngramLengths.lowerBound { out[n] = bucket(state, shift: shift); n += 1 }
                }
            }
            if !previous.isEmpty {
                state = seedPair
                for i in previous { state = step(state, name[i]) }
                state = step(state, space)
                for i in start..<end { state = step(state, name[i]) }
                out[n] = bucket(state, shift: shift); n += 1
            }
            previous = start..<end
            start = end
        }
        return n
    }
}
