/// An error garden reports to the person running it: a message (``description``, CPFs already masked) and the
/// process's exit code (``Exit``, sysexits.h). Every boundary's error conforms — the command line's usage errors,
/// bad input rows, data and rule files, the store, the registry, import files, a command's own refusal — so a
/// command catches them in one place (`CommandSupport.run`); anything else that reaches it is a bug (exit 70).
///
/// ## Implementing
/// Give the boundary's error its code where the type is declared, from what the failure means, never from where it
/// was caught:
/// ```swift
/// extension RegistryError: GardenFailure {
///     public var exitCode: Int32 { self == .missingFile ? Exit.noInput : Exit.dataError }
/// }
/// ```
/// Internal errors (a codec's, a binary reader's) are wrapped into their boundary's type before they leave it.
public protocol GardenFailure: Error, CustomStringConvertible {
    /// The exit code this failure ends a command with: 64 usage, 65 bad input, 66 missing input, 73 cannot create,
    /// 74 I/O, 75 busy, 78 configuration (``Exit``).
    var exitCode: Int32 { get }
}

extension InputError: GardenFailure {
    /// A row that cannot be read is bad input: 65.
    public var exitCode: Int32 { Exit.dataError }
}

extension DataError: GardenFailure {
    /// 66 for a data folder or rule file that is not there or cannot be read, 78 for one that is wrong.
    public var exitCode: Int32 { isMissing ? Exit.noInput : Exit.config }
}

extension JSONScanner.SyntaxError: GardenFailure {
    /// A line that is not JSON is bad input: 65.
    public var exitCode: Int32 { Exit.dataError }
}
