import GardenFoundation
import GardenCatalog

/// Public payees by the form of their name (`Rules/public_services.tsv`): the forms of municipal and county
/// bodies ("CITY OF", "PREFEITURA DE", a place then "COUNTY"), the service words that say what was paid
/// (water → `home.utilities`, parking → `transport.parking_tolls`, a court or a tax → `taxes.government`),
/// state agencies ("DMV", "BMV") and the state names read beside them. The public-service resolver's knowledge
/// (``PublicServiceResolver``), searched in the whole line.
public enum PublicServices: PatternKnowledge {
    /// What one record of `Rules/public_services.tsv` is.
    public enum Entry: Sendable, Hashable {
        /// A public body's form at the head of a name ("city of").
        case form
        /// A form after the place ("KING COUNTY"), public only with a service word after it.
        case county
        /// A service word and the category it names.
        case service(category: String)
        /// A state agency: its name as printed in the merchant ("DMV") and its category.
        case agency(name: String, category: String)
        /// A state's code ("ca", folded) and its name ("California"); not searched for.
        case state(code: String, name: String)
    }

    public static let section = "public_service"
    public static let minimumColumns = 4
    public static let scope = KnowledgeScope.line
    public static func files(in data: DataDirectory) -> [String] { ["Rules/public_services.tsv"] }

    /// - Throws: ``DataError`` at an unknown kind, a missing name, or a category the taxonomy lacks.
    public static func read(_ record: TSVFile.Record, taxonomy: Taxonomy) throws(DataError) -> (patterns: [String], entry: Entry) {
        let pattern = record.columns[1]
        func category() throws(DataError) -> String {
            let id = record.columns[3]
            guard taxonomy.contains(id) else { throw record.error("unknown category \"\(id)\"", column: 4) }
            return id
        }
        switch record.columns[0] {
        case "form": return ([pattern], .form)
        case "county": return ([pattern], .county)
        case "service": return ([pattern], .service(category: try category()))
        case "agency":
            guard let name = record.optional(2) else { throw record.error("an agency needs its name", column: 3) }
            return ([pattern], .agency(name: name, category: try category()))
        case "state":
            guard let name = record.optional(2) else { throw record.error("a state needs its name", column: 3) }
            return ([], .state(code: TextFold.fold(pattern), name: name))
        default:
            throw record.error("unknown kind \"\(record.columns[0])\" (form, county, service, agency or state)")
        }
    }
}
