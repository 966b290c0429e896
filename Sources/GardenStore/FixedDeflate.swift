/// Raw deflate (RFC 1951) of a short value as one block with the fixed Huffman codes (§3.2.6), after
/// greedy LZ77 matching against a preset dictionary and the value itself: what any inflate reads with the
/// same dictionary (zlib's `inflateSetDictionary`, Python's `zlib.decompressobj(zdict=)`).
///
/// zlib builds three Huffman trees for every value it compresses, whatever the strategy (≈ 32 k of the
/// ≈ 50 k instructions a ledger value took, `_tr_flush_block`); values of a few hundred bytes gain little
/// from trees of their own, so this encoder writes the fixed codes directly. The dictionary's hash chains
/// are built once; a value costs a hash probe and a few comparisons a byte.
final class FixedDeflate: Sendable {
    let dictionary: [UInt8]
    /// The last dictionary position of each 3-byte hash (-1: none) and, per position, the one before.
    private let head: [Int32]
    private let previous: [Int32]

    private static let hashBits = 12
    private static let maxChain = 16
    /// A match this long ends the search (the rest of the chain is not worth its comparisons).
    private static let goodLength = 32
    private static let maxLength = 258
    /// The farthest distance the encoder uses (the 2^15 window of format 2's inflate).
    static let maxDistance = 32_768

    init(dictionary: [UInt8]) {
        self.dictionary = dictionary
        var head = [Int32](repeating: -1, count: 1 << Self.hashBits)
        var previous = [Int32](repeating: -1, count: dictionary.count)
        if dictionary.count >= 3 {
            for position in 0...(dictionary.count - 3) {
                let hash = Self.hash(dictionary[position], dictionary[position + 1], dictionary[position + 2])
                previous[position] = head[hash]
                head[hash] = Int32(position)
            }
        }
        self.head = head
        self.previous = previous
    }

    @inline(__always)
    private static func hash(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> Int {
        let word = UInt32(a) | UInt32(b) << 8 | UInt32(c) << 16
        return Int((word &* 2_654_435_761) >> (32 - UInt32(hashBits)))
    }

    /// `input` compressed: one final fixed-Huffman block, its last byte padded with zero bits.
    func compress(_ input: [UInt8]) -> [UInt8] {
        var bits = FixedHuffmanWriter(capacity: input.count + 8)
        bits.write(0b011, count: 3)   // BFINAL = 1, BTYPE = 01 (fixed codes)
        // The value's own positions by hash, in a table small enough to clear for every value.
        var inputHead = [Int32](repeating: -1, count: 1 << Self.inputHashBits)
        var inputPrevious = [Int32](repeating: -1, count: input.count)
        input.withUnsafeBufferPointer { text in
            inputHead.withUnsafeMutableBufferPointer { inputHead in
                inputPrevious.withUnsafeMutableBufferPointer { inputPrevious in
                    encode(text, inputHead: inputHead, inputPrevious: inputPrevious, into: &bits)
                }
            }
        }
        bits.writeLiteral(256)   // end of block
        return bits.finish()
    }

    private static let inputHashBits = 8

    /// Greedy parsing: at each position the longest match (at least 3 bytes) or a literal.
    private func encode(_ text: UnsafeBufferPointer<UInt8>, inputHead: UnsafeMutableBufferPointer<Int32>,
                        inputPrevious: UnsafeMutableBufferPointer<Int32>, into bits: inout FixedHuffmanWriter) {
        let count = text.count
        var index = 0
        while index < count {
            let (length, distance) = index + 2 < count ? longestMatch(text, at: index, inputHead: inputHead, inputPrevious: inputPrevious) : (0, 0)
            let step = length >= 3 ? length : 1
            if length >= 3 { bits.writeMatch(length: length, distance: distance) } else { bits.writeLiteral(text[index]) }
            for position in index..<(index + step) where position + 2 < count {
                let hash = Self.hash(text[position], text[position + 1], text[position + 2]) >> (Self.hashBits - Self.inputHashBits)
                inputPrevious[position] = inputHead[hash]
                inputHead[hash] = Int32(position)
            }
            index += step
        }
    }

    /// The longest match for `text[index...]` among earlier positions of the value and of the dictionary.
    private func longestMatch(_ text: UnsafeBufferPointer<UInt8>, at index: Int, inputHead: UnsafeMutableBufferPointer<Int32>,
                              inputPrevious: UnsafeMutableBufferPointer<Int32>) -> (Int, Int) {
        let hash = Self.hash(text[index], text[index + 1], text[index + 2])
        let limit = min(Self.maxLength, text.count - index)
        var bestLength = 0, bestDistance = 0
        var candidate = Int(inputHead[hash >> (Self.hashBits - Self.inputHashBits)]), chain = 0
        // Candidates come nearest first; one past the window is no match inflate can follow.
        while candidate >= 0, chain < Self.maxChain, index - candidate <= Self.maxDistance {
            var length = 0
            while length < limit, text[candidate + length] == text[index + length] { length += 1 }
            if length > bestLength { bestLength = length; bestDistance = index - candidate }
            candidate = Int(inputPrevious[candidate])
            chain += 1
        }
        guard bestLength < Self.goodLength, bestLength < limit else { return (bestLength, bestDistance) }
        let size = dictionary.count
        dictionary.withUnsafeBufferPointer { words in
            var candidate = Int(head[hash]), chain = 0
            while candidate >= 0, chain < Self.maxChain, bestLength < Self.goodLength {
                let distance = size - candidate + index
                if distance > Self.maxDistance { break }
                // A match may run on from the dictionary's end into the value (the window is continuous).
                var length = 0
                let inDictionary = min(limit, size - candidate)
                while length < inDictionary, words[candidate + length] == text[index + length] { length += 1 }
                if length == inDictionary {
                    while length < limit, text[candidate + length - size] == text[index + length] { length += 1 }
                }
                if length > bestLength || (length == bestLength && distance < bestDistance) { bestLength = length; bestDistance = distance }
                candidate = Int(previous[candidate])
                chain += 1
            }
        }
        // A 3-byte match far away costs more bits than its three literals.
        if bestLength == 3, bestDistance > 4_096 { return (0, 0) }
        return (bestLength, bestDistance)
    }
}
