import Foundation
import GardenFoundation

/// The one rule for every file a command writes (`report --out`, `snapshot --out` and its key, the registry of
/// `registry import`; a store is made only where nothing is, and never under another database's companion name):
/// **create, or replace only a regular file the command wrote before, never a store, its companions or anything
/// that is not a regular file.**
///
/// Refused, whatever the path's text (`dir/../dir/garden.db`, a hard or symbolic link: files are compared by
/// device and inode), with ``OutputRefusal/cannotCreate(_:)`` (exit 73) naming the path and what to do:
/// - a file of a store the command protects (the store, its `-wal`, `-shm`, `-journal` and `.key`; the registry);
/// - a companion name of any SQLite database (`other.db-wal`, `other.db.key` beside an `other.db`), existing or not:
///   SQLite and garden would read what is written there as that database's log or key;
/// - a symbolic link, a folder, a device (`/dev/full`), a FIFO or a socket, even with `replacing`;
/// - an existing regular file without `replacing` (`--force`), or with it one the command did not write
///   (`isOwn` tells: an earlier page of `report`, an earlier snapshot);
/// - a path in a folder that does not exist or that cannot be written.
///
/// What is written goes to a new temporary file beside the target (`PATH.partial-PID-N`, made exclusively, mode
/// 0600 from the start) and is moved into place only when whole: a reader never sees half a file, a failed write
/// leaves what was there. The checks run again just before the move, so a file that appeared meanwhile is not
/// replaced unless the rule allows it (a new name is linked into place, which fails when the name exists).
public struct OutputTarget: Sendable {
    /// The path to write.
    public let path: String
    /// What is written, for messages (`the report`, `the snapshot's key`).
    public let what: String
    /// Whether an existing file the command wrote may be replaced (`--force`).
    public let replacing: Bool
    /// The files of the stores the command works on.
    let protected: [FileID]
    /// Whether the regular file at a path is one the command wrote.
    let isOwn: @Sendable (String) -> Bool
    /// The database this file belongs beside (a snapshot's key beside the snapshot), whose companion name it may take.
    let owner: String?
    /// How the command writes the file.
    let mode: Mode

    /// How a command writes its file.
    public enum Mode: Sendable {
        /// Whole, to a temporary file moved into place (``commit(_:)``): a symbolic link is refused, since the move
        /// would replace the link, not what it names.
        case replace
        /// In place (a database updated by SQLite, the registry): a symbolic link is followed to what it names,
        /// which must be a regular file the command wrote.
        case update
    }

    /// A file's identity: the device it lives on and its inode there.
    struct FileID: Equatable, Sendable {
        var device: UInt64
        var inode: UInt64
    }

    /// The names SQLite and garden give the files beside a database `X`: `X-wal`, `X-shm`, `X-journal`, `X.key`.
    public static let companionSuffixes = ["-wal", "-shm", "-journal", ".key"]

    /// Checks `path` before anything is computed.
    /// - Parameters:
    ///   - stores: the stores (and registries) whose files are never written, with their companions.
    ///   - owner: the database the file belongs beside (`FILE` for a snapshot's `FILE.key`).
    ///   - mode: whether the file is replaced whole or updated in place.
    ///   - isOwn: whether an existing regular file is one this command wrote (only such a file is replaced).
    /// - Throws: ``OutputRefusal/cannotCreate(_:)`` as the type's rule says.
    public init(_ path: String, what: String, replacing: Bool, protecting stores: [String], owner: String? = nil, mode: Mode = .replace,
                isOwn: @escaping @Sendable (String) -> Bool) throws {
        self.path = path
        self.what = what
        self.replacing = replacing
        self.protected = stores.flatMap { store in ([""] + Self.companionSuffixes).compactMap { Self.status(store + $0).map(Self.id) } }
        self.isOwn = isOwn
        self.owner = owner
        self.mode = mode
        guard !path.isEmpty else { throw OutputRefusal.cannotCreate("cannot write \(what): no file name given") }
        try checkFolder()
        try check()
    }

