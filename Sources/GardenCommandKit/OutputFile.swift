import Foundation
import GardenFoundation

/// A file a command writes (`report --out`): made new with mode 0600 (what it holds is financial data), never
/// over a file that exists unless `replacing` (`--force`); written whole to a temporary file beside it and
/// renamed into place, so a reader never sees half of it and a failed write leaves what was there.
package struct OutputFile {
    package let path: String
    package let replacing: Bool

    /// Checks the path before anything is computed.
    /// - Throws: ``CommandSupport/Failure`` 73 when the path is a folder, its folder does not exist, or the
    ///   file exists and `replacing` is false.
    package init(path: String, replacing: Bool) throws {
        self.path = path
        self.replacing = replacing
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
            if isFolder.boolValue { throw CommandSupport.Failure(code: Exit.cannotCreate, message: "\(path) is a folder; give --out a file name") }
            if !replacing {
                throw CommandSupport.Failure(code: Exit.cannotCreate, message: "\(path) exists; garden never overwrites a file: give --out a new name, or add --force to replace it")
            }
        }
        let folder = (path as NSString).deletingLastPathComponent
        var folderIsFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.isEmpty ? "." : folder, isDirectory: &folderIsFolder), folderIsFolder.boolValue else {
            throw CommandSupport.Failure(code: Exit.cannotCreate, message: "cannot write \(path): the folder \(folder) does not exist")
        }
    }

    /// Writes `text` (UTF-8).
    /// - Throws: ``CommandSupport/Failure`` 73 when the file cannot be made, 74 when writing fails.
    package func write(_ text: String) throws {
        let temporary = path + ".partial-\(ProcessInfo.processInfo.processIdentifier)"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw CommandSupport.Failure(code: Exit.cannotCreate, message: "cannot write \(path): \(String(cString: strerror(errno)))")
        }
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            written += count
        }
        let synced = fsync(descriptor) == 0
        close(descriptor)
        guard written == bytes.count, synced else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw CommandSupport.Failure(code: Exit.ioError, message: "cannot write \(path): \(reason)")
        }
        // A file that appeared meanwhile is not replaced unless asked (link(2) fails when the name exists).
        if !replacing {
            defer { unlink(temporary) }
            guard link(temporary, path) == 0 else {
                throw CommandSupport.Failure(code: Exit.cannotCreate, message: "cannot write \(path): \(String(cString: strerror(errno)))")
            }
            return
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw CommandSupport.Failure(code: Exit.ioError, message: "cannot write \(path): \(reason)")
        }
    }
}
