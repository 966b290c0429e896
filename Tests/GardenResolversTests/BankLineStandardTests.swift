import Foundation
import Testing
import GardenFoundation
import GardenCatalog

/// The bank's own lines written from a standard (issue 35): each line of `Rules/banks/*.tsv` that cites ISO 20022
/// Bank Transaction Codes, FEBRABAN CNAB 240 or BAI2 codes has the category those codes mean
/// (`Rules/statement_codes.tsv`), states the bank that prints it and where its meaning comes from; every code the
/// crosswalk lists is the standard's, with the standard's name (`Tests/Fixtures/statement_codes/cited_codes.tsv`,
/// copied from the standards' lists).
struct BankLineStandardTests {
    /// One crosswalk entry: a standard's code and the category it means.
    struct Code: Hashable {
        var standard: String
        var code: String
    }

    static func crosswalk() throws -> (categories: [Code: String], names: [Code: String]) {
        let data = DataDirectory(root: Fixture.root)
        var categories: [Code: String] = [:]
        var names: [Code: String] = [:]
        for record in try TSVFile(name: "Rules/statement_codes.tsv", text: data.read("Rules/statement_codes.tsv"), minimumColumns: 4).records {
            let code = Code(standard: record.columns[0], code: record.columns[1])
            categories[code] = record.columns[3]
            names[code] = record.columns[2]
        }
        return (categories, names)
    }

    /// What is wrong with the bank lines of `records` that cite a standard (column 8) against `crosswalk`: an
    /// unknown code, a category other than the code's, a line without its bank and meaning (column 9).
    static func problems(_ records: [TSVFile.Record], crosswalk: [Code: String]) -> [String] {
        var problems: [String] = []
        for record in records where record.columns.count >= 9 {
            let place = "\(record.file):\(record.line)"
            let meaning = record.columns[8]
            if !meaning.contains(":") || meaning.hasPrefix(":") { problems.append("\(place): the meaning does not name the bank that prints it") }
            let cited = record.columns[7]
            guard cited != "-" else { continue }
            for part in cited.split(separator: ";") {
                let words = part.split(separator: " ")
                guard words.count == 2 else { problems.append("\(place): \"\(part)\" is not STANDARD CODE"); continue }
                let code = Code(standard: String(words[0]), code: String(words[1]))
                guard let category = crosswalk[code] else { problems.append("\(place): \(part) is not in Rules/statement_codes.tsv"); continue }
                if !Taxonomy.id(record.columns[1], isWithin: category) {
                    problems.append("\(place): \(record.columns[1]) is not what \(part) means (\(category))")
                }
            }
        }
        return problems
    }

    static func bankLineRecords() throws -> [TSVFile.Record] {
        let data = DataDirectory(root: Fixture.root)
        return try data.files(in: "Rules/banks").flatMap { name in
            try TSVFile(name: name, text: data.read(name), minimumColumns: 7).records
        }
    }

    @Test func everyLineFromAStandardHasTheCategoryItsCodesMean() throws {
        let records = try Self.bankLineRecords()
        let cited = records.filter { $0.columns.count >= 9 }
        #expect(cited.count >= 30, "the lines written from the standards are read")
        let problems = Self.problems(records, crosswalk: try Self.crosswalk().categories)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test func aLineThatContradictsItsCodeIsCaught() throws {
        let text = "tar mensal\tincome.interest\t0.9\tout\texpense\taccount\t-\tCNAB240 105\tA bank: a fee\n"
            + "tar avulsa\tfees.bank\t0.9\tout\texpense\taccount\t-\tCNAB240 999\tA bank: a fee\n"
            + "tarifa\tfees.bank\t0.9\tout\texpense\taccount\t-\tCNAB240 105\ta fee, no bank\n"
        let records = try TSVFile(name: "wrong.tsv", text: text, minimumColumns: 7).records
        let problems = Self.problems(records, crosswalk: try Self.crosswalk().categories)
        #expect(problems.count == 3, "\(problems)")
    }

    @Test func everyCodeOfTheCrosswalkIsTheStandards() throws {
        let data = DataDirectory(root: Fixture.root)
        let name = "Tests/Fixtures/statement_codes/cited_codes.tsv"
        var standard: [Code: String] = [:]
        for record in try TSVFile(name: name, text: data.read(name), minimumColumns: 3).records {
            standard[Code(standard: record.columns[0], code: record.columns[1])] = record.columns[2]
        }
        let names = try Self.crosswalk().names
        #expect(names.count >= 30)
        for (code, name) in names {
            #expect(standard[code] == name, "\(code.standard) \(code.code): the standard names it \(standard[code] ?? "nothing")")
        }
    }
}
