import Foundation
import GardenFoundation
import GardenImage
import GardenNames

/// The knowledge image: every shipped table compiled by its source (``KnowledgeSource``) into a section of
/// its own, then the automaton over every source's patterns. A start-up with unchanged data maps the image file
/// and views each section in place instead of reading, checking and parsing the data files; a start-up without
/// it builds the image in memory and views it the same way, so both see the same catalog.
///
/// File: `<directory>/catalog-<key>.bin`, the key from ``CatalogKey`` (the data files' sizes and times, each
/// source's id and layout, this format's version and the running executable; never the user's rules). Layout:
/// the format version, a 64-bit checksum of the rest (``ImageBytes/checksum(_:)``: a damaged or truncated file is
/// rebuilt, never trusted), the data's content fingerprint, then the table of contents and the sections
/// (``KnowledgeImage``), the last one the automaton (``automatonSection``). Written to a temporary file and
/// renamed, so readers never see a partial file; any read or write failure only means the image is built from
/// the data files as without a cache.
struct CompiledCatalog {
    static let formatVersion = "garden-knowledge-image-12"
    /// The automaton's section: its packed entries (``AutomatonEntry``), then its frozen arrays.
    static let automatonSection = SectionInfo(id: "automaton", owner: "analysis", layout: 1, files: [], bytes: 0)

    /// The content fingerprint of the data files the image was built from (``Catalog/fingerprint``).
    var fingerprint: String
    /// The sections, by source.
    var contents: KnowledgeImage
    /// Entry `i` stands for pattern `i` of ``trie``.
    var entries: [AutomatonEntry]
    var trie: PatternTrie

    /// The cache file for `key` (``CatalogKey``) in `directory`.
    static func path(directory: String, key: String) -> String {
        directory + "/catalog-" + key + ".bin"
    }

    /// The cached catalog at `path`, nil when missing, damaged or of another format.
    ///
    /// The checksum reads every page of the image's megabytes (6 M instructions and every page faulted in, where a
    /// start needs a few), so it is computed once per file, as the trade-name model's is
    /// (``Catalog/tradeNameModel(_:cacheDirectory:)``): a verified image leaves a mark beside it named by its path, size,
    /// inode and modification and change times (``CatalogKey/fileStamp(_:)``) holding the checksum it stated; a later
    /// start that finds the mark for the same stamp and checksum trusts it. Any write to the file changes its change
    /// time, so an image damaged or replaced afterwards is verified again (and rebuilt).
    static func load(_ path: String) -> CompiledCatalog? {
        guard let image = ImageBytes.map(path) else { return nil }
        let mark = verifiedMarkPath(image: path)
        let stated = try? String(contentsOfFile: mark, encoding: .utf8)
        var verified: UInt64?
        let catalog = read(image, trusting: stated.flatMap { UInt64($0, radix: 16) }, verified: &verified)
        if catalog != nil, let verified { save(Array(String(verified, radix: 16).utf8), to: mark, prefix: "catalog-", suffix: ".verified") }
        return catalog
    }

    /// The mark of a verified image file (``load(_:)``): `catalog-` + FNV-1a of its path and stamp + `.verified`, beside it.
    static func verifiedMarkPath(image path: String) -> String {
        var hasher = FNV1a()
        hasher.combine(path)
        hasher.combine(CatalogKey.fileStamp(path))
        return FilePath.folder(of: path) + "/catalog-" + hasher.hex + ".verified"
    }

    /// The catalog in `image`, nil when its version or checksum is not this format's or a section does
    /// not read back.
    static func read(_ image: ImageBytes) -> CompiledCatalog? {
        var verified: UInt64?
        return read(image, trusting: nil, verified: &verified)
    }

    /// The catalog in `image`; its checksum is not computed when it is `trusted` (a verified mark's), else it is
    /// computed and, when it matches, set in `verified`.
    static func read(_ image: ImageBytes, trusting trusted: UInt64?, verified: inout UInt64?) -> CompiledCatalog? {
        var input = BinaryReader(image)
        do {
            guard try input.string() == formatVersion else { return nil }
            let checksum = try input.uint64()
            if checksum != trusted {
                guard ImageBytes.checksum(UnsafeRawBufferPointer(rebasing: image.raw[input.position...])) == checksum else { return nil }
                verified = checksum
            }
            return try readSections(&input)
        } catch {
            return nil
        }
    }

    /// The image's bytes: header, checksum and sections (``write(sections:)``).
    static func image(_ write: (inout BinaryWriter) -> Void) -> [UInt8] {
        var out = BinaryWriter()
        out.string(formatVersion)
        let checksumAt = out.position
        out.integer(UInt64(0))
        write(&out)
        let checksum = out.bytes.withUnsafeBytes { ImageBytes.checksum(UnsafeRawBufferPointer(rebasing: $0[(checksumAt + 8)...])) }
        out.patch(checksum, at: checksumAt)
        return out.bytes
    }

    /// The file's bytes read straight into an array (no intermediate `Data` copy of the megabytes).
    static func readFile(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_size >= 0 else { return nil }
        let size = Int(status.st_size)
        var complete = true
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            var done = 0
            while done < size {
                let n = Foundation.read(descriptor, buffer.baseAddress! + done, size - done)
                if n <= 0 { break }
                done += n
            }
            complete = done == size
            initialized = done
        }
        return complete ? bytes : nil
    }

    /// Keeps the `kept` most recent cache files of `directory` named `prefix…suffix` (each change of data or rules
    /// makes one).
    static func prune(_ directory: String, keeping kept: Int = 4, prefix: String = "catalog-", suffix: String = ".bin") {
        let manager = FileManager.default
        let files = ((try? manager.contentsOfDirectory(atPath: directory)) ?? [])
            .filter { $0.hasPrefix(prefix) && $0.hasSuffix(suffix) }
            .map { directory + "/" + $0 }
            .sorted { a, b in
                let dateA = (try? manager.attributesOfItem(atPath: a)[.modificationDate] as? Date) ?? .distantPast
                let dateB = (try? manager.attributesOfItem(atPath: b)[.modificationDate] as? Date) ?? .distantPast
                return dateA > dateB
            }
        for file in files.dropFirst(kept) { try? manager.removeItem(atPath: file) }
    }

    /// Writes `bytes` as the cache file `path` (best effort: a read-only or missing directory is no error), then
    /// keeps the four most recent files of its directory named `prefix…suffix`.
    static func save(_ bytes: [UInt8], to path: String, prefix: String = "catalog-", suffix: String = ".bin") {
        let directory = FilePath.folder(of: path)
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let temporary = path + ".\(ProcessInfo.processInfo.processIdentifier).tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(bytes)) else { return }
        if rename(temporary, path) != 0 { unlink(temporary) }
        prune(directory, prefix: prefix, suffix: suffix)
    }
}
