import Foundation
import GardenFiles
import GardenStore

extension Store {
    /// Whether the file at `path` is a snapshot garden wrote (``Store/snapshot(from:to:replacing:protecting:)``): an SQLite
    /// database marked as garden's (`application_id` "GRDN", bytes 68–71 of the header) in rollback-journal mode
    /// (bytes 18–19 are 1; a live store is in WAL mode, 2).
    public static func isSnapshotFile(_ path: String) -> Bool {
        guard OutputTarget.isSQLiteFile(path), let header = OutputTarget.leadingBytes(path, count: 100), header.count == 100 else { return false }
        return header[18] == 1 && header[19] == 1 && Array(header[68..<72]) == Array("GRDN".utf8)
    }

    /// Whether the file at `path` is an identity key as garden writes one: 32 bytes.
    public static func isKeyFile(_ path: String) -> Bool {
        guard let info = OutputTarget.status(path), info.st_mode & S_IFMT == S_IFREG else { return false }
        return info.st_size == 32
    }
}
