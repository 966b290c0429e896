import Foundation
import GardenFoundation
import GardenCatalog
import GardenCommandKit

/// `garden install --prefix DIR`: copies the running binary to `DIR/bin/garden` and garden's data (`Rules/`,
/// `Brands/`, `CNAE/`) to `DIR/share/garden/`, where the installed binary finds it from any folder
/// (``DataDirectory/locate(explicit:environment:)`` looks in `../share/garden` beside the executable).
///
/// Files are copied whole to temporary names and moved into place. An existing install is replaced only with
/// `--force` and only when garden made it (its `share/garden/INSTALLED` record is there); anything else at those
/// paths is refused (exit 73), as garden never replaces a file it did not write. Only `bin/garden`, the three data
/// folders and the record are written: a store in the same folder (`~/.local/share/garden/garden.db`) is left as it is.
/// The record lists every data file installed with its FNV-1a digest: on `--force`, a file of the user's own in the data
/// folders is carried into the new install, and a file garden installed that the user changed since is refused.
enum InstallCommand: Command {
    static let name = "install"
    static let summary = "copy garden and its data under a prefix (bin/garden, share/garden)"
    static let about = """
    Copies this garden binary to PREFIX/bin/garden and its data (Rules/, Brands/, CNAE/) to PREFIX/share/garden,
    so the installed garden runs from any folder. A previous install made by garden is replaced with --force.
    """
    static let options = [
        CommandOption("--prefix", "DIR", "where to install (required): DIR/bin/garden and DIR/share/garden"),
        CommandOption("--force", nil, "replace an earlier install garden made there"),
        CommandOption("--binary", "FILE", "the binary to install (default: the garden running)"),
        Group.dataFolder,
    ]

    /// The record an install leaves in `share/garden`, by which a later `install --force` knows the files are garden's.
    static let record = "INSTALLED"
    /// The data folders garden reads, copied whole.
    static let folders = ["Rules", "Brands", "CNAE"]

    static func run(_ options: CommandLineOptions, _ env: Environment) throws -> Int32 {
        guard let prefixText = options.value("--prefix"), !prefixText.isEmpty else {
            throw CommandLineOptions.UsageError(description: "install: give --prefix DIR (for example --prefix ~/.local)")
        }
        let prefix = URL(fileURLWithPath: prefixText).standardizedFileURL.path
        let data = try DataDirectory.locate(explicit: options.value("--data"), environment: env.variables)
        let binary = options.value("--binary") ?? Bundle.main.executableURL?.resolvingSymlinksInPath().path ?? "/proc/self/exe"
        guard FileManager.default.isReadableFile(atPath: binary) else {
            throw CommandSupport.Failure(code: Exit.noInput, message: "install: cannot read the binary \(binary)")
        }
        let fm = FileManager.default
        let bin = prefix + "/bin", share = prefix + "/share/garden"
        let target = bin + "/garden"
        let force = options.flag("--force")
        let earlier = fm.fileExists(atPath: share + "/" + record)
        // share/garden may hold the store too (~/.local/share/garden/garden.db for --prefix ~/.local): only the data
        // folders and the record are garden install's, and only they are ever replaced.
        for path in [target] + folders.map({ share + "/" + $0 }) where fm.fileExists(atPath: path) {
            guard earlier else {
                throw CommandSupport.Failure(code: Exit.cannotCreate, message: "install: \(path) exists and garden did not install it there; "
                    + "garden never replaces what it did not write: give another --prefix")
            }
            guard force else {
                throw CommandSupport.Failure(code: Exit.cannotCreate, message: "install: garden is already installed in \(prefix); give --force to replace it")
            }
        }
        if data.root.resolvingSymlinksInPath().standardizedFileURL.path == URL(fileURLWithPath: share).resolvingSymlinksInPath().standardizedFileURL.path {
            throw CommandSupport.Failure(code: Exit.cannotCreate, message: "install: the data would be copied onto itself (\(share)); give another --prefix")
        }
        // A file in an earlier install's data folders that garden did not put there (a brand file of the user's own) is
        // carried into the new install; one garden put there and the user changed since is refused, never lost.
        let kept = earlier ? try userFiles(share, data: data) : []
        let suffix = ".partial-\(getpid())"
        do {
            for folder in [bin, share] { try fm.createDirectory(atPath: folder, withIntermediateDirectories: true) }
            // Each data folder copied whole under a temporary name first, then moved into place.
            var installed: [String] = []
            for folder in folders {
                let source = data.path(folder)
                guard fm.fileExists(atPath: source) else { throw CommandSupport.Failure(code: Exit.noInput, message: "install: the data folder \(source) is missing") }
                try? fm.removeItem(atPath: share + "/" + folder + suffix)
                try fm.copyItem(atPath: source, toPath: share + "/" + folder + suffix)
                installed += try files(under: share + "/" + folder + suffix).map { relative in
                    "\(folder)/\(relative)\t\(try digest(share + "/" + folder + suffix + "/" + relative))"
                }
            }
            for relative in kept {
                let (folder, rest) = (String(relative.prefix { $0 != "/" }), String(relative.drop { $0 != "/" }.dropFirst()))
                let destination = share + "/" + folder + suffix + "/" + rest
                try fm.createDirectory(atPath: FilePath.folder(of: destination), withIntermediateDirectories: true)
                try fm.copyItem(atPath: share + "/" + relative, toPath: destination)
            }
            try ("garden \(GardenCommandLine.version): bin/garden and share/garden/{\(folders.joined(separator: ","))}, installed by garden install\n"
                + installed.map { $0 + "\n" }.joined())
                .write(toFile: share + "/" + record, atomically: true, encoding: .utf8)
            for folder in folders {
                if fm.fileExists(atPath: share + "/" + folder) { try fm.removeItem(atPath: share + "/" + folder) }
                try fm.moveItem(atPath: share + "/" + folder + suffix, toPath: share + "/" + folder)
            }
            // The binary: copied, made executable, moved into place (rename replaces an earlier one at once).
            let partial = target + suffix
            try? fm.removeItem(atPath: partial)
            try fm.copyItem(atPath: binary, toPath: partial)
            try fm.setAttributes([.posixPermissions: 0o755], ofItemAtPath: partial)
            guard rename(partial, target) == 0 else {
                throw CommandSupport.Failure(code: Exit.cannotCreate, message: "install: cannot move the binary to \(target): \(String(cString: strerror(errno)))")
            }
            if !kept.isEmpty { env.stdout.write("kept your own files in the data: \(kept.joined(separator: ", "))\n") }
            env.stdout.write("""
            installed garden to \(target)
            and its data (\(folders.joined(separator: ", "))) to \(share)
            run it from anywhere once \(bin) is on your PATH: export PATH="\(bin):$PATH"

            """)
            return Exit.ok
        } catch let failure as CommandSupport.Failure {
            throw failure
        } catch {
            throw CommandSupport.Failure(code: Exit.cannotCreate, message: "install: cannot install to \(prefix): \(error.localizedDescription)")
        }
    }

