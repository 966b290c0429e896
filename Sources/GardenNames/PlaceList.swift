import GardenFoundation
import GardenImage

/// Place names printed at the end of card descriptors (`Rules/places.tsv`, generated from GeoNames by
/// tools/data/places.py, with hand-kept codes): state and country codes,
/// and city names with their truncations ("RIO DE JANEI"), so "TRADER JOES FAIRVIEW IL" or "CANTINA DA
/// NONNA LTDSAO PAULO BR" lose their location.
///
/// Read from the compiled catalog image (``CompiledCatalog``, written from ``PlaceNames``): the thousands of
/// city names are looked up in place there, never decoded into a `Set` at start-up.
public struct PlaceList: Sendable {
    /// Folded 2–3 letter state and country codes ("sp", "br", "bra", "ny").
    public internal(set) var codes: Set<String> = []
    /// Folded city names ("sao paulo", "rio de janei").
    public internal(set) var cities = ImageStringTable()
    /// City names keyed by their words after the first ("paulo" → ["sao"]), to find a city whose first
    /// word is glued to the name before it ("LTDSAO PAULO").
    public internal(set) var firstWordsByRest = ImageStringLists()
    /// The most words a city name has.
    public internal(set) var longestCity = 1
    /// North American cities stripped even without a state code after them: of two or more words
    /// ("PRUNE NEW YORK"), or large one-word cities (250,000+, GeoNames) after two words of name
    /// ("SQ *JOES TACOS OAKLAND"). Brazilian descriptors print the code, and a Brazilian city name without one
    /// is too often part of the merchant's name ("BARBEARIA SAO JOSE"). Rows flagged `alone`.
    public internal(set) var citiesWithoutCode = ImageStringTable()
    /// Words dropped from the end of a displayed name: the codes and the short city abbreviations
    /// ("SP", "TX", "BH", "NYC").
    public internal(set) var trailingWords: Set<String> = []
    /// The codes and trailing words that belong to one country ("BR": the UFs and "BH", "US": the states
    /// and "NYC", "CA": the provinces), by that country's ISO code; codes of no one country (country codes
    /// such as "BR", "USA", and "CA", "DE", "CO" that are also states) are in none. A state code names a place only on its own country's rows: "MO"
    /// after a Brazilian Pix name is the name cut short ("LUIS MO"), not Missouri.
    public internal(set) var wordsByCountry: [String: Set<String>] = [:]

    public init() {}

    /// The place list at `input`'s position (written by ``PlaceNames/write(to:)``), passed over.
    package init(reading input: inout BinaryReader) throws(BinaryReader.Malformed) {
        codes = Set(try input.strings())
        trailingWords = Set(try input.strings())
        longestCity = Int(try input.int64())
        for country in try input.strings() { wordsByCountry[country] = Set(try input.strings()) }
        cities = try ImageStringTable(reading: &input)
        citiesWithoutCode = try ImageStringTable(reading: &input)
        firstWordsByRest = try ImageStringLists(reading: &input)
    }

    /// Whether `word` (folded) is a code that names a place on a row of `country` (nil: any country).
    public func isCode(_ word: String, country: String?) -> Bool {
        codes.contains(word) && isLocal(word, country: country)
    }

    /// Whether `word` (folded), a code or trailing word, names a place on a row of `country`: it belongs to
    /// that country or to none; any word when the row's country is unknown (nil) or has no places listed.
    public func isLocal(_ word: String, country: String?) -> Bool {
        guard let country, let local = wordsByCountry[country] else { return true }
        if local.contains(word) { return true }
        return !wordsByCountry.values.contains { $0.contains(word) }
    }

    /// ``trailingWords`` that name a place on a row of `country` (``isLocal(_:country:)``).
    public func trailingWords(country: String?) -> Set<String> {
        trailingWords.filter { isLocal($0, country: country) }
    }
}
