import Testing
@testable import GardenFoundation

/// The line reader's JSON: strict validation with a column, spans kept, members replaced in place.
struct JSONTests {
    func parse(_ text: String) throws(JSONScanner.SyntaxError) -> JSONDocument { try JSONScanner.parse(Array(text.utf8)) }

    @Test func readsMembersAndEscapes() throws {
        let doc = try parse(#"{"a":"x\"y\u00e9\ud83d\ude00","b":[1,2,{"c":null}],"n":-1.5e3,"t":true}"#)
        #expect(doc.string(doc.member("a", of: doc.root)) == "x\"yé😀")
        #expect(doc.scalarText(doc.member("n", of: doc.root)) == "-1.5e3")
        #expect(doc.children(of: doc.member("b", of: doc.root)!).count == 3)
        #expect(doc.path("b") != nil && doc.path("missing") == nil)
    }

    @Test func lastDuplicateKeyWins() throws {
        let doc = try parse(#"{"a":1,"a":2}"#)
        #expect(doc.scalarText(doc.member("a", of: doc.root)) == "2")
    }

    @Test(arguments: [
        (#"{"a":1,}"#, 8), (#"{"a" 1}"#, 6), ("[1 2]", 4), (#"{"a":tru}"#, 6), (#"{"a":"x"} x"#, 11), ("{\"a\":\"\u{01}\"}", 7),
        (#"{"a":01}"#, 7), (#"{"a":1.}"#, 8), (#"{"a":"\x"}"#, 8), (#"{"a":"#, 6), ("", 1),
    ] as [(String, Int)])
    func rejectsWithAColumn(text: String, column: Int) {
        do {
            _ = try parse(text)
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.column == column, "\(error)")
        }
    }

    @Test func rejectsInvalidUTF8() {
        for bytes: [UInt8] in [[0x22, 0xC3, 0x28, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xC0, 0xAF, 0x22], [0x22, 0xF5, 0x80, 0x80, 0x80, 0x22]] {
            #expect(throws: JSONScanner.SyntaxError.self) { try JSONScanner.parse(bytes) }
        }
        #expect((try? JSONScanner.parse(Array("\"ação 😀\"".utf8))) != nil)
    }

    @Test func refusesDeepNesting() {
        let deep = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        #expect(throws: JSONScanner.SyntaxError.self) { try parse(deep) }
    }

    func splice(_ text: String) throws -> String {
        let doc = try parse(text)
        var out: [UInt8] = []
        JSONSplice.replacingMember("resolution", in: doc, with: Array(#"{"x":1}"#.utf8), into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    @Test func splicingKeepsTheInputBytesAndReplacesAnExistingMember() throws {
        #expect(try splice(#"{"b": 2,  "a" :1}"#) == #"{"b": 2,  "a" :1,"resolution":{"x":1}}"#)
        #expect(try splice(#"{}"#) == #"{"resolution":{"x":1}}"#)
        #expect(try splice(#"{"resolution":{"old":true}}"#) == #"{"resolution":{"x":1}}"#)
        #expect(try splice(#"{"resolution":5, "a":1}"#) == #"{"a":1,"resolution":{"x":1}}"#)
        #expect(try splice(#"{"a":1,"resolution":[1,2],"b":2}"#) == #"{"a":1,"b":2,"resolution":{"x":1}}"#)
        #expect(try splice(#"{"a":1,"resolution":1,"resolution":2}"#) == #"{"a":1,"resolution":{"x":1}}"#)
        let once = try splice(#"{"id":"1","description":"X"}"#)
        #expect(try splice(once) == once)
    }

    @Test func writerEscapes() {
        var w = JSONWriter()
        w.beginObject()
        w.member("a", "q\"\\\n\u{01}é")
        w.key("b"); w.beginArray(); w.int(1); w.null(); w.beginObject(); w.endObject(); w.endArray()
        w.endObject()
        #expect(String(decoding: w.bytes, as: UTF8.self) == #"{"a":"q\"\\\n\u0001é","b":[1,null,{}]}"#)
    }
}
