import Foundation
import GardenStore

/// Where ``Store/snapshot(from:to:replacing:)`` may write: a path that holds nothing yet, or — only when
/// the caller says so (`garden snapshot --force`) — a regular file that is not part of the store being
/// copied. The store itself, its `-wal`, `-shm` and `.key` files are never replaced, however they are
/// reached (`dir/../dir/garden.db`, a hard link, a symbolic link): files are compared by device and
/// inode, never by path text. Nor is anything that is not a regular file (a device such as `/dev/full`,
/// a FIFO, a socket, a folder), even with `replacing`.
public enum SnapshotTarget {
    /// A file's identity: the device it lives on and its inode there.
    struct FileID: Equatable {
        var device: UInt64
        var inode: UInt64
    }

    /// What is at `path`, following symbolic links: nil when nothing is there (or a link points nowhere).
    static func status(_ path: String) -> stat? {
        var info = stat()
        return stat(path, &info) == 0 ? info : nil
    }

    /// Whether anything, even a dangling symbolic link, is at `path` itself.
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    static func id(_ info: stat) -> FileID { FileID(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)) }

    /// The identities of the files that make up the store at `store` (the database, its write-ahead log,
    /// its shared-memory index, its identity key), those that exist.
    static func storeFiles(_ store: String) -> [FileID] {
        ["", "-wal", "-shm", ".key", "-journal"].compactMap { status(store + $0).map(id) }
    }

    /// Checks that a snapshot of `store` may be written to `destination` and its key to `destination.key`.
    /// - Throws: ``StoreFailure/cannotCreate(_:)`` naming the path and what to do: the path is the store
    ///   (or one of its files), is not a regular file, or exists and `replacing` is false.
    public static func check(_ destination: String, store: String, replacing: Bool) throws {
        let protected = storeFiles(store)
        for (path, what) in [(destination, "the snapshot"), (destination + ".key", "the snapshot's key")] {
            if let info = status(path) {
                if protected.contains(id(info)) {
                    throw StoreFailure.cannotCreate("cannot write \(what) to \(path): it is the store \(store) itself (or one of its files); give another --out")
                }
                guard info.st_mode & S_IFMT == S_IFREG else {
                    let kind = info.st_mode & S_IFMT == S_IFDIR ? "a folder" : "not a regular file"
                    throw StoreFailure.cannotCreate("cannot write \(what) to \(path): it is \(kind); give the snapshot's file name")
                }
            } else if !exists(path) {
                continue
            }
            guard replacing else {
                throw StoreFailure.cannotCreate("cannot write \(what) to \(path): the file exists; give --force to replace it, or another --out")
            }
        }
    }
}
