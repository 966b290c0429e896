import GardenFoundation
import GardenImage

/// The place names of `Rules/places.tsv` as read from the file, before they are compiled into the catalog
/// image (``CompiledCatalog``) that a ``PlaceList`` reads in place.
package struct PlaceNames {
    package var codes: Set<String> = []
    package var cities: Set<String> = []
    package var firstWordsByRest: [String: [String]] = [:]
    package var longestCity = 1
    package var citiesWithoutCode: Set<String> = []
    package var trailingWords: Set<String> = []
    package var wordsByCountry: [String: Set<String>] = [:]

    /// Reads `Rules/places.tsv` (see ``PlaceList`` for what each set holds).
    package init(_ file: TSVFile) {
        var countryCodes: Set<String> = []
        for record in file.records {
            let folded = String(decoding: TokenizedText(record.columns[0]).folded, as: UTF8.self)
            guard !folded.isEmpty else { continue }
            let kind = record.columns.count > 1 ? record.columns[1] : "city"
            let country = record.columns.count > 2 ? record.columns[2] : ""
            let isShort = folded.count <= 3 && !folded.contains(" ")
            if isShort, kind == "state" || kind == "city", country.count == 2 { wordsByCountry[country, default: []].insert(folded) }
            if kind == "country" { countryCodes.insert(folded) }
            if kind != "city", isShort {
                codes.insert(folded)
                trailingWords.insert(folded)
            } else if kind == "city" {
                cities.insert(folded)
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
        // A country's code names that country on any row, also where a state shares it (CA, DE, CO).
        for country in wordsByCountry.keys { wordsByCountry[country]!.subtract(countryCodes) }
    }

    /// Writes the names in the image format ``PlaceList/init(reading:)`` reads: the small sets as sorted
    /// lists, the cities and their first words as tables read in place.
    package func write(to out: inout BinaryWriter) {
        for set in [codes, trailingWords] { out.strings(set.sorted()) }
        out.integer(Int64(longestCity))
        let countries = wordsByCountry.keys.sorted()
        out.strings(countries)
        for country in countries { out.strings(wordsByCountry[country]!.sorted()) }
        ImageStringTable.write(cities.sorted().map { ($0, 0) }, to: &out)
        ImageStringTable.write(citiesWithoutCode.sorted().map { ($0, 0) }, to: &out)
        ImageStringLists.write(firstWordsByRest, to: &out)
    }
}
