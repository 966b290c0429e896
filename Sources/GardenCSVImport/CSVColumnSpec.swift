import Foundation
import GardenImportKit

/// The `--columns` option: the roles of a CSV file's columns in order, comma-separated, `-` for a
/// column to ignore, and `header` first when the file's first line is a header to skip:
/// `--columns date,-,description,debit,credit,balance`. Roles: ``CSVLayout/Role``.
public enum CSVColumnSpec {
    /// The layout the spec describes (conventions as the generic reader detects them).
    /// - Throws: a message naming the unknown role.
    public static func layout(_ spec: String) throws(ImportError) -> CSVLayout {
        var layout = CSVLayout()
        layout.dialect = "columns"
        var names = spec.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        if names.first == "header" {
            layout.headerIndex = 0
            names.removeFirst()
        }
        for (index, name) in names.enumerated() where name != "-" && !name.isEmpty {
            guard let role = CSVLayout.Role(rawValue: name) else {
                let known = CSVLayout.Role.allCases.map(\.rawValue).joined(separator: ", ")
                throw ImportError(file: "--columns", line: 0, "unknown role \"\(name)\"; expected one of \(known) or -")
            }
            layout.columns[role] = index
        }
        guard layout.columns[.date] != nil,
              layout.columns[.amount] != nil || (layout.columns[.debit] != nil && layout.columns[.credit] != nil) else {
            throw ImportError(file: "--columns", line: 0, "needs a date column and an amount (or debit and credit) column")
        }
        return layout
    }
}
