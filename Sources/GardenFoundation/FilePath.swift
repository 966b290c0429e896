/// A file path's folder, read without Foundation's `NSString.deletingLastPathComponent`, which traps on Linux
/// (swift-corelibs-foundation, Swift 6.3) for a path whose last component is one character with no folder before
/// it: `"y"`, `"y/"` — a user's `--db y` or `--out q` then killed garden with SIGILL before it wrote anything.
public enum FilePath {
    /// The folder part of `path`, as `NSString.deletingLastPathComponent` gives it where it does not trap: trailing
    /// slashes are dropped, then everything from the last slash on; `""` for a bare name (`"y"`, `"data.db"`), `"/"`
    /// for a name at the root (`"/y"`) and for `"/"` itself, `"."` for `"./y"`, `"a/b"` for `"a/b/c"`.
    public static func folder(of path: String) -> String {
        var bytes = Array(path.utf8)
        while bytes.count > 1 && bytes.last == UInt8(ascii: "/") { bytes.removeLast() }
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        var end = slash
        while end > 0 && bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
        if end == 0 { return "/" }
        return String(decoding: bytes[..<end], as: UTF8.self)
    }

    /// The folder `path` is in, as the file system names it: ``folder(of:)``, or `"."` for a bare name (`"y"`: the
    /// working folder) — what a check of the folder (`access`, `stat`) is given.
    public static func directory(of path: String) -> String {
        let folder = folder(of: path)
        return folder.isEmpty ? "." : folder
    }
}
