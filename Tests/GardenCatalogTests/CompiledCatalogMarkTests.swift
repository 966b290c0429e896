import Foundation
import Testing
@testable import GardenFoundation
@testable import GardenCatalog
import GardenImage

/// The compiled image's checksum is computed once per file (issue 26, cold start): a verified image leaves a mark
/// beside it, a later start trusts the checksum of that same file, and an image written since is verified again.
struct CompiledCatalogMarkTests {
    static func marks(_ directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasPrefix("catalog-") && $0.hasSuffix(".verified") }
    }

    /// A cache directory holding one image of the repository's data, and that image's path.
    static func cachedImage() throws -> (directory: String, image: String) {
        let directory = CompiledCatalogTests.directory()
        _ = try Catalog(data: DataDirectory(root: TestData.root), cacheDirectory: directory)
        let file = try #require(CompiledCatalogTests.cacheFiles(directory).first)
        return (directory, directory + "/" + file)
    }

    /// Flips one byte in the middle of the file in place (a write: the file's change time moves).
    static func damage(_ path: String) throws {
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        defer { try? handle.close() }
        let middle = try handle.seekToEnd() / 2
        try handle.seek(toOffset: middle)
        let byte = try #require(try handle.read(upToCount: 1)).first! ^ 0x40
        try handle.seek(toOffset: middle)
        try handle.write(contentsOf: [byte])
    }

    @Test func aVerifiedImageLeavesOneMarkAndLoadsAgain() throws {
        let (directory, image) = try Self.cachedImage()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(Self.marks(directory).isEmpty)
        let first = try #require(CompiledCatalog.load(image))
        #expect(Self.marks(directory) == [(CompiledCatalog.verifiedMarkPath(image: image) as NSString).lastPathComponent])
        let again = try #require(CompiledCatalog.load(image))
        #expect(again.entries == first.entries && again.fingerprint == first.fingerprint)
        #expect(Self.marks(directory).count == 1)
    }

    @Test func anImageDamagedAfterItsMarkIsRefused() throws {
        let (directory, image) = try Self.cachedImage()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        _ = try #require(CompiledCatalog.load(image))
        try Self.damage(image)
        #expect(CompiledCatalog.load(image) == nil)
    }

    /// A trusted checksum equal to the stored one skips computing it; another one does not.
    @Test func aTrustedChecksumIsNotComputedAgain() throws {
        let (directory, image) = try Self.cachedImage()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let bytes = try #require(ImageBytes.map(image))
        var input = BinaryReader(bytes)
        _ = try input.string()
        let stored = try input.uint64()
        var verified: UInt64?
        #expect(CompiledCatalog.read(bytes, trusting: stored &+ 1, verified: &verified) != nil && verified == stored)
        verified = nil
        #expect(CompiledCatalog.read(bytes, trusting: stored, verified: &verified) != nil && verified == nil)
    }
}
