import GardenFoundation
import GardenImportKit

/// Header cells as dialect and synonym data write them: folded (case, accents), punctuation and
/// symbols as spaces, spaces collapsed (`Valor (R$)` → `valor r`, `Check or Slip #` → `check or slip`,
/// `Ag./Origem` → `ag origem`).
public enum CSVHeader {
    public static func key(_ cell: String) -> String {
        let text = String(decoding: TextFold.fold(Array(cell.utf8)), as: UTF8.self)
        let words = text.split(whereSeparator: { !($0.isLetter || $0.isNumber) })
        return words.joined(separator: " ")
    }
}
