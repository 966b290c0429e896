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
    /// The folders whose data files may have case files.
    static let folders = ["Rules", "Rules/banks", "Brands", "CNAE"]

    /// Every case of every case file, in file order, with where it is written (`Brands/br-pharmacy.cases:4`).
    static func cases() throws -> [(location: String, line: LineCase)] {
        let data = DataDirectory(root: Fixture.root)
        var cases: [(location: String, line: LineCase)] = []
        for name in folders.flatMap({ data.files(in: $0, suffix: ".cases") }) {
            for record in try TSVFile(name: name, text: data.read(name), minimumColumns: 5).records {
                func checked(_ k: Int) -> String? { record.columns[k] == "-" ? nil : record.columns[k] }
                var line = LineCase(record.columns[0], record.columns[1], record.optional(5) ?? "BRL", merchant: checked(3), category: checked(2))
                if let kind = checked(4) {
                    guard let known = MerchantKind(rawValue: kind) else { throw record.error("unknown kind \"\(kind)\"", column: 5) }
                    line.kind = known
                }
                cases.append(("\(record.file):\(record.line)", line))
            }
        }
        return cases
    }

    @Test func everyCaseFileHoldsForItsData() throws {
        let all = try Self.cases()
        #expect(all.count >= 20, "the seeded case files are found")
        for (location, line) in all {
            let mismatches = line.mismatches(Fixture.resolve(line.json))
            #expect(mismatches.isEmpty, "\(location): \(line.description): \(mismatches.joined(separator: "; "))")
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
