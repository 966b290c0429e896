import CZlib
import Foundation
import Testing
@testable import GardenTradeNames

/// A damaged, foreign or missing model file is a typed error, never a model that scores wrongly.
@Suite struct DamagedModelFileTests {
    /// `bytes` with a fresh CRC-32, so only the damage under test is left.
    static func resealed(_ bytes: [UInt8]) -> [UInt8] {
        var out = bytes
        let crc = out.withUnsafeBufferPointer { UInt32(truncatingIfNeeded: crc32(0, $0.baseAddress! + 12, uInt($0.count - 12))) }
        withUnsafeBytes(of: crc.littleEndian) { out.replaceSubrange(8..<12, with: $0) }
        return out
    }

    static func error(_ bytes: [UInt8]) -> TradeNameModelError? {
        do {
            _ = try TradeNameModel(bytes: bytes)
            return nil
        } catch {
            return error
        }
    }

    @Test func theShippedBytesLoad() throws {
        #expect(Self.error(Shipped.bytes) == nil)
    }

    @Test func aFlippedWeightIsAChecksumMismatch() {
        var bytes = Shipped.bytes
        bytes[bytes.count - 1000] ^= 0x40
        guard case .checksumMismatch = Self.error(bytes) else { Issue.record("\(String(describing: Self.error(bytes)))"); return }
    }

    @Test func aTruncatedFileIsAChecksumMismatch() {
        let bytes = Array(Shipped.bytes.dropLast(4096))
        guard case .checksumMismatch = Self.error(bytes) else { Issue.record("\(String(describing: Self.error(bytes)))"); return }
    }

    @Test func aTruncatedFileResealedIsMalformed() {
        let bytes = Self.resealed(Array(Shipped.bytes.dropLast(4096)))
        guard case .malformed = Self.error(bytes) else { Issue.record("\(String(describing: Self.error(bytes)))"); return }
    }

    @Test func anotherFileIsNotAModel() {
        #expect(Self.error(Array("# garden category taxonomy\n".utf8)) == .notAModel)
        #expect(Self.error([]) == .notAModel)
    }

    @Test func anotherVersionIsRefused() {
        var bytes = Shipped.bytes
        bytes[4] = 9
        #expect(Self.error(bytes) == .unsupportedVersion(9))
    }

    @Test func anImpossibleBucketWidthIsMalformed() {
        var bytes = Shipped.bytes
        let headerLength = Int(bytes[12]) | Int(bytes[13]) << 8 | Int(bytes[14]) << 16
        let counts = 16 + (headerLength + 15) / 16 * 16
        bytes[counts] = 60
        guard case .malformed = Self.error(Self.resealed(bytes)) else { Issue.record("bucket bits 60 accepted"); return }
    }

    @Test func aMissingFileIsUnreadable() {
        do {
            _ = try TradeNameModel(contentsOf: "/nonexistent/trade_names.bin")
            Issue.record("a missing file loaded")
        } catch {
            guard case .unreadable(let path, _) = error else { Issue.record("\(error)"); return }
            #expect(path == "/nonexistent/trade_names.bin")
        }
    }
}
