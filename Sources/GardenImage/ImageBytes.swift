import Foundation
import GardenFoundation

/// The bytes of a compiled catalog image (``CompiledCatalog``): a cache file mapped read-only into memory
/// (`mmap`, so a start-up neither copies nor decodes what it does not touch), or bytes just built; one
/// ``MappedBytes`` (GardenFoundation), shared by every view over it (``BinaryReader``, ``ImageStringTable``,
/// ``BrandTable``). Cache files are only ever replaced by `rename`, never rewritten in place.
package typealias ImageBytes = MappedBytes

extension MappedBytes {
    /// A copy of `bytes` (an image just built, or a test's).
    package convenience init(_ bytes: [UInt8]) { self.init(copying: bytes) }

    /// The file at `path` mapped read-only, nil when it is missing, empty or cannot be mapped.
    package static func map(_ path: String) -> ImageBytes? { try? MappedBytes(mapping: path) }

    /// A 64-bit checksum of `bytes`: four lanes of multiply-xor over 8-byte words, then the tail and the
    /// length; not cryptographic, it only tells a damaged or truncated file from the one written.
    package static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        let prime: UInt64 = 0x9E37_79B9_7F4A_7C15
        var lanes: (UInt64, UInt64, UInt64, UInt64) = (1, 2, 3, 4)
        let blocks = bytes.count / 32
        var offset = 0
        for _ in 0..<blocks {
            lanes.0 = (lanes.0 ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* prime
            lanes.1 = (lanes.1 ^ bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self)) &* prime
            lanes.2 = (lanes.2 ^ bytes.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self)) &* prime
            lanes.3 = (lanes.3 ^ bytes.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self)) &* prime
            offset += 32
        }
        var hash = lanes.0 ^ (lanes.1 &* 31) ^ (lanes.2 &* 961) ^ (lanes.3 &* 29_791) ^ UInt64(bytes.count)
        while offset < bytes.count {
            hash = (hash ^ UInt64(bytes[offset])) &* 0x0000_0100_0000_01B3
            offset += 1
        }
        return hash
    }
}
