import Foundation
import Testing
import GardenFoundation
import GardenCatalog
import GardenEngine
import GardenResolvers

/// Line cases beside the data (hledger's case files): a data file `Brands/br-pharmacy.tsv` may have
/// `Brands/br-pharmacy.cases` next to it, each line a descriptor and what garden must make of it. This one
/// test runs every case file of the data folders, so adding a brand or a bank line can add its case.
///
/// Format (TSV, `#` lines are the header with the cases' source): `descriptor  amount  category  merchant
/// kind  [currency]`; `-` leaves a column unchecked (a case states only what its source backs); the currency
/// (default BRL) sets the row's country as statements do (USD: a US row, ``BrandScope/country(of:)``).
struct LineCaseFileTests {
    /// One case: where it is written, the row, and what is expected.
    struct LineCase: CustomStringConvertible {
        var location: String
        var descriptor: String
        var amount: String
        var category: String?
        var merchant: String?
        var kind: String?
        var currency: String?
        var description: String { "\(location): \(descriptor)" }
    }

    /// The folders whose data files may have case files.
    static let folders = ["Rules", "Rules/banks", "Brands", "CNAE"]

    /// Every case of every case file, in file order.
    static func cases() throws -> [LineCase] {
        let data = DataDirectory(root: Fixture.root)
        var cases: [LineCase] = []
        for name in folders.flatMap({ data.files(in: $0, suffix: ".cases") }) {
            for record in try TSVFile(name: name, text: data.read(name), minimumColumns: 5).records {
                func checked(_ k: Int) -> String? { record.columns[k] == "-" ? nil : record.columns[k] }
                cases.append(LineCase(location: "\(record.file):\(record.line)", descriptor: record.columns[0], amount: record.columns[1],
                                      category: checked(2), merchant: checked(3), kind: checked(4),
                                      currency: record.optional(5)))
            }
        }
        return cases
    }

    @Test func everyCaseFileHoldsForItsData() throws {
        let all = try Self.cases()
        #expect(all.count >= 20, "the seeded case files are found")
        for line in all {
            let resolution = Fixture.resolve(Fixture.row(line.descriptor, line.amount, extra: line.currency.map { ",\"currency\":\"\($0)\"" } ?? ""))
            if let category = line.category { #expect(resolution.category == category, "\(line)") }
            if let merchant = line.merchant { #expect(resolution.merchant.name == merchant, "\(line)") }
            if let kind = line.kind { #expect(resolution.merchant.kind.rawValue == kind, "\(line)") }
        }
    }

    @Test func aCaseFileIsBesideADataFile() throws {
        let data = DataDirectory(root: Fixture.root)
        for folder in Self.folders {
            let tables = Set(data.files(in: folder).map { $0.dropLast(".tsv".count) })
            for name in data.files(in: folder, suffix: ".cases") {
                #expect(tables.contains(name.dropLast(".cases".count)), "\(name) has no data file beside it")
            }
        }
    }
}
