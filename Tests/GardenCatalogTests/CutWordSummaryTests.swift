import Testing
import GardenNames

/// Issue 35 (speed): the cut-word completer answers a whole listed word from a summary made when the business words
/// are read (the strongest longer word each word begins, and how many do), with no scan of the words it begins.
/// Words written for the test, none from the dev set.
struct CutWordSummaryTests {
    static let text = """
    # word or pair\tcount
    insur\t1
    insurance\t50
    insurance agency\t10
    insurances\t5
    pizza\t40
    pizza hut\t30
    pizzeria\t12
    """

    /// The summary counts the longer words a word begins that hold no space after it (a pair "insurance agency" is
    /// another word after it, not a longer one), and keeps the strongest one's count (in tenths, as the list keeps it).
    @Test func theSummaryIsTheLongerWordsAWordBegins() {
        let words = GluedNameVocabulary(text: Self.text, summarizing: 400)
        func summary(_ word: String) -> (zipf: Int, best: Int, count: Int)? {
            Array(word.utf8).withUnsafeBufferPointer { words.longerSummary(of: $0) }
        }
        #expect(summary("insur").map { [$0.zipf, $0.best, $0.count] } == [10, 500, 2])
        #expect(summary("insurance").map { [$0.zipf, $0.best, $0.count] } == [500, 50, 1])
        #expect(summary("pizza").map { [$0.zipf, $0.best, $0.count] } == [400, 0, 0])
        #expect(summary("insurances").map { [$0.zipf, $0.best, $0.count] } == [50, 0, 0])
        #expect(summary("insura") == nil)
        #expect(Array("insur".utf8).withUnsafeBufferPointer { GluedNameVocabulary(text: Self.text).longerSummary(of: $0) } == nil)
    }

    /// The count stops one past the limit: a word that begins more words than the limit is left to the scans.
    @Test func theCountStopsPastTheLimit() {
        let words = GluedNameVocabulary(text: Self.text, summarizing: 1)
        let summary = Array("insur".utf8).withUnsafeBufferPointer { words.longerSummary(of: $0) }
        #expect(summary?.count == 2)
    }
}
