import Foundation
import Testing
import GardenImage

/// The kit's building blocks read back what they wrote.
struct KnowledgeKitTests {
    @Test func aKeyedTableFindsEveryKeyAndNoOther() throws {
        var out = BinaryWriter()
        let keys = ["pix", "ted", "boleto", "", "débito", "pix"]
        KeyedTable.write(keys.enumerated().map { (key: $0.element, value: UInt32($0.offset)) }, to: &out)
        out.integer(UInt32(0xDEAD_BEEF))
        var input = BinaryReader(out.bytes)
        let table = try KeyedTable(reading: &input)
        #expect(try input.uint32() == 0xDEAD_BEEF && input.atEnd)
        #expect(table.count == 5)
        // A key listed twice keeps its first value.
        #expect(table["pix"] == 0 && table["ted"] == 1 && table["boleto"] == 2 && table[""] == 3 && table["débito"] == 4)
        for missing in ["pi", "pixx", "debito", "zzz", "a"] { #expect(table[missing] == nil, "\(missing)") }
        #expect((0..<table.count).map { String(decoding: table.key($0), as: UTF8.self) } == ["", "boleto", "débito", "pix", "ted"])
    }

    @Test func anEmptyKeyedTableFindsNothing() throws {
        var out = BinaryWriter()
        KeyedTable.write([(key: String, value: UInt32)](), to: &out)
        var input = BinaryReader(out.bytes)
        let table = try KeyedTable(reading: &input)
        #expect(table.count == 0 && table["x"] == nil && KeyedTable()["x"] == nil)
    }

    @Test func aStringPoolKeepsEachStringOnce() throws {
        var builder = StringPool.Builder()
        let a = builder.ref("Mercado Livre"), b = builder.ref("iFood"), again = builder.ref("Mercado Livre")
        #expect(a == again && a != b)
        var out = BinaryWriter()
        builder.write(to: &out)
        var input = BinaryReader(out.bytes)
        let pool = try StringPool(reading: &input)
        #expect(pool.string(a) == "Mercado Livre" && pool.string(b) == "iFood")
        #expect(pool.bytes(StringRef(offset: 100, length: 4)).isEmpty)
    }

    @Test func anAutomatonEntryPacksItsFieldsInEightBytes() {
        let entry = AutomatonEntry(slot: 513, role: .wrapper, options: [.needsStar, .prefix], record: 123_456)
        #expect(MemoryLayout<AutomatonEntry>.size == 8)
        #expect(entry.slot == 513 && entry.role == .wrapper && entry.options == [.needsStar, .prefix] && entry.record == 123_456)
        #expect(AutomatonEntry(raw: entry.raw) == entry)
    }

    @Test func aTableOfContentsFindsItsAlignedSections() throws {
        var out = BinaryWriter()
        out.string("header")
        let sections: [(info: SectionInfo, bytes: [UInt8])] = [
            (SectionInfo(id: "a", owner: "analysis", layout: 3, files: ["Rules/a.tsv"], bytes: 0), [1, 2, 3]),
            (SectionInfo(id: "b", owner: "mcc", layout: 1, files: [], bytes: 0), [9, 8, 7, 6, 5]),
        ]
        KnowledgeImage.write(sections, to: &out)
        var input = BinaryReader(out.bytes)
        _ = try input.string()
        let image = try KnowledgeImage(reading: &input)
        #expect(input.atEnd)
        #expect(image.contents.map(\.id) == ["a", "b"] && image.contents.map(\.bytes) == [3, 5] && image.contents[0].layout == 3)
        #expect(image.contents.map(\.owner) == ["analysis", "mcc"] && image.contents[0].files == ["Rules/a.tsv"])
        for k in 0..<2 {
            let section = image.section(k)
            #expect(section.range.lowerBound % 8 == 0)
            #expect(Array(section.bytes) == sections[k].bytes)
        }
    }
}
