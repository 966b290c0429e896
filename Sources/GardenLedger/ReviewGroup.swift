import GardenFoundation
import GardenCatalog
import GardenEngine

/// Rows flagged for review that one correction settles: the rows of one merchant identity in one
/// direction (merchant memory is keyed so, and never crosses direction), or a single row without an
/// identity (nothing to remember: teaching it settles that row only). Built by ``ReviewQueue``.
public struct ReviewGroup: Sendable, Equatable {
    /// A sum of the group's amounts in one currency, exact minor units.
    public struct Total: Sendable, Equatable {
        public var currency: String
        /// Signed minor units; saturates at `Int64.min`/`Int64.max` rather than trap.
        public var minorUnits: Int64
        public var minorDigits: Int
        /// The sum as a decimal text with the currency's digits (`-98.50`).
        public var decimal: String { LedgerInput(amount: minorUnits, currency: currency, minorDigits: minorDigits).decimalAmount ?? "0" }
    }

    /// garden's best guess for the group: the category most of its rows got, with the highest
    /// confidence among those rows.
    public struct Guess: Sendable, Equatable {
        public var category: String
        /// The category's name as the rows were recorded (their language).
        public var name: String
        public var confidence: Confidence
    }

    /// The merchant identity (``LedgerEntry/merchantKey``); nil for a row without one.
    public var identity: String?
    public var direction: String?
    /// The merchant name most of the rows show.
    public var merchant: String?
    /// The rows, newest first (by date, then id).
    public var rowIDs: [String]
    /// Per currency, by code.
    public var totals: [Total]
    /// Up to two different descriptors of the group, newest first.
    public var samples: [String]
    public var guess: Guess
    /// Why garden was unsure: the rows' review reasons, most frequent first.
    public var reasons: [String]

    public var count: Int { rowIDs.count }

    /// Why garden was unsure of the group, as one kind (``ReviewDoubt``): the queue lists the groups by it.
    public var doubt: ReviewDoubt { ReviewDoubt.of(reasons: reasons) }

    /// Whether one correction settles every row (merchant memory decides the identity's rows on the
    /// next `recategorize`) or only the row taught (no identity).
    public var settlesMerchant: Bool { identity != nil }

    /// The row `teachCommand` corrects: the newest.
    public var teachRowID: String { rowIDs[0] }

    /// The one `garden teach` command that settles the group, with garden's guess as the category
    /// (`CATEGORY` when it had none) for the user to confirm or replace; `--db PATH` when given.
    public func teachCommand(db: String? = nil) -> String {
        let category = guess.category == "uncategorized" ? "CATEGORY" : guess.category
        return "garden teach --id \(Self.shellWord(teachRowID)) --category \(category)" + (db.map { " --db " + Self.shellWord($0) } ?? "")
    }

    /// `text` as one shell word: as it is when it holds only characters no shell treats specially, else
    /// in single quotes.
    static func shellWord(_ text: String) -> String {
        let safe = !text.isEmpty && text.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "._:/@%+=,-".unicodeScalars.contains(scalar))
        }
        return safe ? text : "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
