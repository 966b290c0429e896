/// Place names printed at the end of card descriptors (`Rules/places.tsv`, generated from GeoNames by
/// tools/data/places.py, with hand-kept codes): state and country codes,
/// and city names with their truncations ("RIO DE JANEI"), so "TRADER JOES FAIRVIEW IL" or "CANTINA DA
/// NONNA LTDSAO PAULO BR" lose their location.
public struct PlaceList: Sendable {
    /// Folded 2–3 letter state and country codes ("sp", "br", "bra", "ny").
    public internal(set) var codes: Set<String> = []
    /// Folded city names ("sao paulo", "rio de janei").
    public internal(set) var cities: Set<String> = []
    /// City names keyed by their words after the first ("paulo" → ["sao"]), to find a city whose first
    /// word is glued to the name before it ("LTDSAO PAULO").
    public internal(set) var firstWordsByRest: [String: [String]] = [:]
    /// The most words a city name has.
    public internal(set) var longestCity = 1
    /// North American cities stripped even without a state code after them: of two or more words
    /// ("PRUNE NEW YORK"), or large one-word cities (250,000+, GeoNames) after two words of name
    /// ("SQ *JOES TACOS OAKLAND"). Brazilian descriptors print the code, and a Brazilian city name without one
    /// is too often part of the merchant's name ("BARBEARIA SAO JOSE"). Rows flagged `alone`.
    public internal(set) var citiesWithoutCode: Set<String> = []
    /// Words dropped from the end of a displayed name: the codes and the short city abbreviations
    /// ("SP", "TX", "BH", "NYC").
    public internal(set) var trailingWords: Set<String> = []

    public init() {}

    public init(_ file: TSVFile) {
        for record in file.records {
            let folded = String(decoding: TokenizedText(record.columns[0]).folded, as: UTF8.self)
            guard !folded.isEmpty else { continue }
            let kind = record.columns.count > 1 ? record.columns[1] : "city"
            if kind != "city", folded.count <= 3, !folded.contains(" ") {
                codes.insert(folded)
                trailingWords.insert(folded)
            } else if kind == "city" {
                cities.insert(folded)
                let country = record.columns.count > 2 ? record.columns[2] : ""
                let alone = record.columns.count > 3 ? record.columns[3] == "alone" : true
                if country == "US" || country == "CA", alone { citiesWithoutCode.insert(folded) }
                if folded.count <= 3, !folded.contains(" ") { trailingWords.insert(folded) }
                let words = folded.split(separator: " ")
                longestCity = max(longestCity, words.count)
                if words.count >= 2 {
                    firstWordsByRest[words.dropFirst().joined(separator: " "), default: []].append(String(words[0]))
                }
            }
        }
    }
}
