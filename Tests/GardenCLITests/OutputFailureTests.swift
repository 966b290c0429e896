import Foundation
import Testing
@testable import GardenCLI
@testable import GardenCommandKit
@testable import GardenStoreCommands
#if canImport(Glibc)
import Glibc
import GardenFoundation
#endif

/// Output that could not be written is lost output: a full disk is exit 74 with the reason, never a
/// silent 0; a reader that went away (`| head`) still ends the run quietly.
struct OutputFailureTests {
    func environment(stdout: ByteOutput, stderr: MemoryOutput) -> Environment {
        Environment(stdin: MemoryInput(#"{"description":"UBER *TRIP","amount":-9}"# + "\n"), stdout: stdout, stderr: stderr,
                    variables: ["GARDEN_DATA": ResolveCommandTests.root.path, "GARDEN_RULES_DIR": "/nonexistent", "LANG": "C", "HOME": "/nonexistent",
                                "GARDEN_CACHE_DIR": ResolveCommandTests.cacheDirectory])
    }

    @Test func aFullDiskIsAnIOErrorNamingTheReason() throws {
        let fd = open("/dev/full", O_WRONLY)
        try #require(fd >= 0, "no /dev/full on this system")
        defer { close(fd) }
        let err = MemoryOutput()
        let env = environment(stdout: FileOutput(fd: fd), stderr: err)
        let code = GardenCommandLine.finished(GardenCommandLine.run(["resolve"], env), env)
        #expect(code == Exit.ioError)
        #expect(err.text.contains("cannot write the output: No space left on device"))
    }

    @Test func aClosedPipeEndsQuietly() throws {
        var fds: [Int32] = [0, 0]
        try #require(pipe(&fds) == 0)
        close(fds[0])
        defer { close(fds[1]) }
        signal(SIGPIPE, SIG_IGN)
        let err = MemoryOutput()
        let env = environment(stdout: FileOutput(fd: fds[1]), stderr: err)
        let code = GardenCommandLine.finished(GardenCommandLine.run(["resolve"], env), env)
        #expect(code == Exit.ok)
        #expect(err.text.isEmpty)
    }
}
