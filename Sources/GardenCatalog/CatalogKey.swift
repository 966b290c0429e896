import Foundation
import GardenFoundation

/// The name of a compiled catalog image (``CompiledCatalog``) for a data directory (never the user's rules: they are
/// ``UserKnowledge``, beside the image),
/// made without reading the data files: every data file's (the catalog's `.tsv` files and the trade-name model's) name, size, inode and modification and change
/// times (`stat`, nanoseconds), the image format's version and the
/// running executable's (`/proc/self/exe`, else argv[0]) size, inode and times (a rebuilt garden may fold text differently).
///
/// A data file edited, replaced, added or removed changes the key, and the image is built again from the
/// files (with their content fingerprint); one touched but unchanged costs one rebuild. The files are
/// stat-ed before any is read, so an image is never filed under a key older than its contents.
enum CatalogKey {
    /// The folders whose `.tsv` files make the catalog.
    static let folders = ["Rules", "Rules/banks", "Brands", "CNAE"]
    /// Data files outside those lists that decide rows too: the trade-name model (``Catalog/tradeNameModelFile``),
    /// mapped on its own but part of what a catalog fingerprint names (`garden --version`) and of the image's key.
    static let otherFiles = [Catalog.tradeNameModelFile]

    /// Every data file the key and the fingerprint cover, in their order: each folder's `.tsv` files, then ``otherFiles``.
    static func files(of data: DataDirectory) -> [String] {
        folders.flatMap { data.files(in: $0) } + otherFiles
    }

    /// The key (16 hex digits) for `data`.
    static func of(data: DataDirectory, knowledge: [(id: String, files: [String])] = []) -> String {
        var hasher = FNV1a()
        hasher.combine(CompiledCatalog.formatVersion)
        let executable = fileStamp("/proc/self/exe")
        hasher.combine(executable != "-" ? executable : fileStamp(CommandLine.arguments.first ?? ""))
        hasher.combine(data.root.path)
        for name in files(of: data) {
            hasher.combine(name)
            hasher.combine(fileStamp(data.root.path + "/" + name))
        }
        for (id, files) in knowledge {
            hasher.combine(id)
            for name in files {
                hasher.combine(name)
                hasher.combine(fileStamp(data.root.path + "/" + name))
            }
        }
        return hasher.hex
    }

    /// The content fingerprint of the catalog (``Catalog/fingerprint``): FNV-1a over every data file's name
    /// and bytes (the trade-name model's too; a missing file counts as "-"), in the key's order. Read only when an image
    /// is built; a file that cannot be read counts as "-" (reading it for the catalog reports it).
    static func fingerprint(data: DataDirectory, knowledge: [(id: String, files: [String])] = []) -> String {
        var hasher = FNV1a()
        // Declared files outside the folders count too; those inside are counted once, with their folder.
        let declared = knowledge.flatMap(\.files).filter { name in
            !otherFiles.contains(name) && !folders.contains { name.hasPrefix($0 + "/") && !name.dropFirst($0.count + 1).contains("/") }
        }
        for name in files(of: data) {
            hasher.combine(name)
            hasher.combine(contentsOf: CompiledCatalog.readFile(data.root.path + "/" + name) ?? Array("-".utf8))
            hasher.combine(bytes: [0])
        }
        for name in declared {
            hasher.combine(name)
            hasher.combine(contentsOf: CompiledCatalog.readFile(data.root.path + "/" + name) ?? Array("-".utf8))
            hasher.combine(bytes: [0])
        }
        return hasher.hex
    }

    /// Size, inode, modification and change times of `path` (nanoseconds), or "-" when it cannot be stat-ed.
    static func fileStamp(_ path: String) -> String {
        var status = stat()
        guard stat(path, &status) == 0 else { return "-" }
        return "\(status.st_size) \(status.st_ino) \(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec) \(status.st_ctim.tv_sec).\(status.st_ctim.tv_nsec)"
    }
}
