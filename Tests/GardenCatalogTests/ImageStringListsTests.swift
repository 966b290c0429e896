import Testing
import GardenImage

/// A map of string lists read in place: membership is answered from the image's bytes, without decoding a list.
struct ImageStringListsTests {
    static func lists(_ lists: [String: [String]]) throws -> ImageStringLists {
        var writer = BinaryWriter()
        ImageStringLists.write(lists, to: &writer)
        var reader = BinaryReader(writer.bytes)
        return try ImageStringLists(reading: &reader)
    }

    @Test func membershipIsReadInPlace() throws {
        let places = try Self.lists(["hewitt": ["nj", "tx"], "liberty": ["mo"]])
        #expect(places.list("hewitt", contains: "tx"))
        #expect(places.list("liberty", contains: "mo"))
        #expect(!places.list("hewitt", contains: "mo"))
        #expect(!places.list("hewitt", contains: "t"))
        #expect(!places.list("hewit", contains: "tx"))
        #expect(!places.isEmpty)
        #expect(places["hewitt"] == ["nj", "tx"])
    }

    @Test func anEmptyMapHoldsNothing() throws {
        let none = try Self.lists([:])
        #expect(none.isEmpty)
        #expect(!none.list("hewitt", contains: "tx"))
        #expect(ImageStringLists().isEmpty)
        #expect(!ImageStringLists().list("a", contains: "b"))
    }
}
