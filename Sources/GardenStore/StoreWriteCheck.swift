import Foundation
import GardenFoundation

/// Whether a store can be opened for writing, told before SQLite is asked (so the user reads what to do,
/// not "attempt to write a readonly database"): what the file system says about the store file, its
/// folder and the WAL's `-wal` and `-shm` files beside it.
///
/// A writer needs the store file writable and, in WAL mode, `PATH-wal` and `PATH-shm` writable: either
/// both already there and writable, or a writable folder to create them in. A new store needs its folder
/// to exist (only the default store's folder is created) and be writable.
struct StoreWriteCheck: Equatable {
    var fileExists: Bool
    var fileWritable: Bool
    var folderExists: Bool
    var folderWritable: Bool
    /// `PATH-wal` and `PATH-shm` both exist and are writable.
    var sidecarsWritable: Bool

    /// What the file system says about `path` now.
    static func observe(_ path: String) -> StoreWriteCheck {
        let folder = FilePath.directory(of: path)
        return StoreWriteCheck(fileExists: access(path, F_OK) == 0, fileWritable: access(path, W_OK) == 0,
                               folderExists: FileManager.default.fileExists(atPath: folder), folderWritable: access(folder, W_OK) == 0,
                               sidecarsWritable: access(path + "-wal", W_OK) == 0 && access(path + "-shm", W_OK) == 0)
    }

    /// Why the store at `path` cannot be written, nil when it can. `createFolder`: a missing folder may
    /// be made (the default store's), else it is ``StoreFailure/cannotCreate(_:)``; a read-only store or
    /// folder is ``StoreFailure/io(_:)``.
    func failure(_ path: String, createFolder: Bool) -> StoreFailure? {
        let folder = FilePath.directory(of: path)
        if !fileExists {
            if !folderExists {
                return createFolder ? nil : .cannotCreate("cannot create the store \(path): the folder \(folder) does not exist; "
                    + "create it (mkdir -p \(folder)) or give --db a path in a folder that exists")
            }
            return folderWritable ? nil : .cannotCreate("cannot create the store \(path): the folder \(folder) is not writable by you; "
                + "give --db a path in a folder you can write")
        }
        if !fileWritable {
            return .io("the store \(path) is read-only: this command writes to it; make it writable (chmod u+w \(path)), "
                + "or run only commands that read (resolve without --record, explain, rules list, links, budgets)")
        }
        if !folderWritable && !sidecarsWritable {
            return .io("the store \(path) cannot be written: its folder \(folder) is read-only and garden writes "
                + "\(path)-wal and \(path)-shm beside it; make the folder writable, or run only commands that read")
        }
        return nil
    }
}
