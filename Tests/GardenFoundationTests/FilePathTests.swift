import Testing
import GardenFoundation

/// ``FilePath/folder(of:)`` gives what `NSString.deletingLastPathComponent` gives, also for the one-character names
/// on which Foundation traps on Linux (hostile10 F1: `--db y`, `--out q` killed garden with SIGILL).
struct FilePathTests {
    static let cases: [(String, String)] = [
        ("y", ""), ("y/", ""), ("yy", ""), ("garden.db", ""), ("./y", "."), ("a/y", "a"), ("a/b/c", "a/b"),
        ("/y", "/"), ("/", "/"), ("//y", "/"), ("a//y", "a"), ("a/y//", "a"), ("", ""), ("/home/ana/garden.db", "/home/ana"),
        ("pasta/relatório", "pasta"),
    ]

    @Test(arguments: cases)
    func theFolderOfAPathIsEverythingBeforeItsLastName(path: String, folder: String) {
        #expect(FilePath.folder(of: path) == folder)
    }

    @Test func aBareNamesDirectoryIsTheWorkingFolder() {
        #expect(FilePath.directory(of: "y") == ".")
        #expect(FilePath.directory(of: "a/y") == "a")
        #expect(FilePath.directory(of: "/y") == "/")
    }
}
