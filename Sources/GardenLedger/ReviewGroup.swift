import GardenFoundation
import GardenCatalog
import GardenEngine

/// Rows flagged for review that one correction settles: the rows of one merchant identity in one
/// direction (merchant memory is keyed so, and never crosses direction), or a single row without an
/// identity (nothing to remember: teaching it settles that row only). Built by ``ReviewQueue``.
public struct ReviewGroup: Sendable, Equatable {
    /// A sum of the group's amounts in one currency, exact minor units: added in 128 bits, so a group whose sum
    /// does not fit Int64 (each amount is within garden's bound, but enough of them are not) still has its exact
    /// total, never a clamped or wrapped one (hostile10 F16: `review` printed Int64.min as the total).
    public struct Total: Sendable, Equatable {
        public var currency: String
        /// Signed minor units, exact.
        public var sum: Int128
        public var minorDigits: Int

        public init(currency: String, minorUnits: Int64, minorDigits: Int) {
            self.currency = currency
            self.sum = Int128(minorUnits)
            self.minorDigits = minorDigits
        }

        /// The sum as Int64 minor units, nil when it does not fit (show ``decimal`` then).
        public var minorUnits: Int64? { Int64(exactly: sum) }

        /// The sum as a decimal text with the currency's digits (`-98.50`), exact at any size.
        public var decimal: String {
            let digits = String(sum.magnitude)
            let places = max(0, minorDigits)
            let padded = String(repeating: "0", count: max(0, places + 1 - digits.count)) + digits
            let whole = padded.dropLast(places), fraction = padded.suffix(places)
            return (sum < 0 ? "-" : "") + whole + (places > 0 ? "." + fraction : "")
        }
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
    /// (the placeholder `CATEGORY` when it had none, in `language` as the help names it: `CATEGORIA`,
    /// ``PlaceholderWords``) for the user to confirm or replace; `--db PATH` when given.
    public func teachCommand(db: String? = nil, language: Language = .english) -> String {
        let category = guess.category == "uncategorized" ? PlaceholderWords.word("CATEGORY", language) : guess.category
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
