/// Exit codes (sysexits.h): 0 ok, 64 usage, 65 bad input (after the whole stream), 66 no input,
/// 73 an output that cannot be created (a store whose folder is missing or read-only; a file the one rule for written files refuses: `OutputTarget`), 74 I/O error (a read-only store), 75 temporary failure (the store stayed locked past the busy timeout), 78 configuration
/// (data or rule files, a store garden does not own or with a newer schema, a damaged identity key).
public enum Exit {
    public static let ok: Int32 = 0
    public static let usage: Int32 = 64
    public static let dataError: Int32 = 65
    public static let noInput: Int32 = 66
    /// An error no boundary type describes reached the command: a bug in garden (EX_SOFTWARE).
    public static let software: Int32 = 70
    public static let cannotCreate: Int32 = 73
    public static let ioError: Int32 = 74
    public static let busy: Int32 = 75
    public static let config: Int32 = 78
}
