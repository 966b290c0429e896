import GardenFoundation

/// CPFs inside the Receita's names, found on bytes so the registry never stores one in full. An MEI's
/// legal name carries its owner's CPF, printed in several ways: `MARIA DA SILVA 12345678909`,
/// `JOAO SOUZA 123.456.789-09`, `ANA LIMA - 12345678909`, `12345678909 PEDRO ALVES`,
/// `CARLA 123 456 789 09`. A CPF here is 11 digits in groups joined by one `.`, `-`, `/` or space, not
/// touching other digits (a window of whole groups of a longer run counts: `LOJA 2 123 456 789 09`).
enum ReceitaCPF {
    /// What a name becomes: the text to store and, for an owner's CPF at its start or end, the mask.
    struct Split {
        var name: [UInt8]
        var ownerMask: String?
    }

    /// Nil when the name holds fewer than 11 digits (the common case: the name is stored as it is).
    /// Otherwise the owner's CPF at the start or end is cut off (with a `CPF`, `-` or `:` beside it)
    /// and kept only masked, and any other CPF is masked where it stands.
    static func split(_ name: UnsafeBufferPointer<UInt8>) -> Split? {
        var digits = 0
        for byte in name where isDigit(byte) { digits += 1 }
        guard digits >= 11 else { return nil }
        let found = runs(name)
        var start = 0, end = name.count
        var owner: String?
        if let last = found.last, isEdge(name, last.upperBound..<name.count) {
            owner = mask(name, last)
            end = last.lowerBound
        } else if let first = found.first, isEdge(name, 0..<first.lowerBound) {
            owner = mask(name, first)
            start = first.upperBound
        }
        var out: [UInt8] = []
        var i = start
        for run in found where run.lowerBound >= start && run.upperBound <= end {
            out.append(contentsOf: name[i..<run.lowerBound])
            out.append(contentsOf: Array((mask(name, run) ?? "").utf8))
            i = run.upperBound
        }
        out.append(contentsOf: name[i..<end])
        return Split(name: trimmed(out), ownerMask: owner)
    }

    /// The runs of exactly 11 digits, as byte ranges.
    static func runs(_ b: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        var found: [Range<Int>] = []
        var i = 0
        while i < b.count {
            guard isDigit(b[i]) else { i += 1; continue }
            var groups: [Range<Int>] = []
            var j = i
            while j < b.count && isDigit(b[j]) {
                let groupStart = j
                while j < b.count && isDigit(b[j]) { j += 1 }
                groups.append(groupStart..<j)
                if j + 1 < b.count, isSeparator(b[j]), isDigit(b[j + 1]) { j += 1 } else { break }
            }
            found += window(groups)
            i = j
        }
        return found
    }

    /// The first window of whole groups holding exactly 11 digits.
    static func window(_ groups: [Range<Int>]) -> [Range<Int>] {
        for first in groups.indices {
            var count = 0
            for last in first..<groups.count {
                count += groups[last].count
                if count == 11 { return [groups[first].lowerBound..<groups[last].upperBound] }
                if count > 11 { break }
            }
        }
        return []
    }

    /// Whether a stretch beside a CPF holds only spaces, separators and the word CPF.
    static func isEdge(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        let text = String(decoding: UnsafeBufferPointer(rebasing: b[range]), as: UTF8.self).uppercased()
        return text.replacingOccurrences(of: "CPF", with: "").allSatisfy { " -:/.".contains($0) }
    }

    static func mask(_ b: UnsafeBufferPointer<UInt8>, _ run: Range<Int>) -> String? {
        CPF.mask(String(decoding: b[run].filter(isDigit), as: UTF8.self))
    }

    /// Without spaces, separators and a lone `CPF` word at either end.
    static func trimmed(_ bytes: [UInt8]) -> [UInt8] {
        var words = String(decoding: bytes, as: UTF8.self).split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        while let w = words.last, w.allSatisfy({ "-:/.".contains($0) }) || w.uppercased() == "CPF" || w.uppercased() == "CPF:" { words.removeLast() }
        while let w = words.first, w.allSatisfy({ "-:/.".contains($0) }) || w.uppercased() == "CPF" || w.uppercased() == "CPF:" { words.removeFirst() }
        return Array(words.joined(separator: " ").utf8)
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    static func isSeparator(_ byte: UInt8) -> Bool { byte == 0x2E || byte == 0x2D || byte == 0x2F || byte == 0x20 }
}
