import Foundation

/// The name of a compiled catalog image (``CompiledCatalog``) for a data directory and the user's rules,
/// made without reading the data files: every data file's name, size, inode and modification and change
/// times (`stat`, nanoseconds), the rule files' and stored rules' texts, the image format's version and the
/// running executable's (`/proc/self/exe`, else argv[0]) size, inode and times (a rebuilt garden may fold text differently).
///
/// A data file edited, replaced, added or removed changes the key, and the image is built again from the
/// files (with their content fingerprint); one touched but unchanged costs one rebuild. The files are
/// stat-ed before any is read, so an image is never filed under a key older than its contents.
enum CatalogKey {
    /// The folders whose `.tsv` files make the catalog.
    static let folders = ["Rules", "Rules/banks", "Brands", "CNAE"]

    /// The key (16 hex digits) for `data` with these rules.
    static func of(data: DataDirectory, ruleFiles: [(name: String, text: String)], storedRules: [(id: String, text: String)]) -> String {
        var hasher = FNV1a()
        hasher.combine(CompiledCatalog.formatVersion)
        let executable = fileStamp("/proc/self/exe")
        hasher.combine(executable != "-" ? executable : fileStamp(CommandLine.arguments.first ?? ""))
        hasher.combine(data.root.path)
        for folder in folders {
            for name in data.files(in: folder) {
                hasher.combine(name)
                hasher.combine(fileStamp(data.root.path + "/" + name))
            }
        }
        for file in ruleFiles {
            hasher.combine(file.name)
            hasher.combine(file.text)
        }
        for rule in storedRules {
            hasher.combine(rule.id)
            hasher.combine(rule.text)
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
