import Foundation
import Testing
@testable import GardenFoundation

/// CNPJ check digits (numeric and alphanumeric, IN RFB 2.229/2024) and CPF masking.
struct DocumentTests {
    /// Rows of Fixtures/cnpj_test_vectors.csv (copied from ../shared/data/cnpj_alfanumerico/test_vectors.csv).
    static let vectors: [(cnpj: String, formatted: String)] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/cnpj_test_vectors.csv")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").dropFirst().map { line in
            let columns = line.split(separator: ",", maxSplits: 2)
            return (String(columns[0]), String(columns[1]))
        }
    }()

    @Test func theVectorFileIsThere() { #expect(Self.vectors.count == 6) }

    @Test(arguments: vectors)
    func acceptsEveryVector(vector: (cnpj: String, formatted: String)) throws {
        let plain = try #require(CNPJ(vector.cnpj))
        #expect(plain.formatted == vector.formatted)
        #expect(CNPJ(vector.formatted) == plain)
        #expect(CNPJ(vector.cnpj.lowercased()) == plain)
    }

    @Test(arguments: vectors)
    func rejectsEveryVectorWithAWrongCheckDigit(vector: (cnpj: String, formatted: String)) {
        var chars = Array(vector.cnpj)
        let last = chars[13].wholeNumberValue!
        chars[13] = Character(String((last + 1) % 10))
        #expect(CNPJ(String(chars)) == nil)
        var first = Array(vector.cnpj)
        first[12] = Character(String((first[12].wholeNumberValue! + 3) % 10))
        #expect(CNPJ(String(first)) == nil)
    }

    @Test func rejectsMalformedNumbers() {
        #expect(CNPJ("00000000000000") == nil)
        #expect(CNPJ("12ABC34501DE3A") == nil)        // check digits are always numeric
        #expect(CNPJ("12ABC34501DE3") == nil)
        #expect(CNPJ("12ABC34501DE355") == nil)
        #expect(CNPJ("12#BC34501DE35") == nil)
        #expect(CNPJ("18.033.552/0001-61")?.root == "18033552")
    }

    @Test func masksCPFsAsBanksDo() {
        #expect(CPF.mask("528.173.649-20") == "•••.173.649-••")
        #expect(CPF.mask("52817364920") == "•••.173.649-••")
        #expect(CPF.mask("•••.482.613-••") == "•••.482.613-••")
        #expect(CPF.mask("***.482.613-**") == "•••.482.613-••")
        #expect(CPF.mask("1234567890") == nil)
        #expect(CPF.isValid("52998224725"))
        #expect(!CPF.isValid("52998224726"))
        #expect(!CPF.isValid("11111111111"))
    }
}
