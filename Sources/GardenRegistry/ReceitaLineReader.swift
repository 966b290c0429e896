import Foundation
import GardenCodecs

/// Splits a byte stream into lines (`\n`, a trailing `\r` dropped), numbered from 1, reading 1 MiB at a
/// time: memory is bounded by the longest line (at most 16 MiB, else an error naming the line).
enum ReceitaLineReader {
    static let chunk = 1 << 20
    static let longest = 16 << 20

    /// Calls `body` with each line's bytes (valid only during the call) and its number.
    /// - Throws: what `source` or `body` throws; ``RegistryError/badFile(_:)`` for a line over 16 MiB.
    static func forEachLine(_ source: ByteSource, name: String, _ body: (UnsafeBufferPointer<UInt8>, Int) throws -> Void) throws {
        var capacity = chunk
        var buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: 8)
        defer { buffer.deallocate() }
        var filled = 0
        var lineNumber = 0
        var atEnd = false
        while !atEnd {
            if filled == capacity {
                guard capacity < longest else { throw RegistryError.badFile("\(name):\(lineNumber + 1): line longer than 16 MiB") }
                let bigger = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity * 2, alignment: 8)
                bigger.copyMemory(from: UnsafeRawBufferPointer(buffer))
                buffer.deallocate()
                buffer = bigger
                capacity *= 2
            }
            let got = try source.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
            if got == 0 { atEnd = true } else { filled += got }
            let bytes = UnsafeBufferPointer(start: buffer.baseAddress!.assumingMemoryBound(to: UInt8.self), count: filled)
            var start = 0
            while start < filled {
                guard let newline = firstNewline(bytes, from: start) else { break }
                lineNumber += 1
                try body(trimmed(bytes, start, newline), lineNumber)
                start = newline + 1
            }
            if atEnd && start < filled {
                lineNumber += 1
                try body(trimmed(bytes, start, filled), lineNumber)
                start = filled
            }
            if start > 0 {
                let rest = filled - start
                if rest > 0 { buffer.baseAddress!.copyMemory(from: buffer.baseAddress! + start, byteCount: rest) }
                filled = rest
            }
        }
    }

    static func firstNewline(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let found = memchr(bytes.baseAddress! + start, 0x0A, bytes.count - start) else { return nil }
        return UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - bytes.baseAddress!
    }

    static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> UnsafeBufferPointer<UInt8> {
        var end = end
        if end > start && bytes[end - 1] == 0x0D { end -= 1 }
        return UnsafeBufferPointer(rebasing: bytes[start..<end])
    }
}
