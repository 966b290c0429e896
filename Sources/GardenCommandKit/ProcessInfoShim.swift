import Foundation

/// The process environment, for the executable.
public enum ProcessInfoShim {
    public static var environment: [String: String] { ProcessInfo.processInfo.environment }
    /// Cores available to this process.
    public static var processorCount: Int { ProcessInfo.processInfo.activeProcessorCount }
}
