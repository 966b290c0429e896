import GardenFoundation
import GardenCatalog
import GardenCommandKit

/// A sentence of what a command changed, twice: as the run shows it (its language, money as the language writes it)
/// and as the journal keeps it (English, money in its stored form ``Money/display(_:currency:)``), so the history is
/// said in the language of the run that lists it, not of the run that wrote it (issue 36;
/// ``JournalSummaryWords`` reads the kept form back in either language).
struct Said {
    /// The run's text.
    var shown: String
    /// The journal's text.
    var kept: String

    /// Text that is the same in every language (an id, a name the user typed, a date).
    init(_ plain: String) { shown = plain; kept = plain }

    init(shown: String, kept: String) {
        self.shown = shown
        self.kept = kept
    }

    static func + (left: Said, right: Said) -> Said { Said(shown: left.shown + right.shown, kept: left.kept + right.kept) }
    static func + (left: Said, right: String) -> Said { left + Said(right) }
}

/// The words of a ``Said``: `w("limit ", "limite ")` is the run's text shown and the English kept.
struct Saying {
    let words: Phrasebook

    init(_ words: Phrasebook) { self.words = words }

    func callAsFunction(_ english: String, _ portuguese: String) -> Said { Said(shown: words(english, portuguese), kept: english) }

    /// An amount: written for the run's language on the screen, in the stored form in the journal.
    func money(_ minorUnits: Int64, _ currency: String) -> Said {
        Said(shown: MoneyDisplay.text(minorUnits, currency: currency, language: words.language), kept: Money.display(minorUnits, currency: currency))
    }
}
