import Foundation
import GardenFoundation

/// Finds garden's data folders (`Rules/`, `Brands/`, `CNAE/`) and reads their files.
///
/// Search order: an explicit directory (`--data DIR`), `$GARDEN_DATA`, the resources bundle SwiftPM
/// copies beside the built binary (`garden_GardenCatalog.resources`), the data `garden install --prefix DIR` puts
/// beside an installed binary (`DIR/share/garden` for `DIR/bin/garden`), then the source checkout the binary was
/// built from. The first that holds `Rules/taxonomy.tsv` wins.
public struct DataDirectory: Sendable {
    /// The directory holding `Rules/`, `Brands/` and `CNAE/`.
    public let root: URL

    public init(root: URL) { self.root = root }

    /// Locates the data directory, or throws a ``DataError`` listing where it looked (an explicit folder
    /// that does not exist: ``DataError/isMissing``).
    public static func locate(explicit: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment) throws(DataError) -> DataDirectory {
        var candidates: [URL] = []
        if let explicit {
            guard FileManager.default.fileExists(atPath: explicit) else { throw DataError(file: explicit, line: 0, "no such data folder", missing: true) }
            candidates.append(URL(fileURLWithPath: explicit))
        }
        if let env = environment["GARDEN_DATA"], !env.isEmpty { candidates.append(URL(fileURLWithPath: env)) }
        if explicit == nil && environment["GARDEN_DATA"].map({ $0.isEmpty }) ?? true {
            if let exe = Bundle.main.executableURL?.resolvingSymlinksInPath() {
                let folder = exe.deletingLastPathComponent()
                candidates.append(folder.appendingPathComponent("garden_GardenCatalog.resources"))
                candidates.append(folder.deletingLastPathComponent().appendingPathComponent("share/garden"))
            }
            // The checkout this file was compiled from: Sources/GardenCatalog/DataDirectory.swift → repo root.
            candidates.append(URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent())
        }
        for candidate in candidates where FileManager.default.fileExists(atPath: candidate.appendingPathComponent("Rules/taxonomy.tsv").path) {
            return DataDirectory(root: candidate)
        }
        throw DataError(file: candidates.first?.path ?? "(none)", line: 0,
                        "no garden data (Rules/taxonomy.tsv) found in: \(candidates.map(\.path).joined(separator: ", ")); pass --data DIR or set GARDEN_DATA")
    }

    /// Reads `relative` (e.g. "Rules/mcc.tsv") as UTF-8.
    public func read(_ relative: String) throws(DataError) -> String {
        let url = root.appendingPathComponent(relative)
        // Read and checked as bytes (no Foundation `Data` and string bridging: every start-up reads ~2 MB).
        guard let bytes = CompiledCatalog.readFile(url.path) ?? (FileManager.default.contents(atPath: url.path).map { [UInt8]($0) }) else {
            throw DataError(file: relative, line: 0, "cannot read \(url.path)")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw DataError(file: relative, line: 0, "not UTF-8") }
        return text
    }

    /// The absolute path of `relative` in this data directory.
    public func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    /// Whether this data directory holds `relative` (for the optional files: a calibration, a trained model).
    public func contains(_ relative: String) -> Bool { FileManager.default.fileExists(atPath: path(relative)) }

    /// Reads a TSV data file.
    public func tsv(_ relative: String, minimumColumns: Int) throws(DataError) -> TSVFile {
        try TSVFile(name: relative, text: read(relative), minimumColumns: minimumColumns)
    }

    /// The `.tsv` files of a folder, sorted by name.
    public func files(in folder: String, suffix: String = ".tsv") -> [String] {
        let path = root.appendingPathComponent(folder).path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.filter { $0.hasSuffix(suffix) }.sorted().map { "\(folder)/\($0)" }
    }
}