    /// The files under the earlier install's data folders (paths relative to `share`) that garden did not install
    /// there: not in the record's list (records written before the list: not in the new data either). A file garden
    /// installed whose content changed since, or a file of the user's whose name the new data also has, is refused
    /// (exit 73) before anything is replaced.
    static func userFiles(_ share: String, data: DataDirectory) throws -> [String] {
        let text = (try? String(contentsOfFile: share + "/" + record, encoding: .utf8)) ?? ""
        var listed: [String: String] = [:]
        for line in text.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            if fields.count == 2 { listed[String(fields[0])] = String(fields[1]) }
        }
        var kept: [String] = []
        for folder in folders where FileManager.default.fileExists(atPath: share + "/" + folder) {
            for relative in try files(under: share + "/" + folder) {
                let path = folder + "/" + relative
                let inNewData = FileManager.default.fileExists(atPath: data.path(folder) + "/" + relative)
                if let installedDigest = listed[path] {
                    guard try digest(share + "/" + path) == installedDigest else {
                        throw CommandSupport.Failure(code: Exit.cannotCreate, message: "install: \(share)/\(path) changed since garden installed it; "
                            + "garden never replaces what it did not write: move your version elsewhere, then install again")
                    }
                } else if !listed.isEmpty || !inNewData {
                    guard !inNewData else {
                        throw CommandSupport.Failure(code: Exit.cannotCreate, message: "install: \(share)/\(path) is yours and the new data has a file of "
                            + "that name; garden never replaces what it did not write: rename yours, then install again")
                    }
                    kept.append(path)
                }
            }
        }
        return kept.sorted()
    }

    /// The regular files under `folder`, as paths relative to it, sorted.
    static func files(under folder: String) throws -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
        var found: [String] = []
        while let relative = walker.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder + "/" + relative, isDirectory: &isFolder), !isFolder.boolValue { found.append(relative) }
        }
        return found.sorted()
    }

    /// The FNV-1a digest of the file at `path` (16 hex digits): whether a file is still as garden installed it.
    static func digest(_ path: String) throws -> String {
        var hasher = FNV1a()
        hasher.combine(contentsOf: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
        return hasher.hex
    }
}