    /// The folder exists, is a folder, and can be written.
    func checkFolder() throws {
        let folder = FilePath.directory(of: path)
        guard let info = Self.status(folder), info.st_mode & S_IFMT == S_IFDIR else {
            throw OutputRefusal.cannotCreate("cannot write \(what) to \(path): the folder \(folder) does not exist")
        }
        guard access(folder, W_OK) == 0 else {
            throw OutputRefusal.cannotCreate("cannot write \(what) to \(path): the folder \(folder) is not writable by you")
        }
    }

    /// What is at the path now may be written over (or nothing is there).
    func check() throws {
        if Self.companionDatabase(of: path) != owner { try Self.refuseCompanionName(path, what: what) }
        var link = stat()
        guard lstat(path, &link) == 0 else { return }
        if let info = Self.status(path), protected.contains(Self.id(info)) {
            throw OutputRefusal.cannotCreate("cannot write \(what) to \(path): it is the store itself (or one of its files); give another name")
        }
        if mode == .update, link.st_mode & S_IFMT == S_IFLNK {
            guard let target = Self.status(path) else {
                throw OutputRefusal.cannotCreate("cannot write \(what) to \(path): it is a symbolic link to nothing; give a file name")
            }
            link = target
        }
        switch link.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFLNK: throw OutputRefusal.cannotCreate("cannot write \(what) to \(path): it is a symbolic link; garden replaces only a regular file it wrote, give another name")
        case S_IFDIR: throw OutputRefusal.cannotCreate("cannot write \(what) to \(path): it is a folder; give a file name")
        default: throw OutputRefusal.cannotCreate("cannot write \(what) to \(path): it is not a regular file (a device, a pipe or a socket); give a file name")
        }
        guard replacing else {
            throw OutputRefusal.cannotCreate("cannot write \(what) to \(path): the file exists; give --force to replace it, or another name")
        }
        guard isOwn(path) else {
            throw OutputRefusal.cannotCreate("cannot write \(what) to \(path): the file exists and garden did not write it as \(what); garden "
                + "never replaces a file it did not write, even with --force: give another name")
        }
    }

    /// A new empty file beside the target (`PATH.partial-PID-N`, made exclusively, mode 0600), to write and then
    /// ``commit(_:)``.
    /// - Throws: ``OutputRefusal/cannotCreate(_:)`` when no file can be made there.
    public func temporaryFile() throws -> String {
        for attempt in 0..<100 {
            let candidate = path + ".partial-\(ProcessInfo.processInfo.processIdentifier)-\(attempt)"
            let descriptor = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if descriptor >= 0 { close(descriptor); return candidate }
            guard errno == EEXIST else { throw OutputRefusal.cannotCreate("cannot write \(what) to \(path): \(String(cString: strerror(errno)))") }
        }
        throw OutputRefusal.cannotCreate("cannot write \(what) to \(path): no temporary file can be made beside it")
    }

    /// Moves the whole `temporary` file into place, after checking the target again; the temporary file is gone
    /// either way.
    /// - Throws: ``OutputRefusal/cannotCreate(_:)`` when the rule now refuses the target (a file appeared), or
    ///   ``OutputRefusal/io(_:)`` when the move fails.
    public func commit(_ temporary: String) throws {
        do { try check() } catch { unlink(temporary); throw error }
        var info = stat()
        if lstat(path, &info) != 0 {
            // A new name: linked into place, which fails when something took the name meanwhile.
            defer { unlink(temporary) }
            guard link(temporary, path) == 0 else {
                throw OutputRefusal.cannotCreate("cannot write \(what) to \(path): \(String(cString: strerror(errno)))")
            }
            return
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw OutputRefusal.io("cannot write \(what) to \(path): \(reason)")
        }
    }

    /// Writes `bytes` whole (synced to disk) and moves them into place (``commit(_:)``).
    /// - Throws: ``OutputRefusal/cannotCreate(_:)`` as ``commit(_:)``; ``OutputRefusal/io(_:)`` when writing fails
    ///   (a full disk): the target is then as it was.
    public func write(_ bytes: [UInt8]) throws {
        let temporary = try temporaryFile()
        let descriptor = open(temporary, O_WRONLY | O_TRUNC | O_CLOEXEC)
        guard descriptor >= 0 else {
            unlink(temporary)
            throw OutputRefusal.cannotCreate("cannot write \(what) to \(path): \(String(cString: strerror(errno)))")
        }
        var written = 0
        var failure: Int32 = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            if count <= 0 { failure = errno; break }
            written += count
        }
        if written == bytes.count, fsync(descriptor) != 0 { failure = errno }
        close(descriptor)
        guard written == bytes.count, failure == 0 else {
            unlink(temporary)
            throw OutputRefusal.io("cannot write \(what) to \(path): \(String(cString: strerror(failure == 0 ? EIO : failure)))")
        }
        try commit(temporary)
    }

    /// Refuses a path named as a database's companion (``companionDatabase(of:)``): SQLite and garden would read
    /// what is written there as that database's log or key. With `unlessFilled`, a file that already holds
    /// something (a store garden made before) is let through.
    /// - Throws: ``OutputRefusal/cannotCreate(_:)`` naming the database.
    public static func refuseCompanionName(_ path: String, what: String, unlessFilled: Bool = false) throws {
        // A file with content is told by its size, not by reading it: it may be a store this process has a connection
        // to, and closing a descriptor of it would drop SQLite's locks (sqlite.org/howtocorrupt.html, 2.2).
        if unlessFilled, let info = status(path), info.st_mode & S_IFMT == S_IFREG, info.st_size > 0 { return }
        guard let database = companionDatabase(of: path) else { return }
        throw OutputRefusal.cannotCreate("cannot write \(what) to \(path): that name belongs to the database \(database) (its "
            + "\(path.dropFirst(database.count)) file), which would read it as its own; give another name")
    }

    /// The database whose companion `path` is named as (`X` for `X-wal` when `X` is an SQLite file), if any.
    public static func companionDatabase(of path: String) -> String? {
        for suffix in companionSuffixes where path.hasSuffix(suffix) && path.count > suffix.count {
            let database = String(path.dropLast(suffix.count))
            if isSQLiteFile(database) { return database }
        }
        return nil
    }

    /// Whether the file at `path` begins with SQLite's header ("SQLite format 3\0").
    public static func isSQLiteFile(_ path: String) -> Bool {
        guard let header = leadingBytes(path, count: 16) else { return false }
        return header == Array("SQLite format 3\0".utf8)
    }

    /// The first `count` bytes of the regular file at `path` (fewer when it is shorter); nil when it is no regular
    /// file or cannot be read. Never blocks on a FIFO or a device.
    public static func leadingBytes(_ path: String, count: Int) -> [UInt8]? {
        guard let info = status(path), info.st_mode & S_IFMT == S_IFREG else { return nil }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: count)
        let read = bytes.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, count) }
        guard read >= 0 else { return nil }
        return Array(bytes.prefix(read))
    }

    /// What is at `path`, following symbolic links: nil when nothing is there (or a link points nowhere).
    public static func status(_ path: String) -> stat? {
        var info = stat()
        return stat(path, &info) == 0 ? info : nil
    }

    static func id(_ info: stat) -> FileID { FileID(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)) }
}

/// Why a file may not be written (``OutputTarget``).
public enum OutputRefusal: GardenFailure, Sendable, Equatable {
    /// The rule refuses the path, or no file can be made there (sysexits 73): the message names it and what to do.
    case cannotCreate(String)
    /// Writing or moving the file failed (a full disk; sysexits 74): what was there is left as it was.
    case io(String)

    public var description: String {
        switch self {
        case .cannotCreate(let message), .io(let message): message
        }
    }

    /// 73 for a path the rule refuses, 74 when writing fails.
    public var exitCode: Int32 {
        if case .io = self { return Exit.ioError }
        return Exit.cannotCreate
    }
}
