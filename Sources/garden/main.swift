import GardenCLI
import GardenCommandKit
#if canImport(Glibc)
import Glibc
#endif

// A closed stdout (`garden resolve | head`) must end garden quietly: take EPIPE as an error code.
signal(SIGPIPE, SIG_IGN)
var environment = Environment(stdin: FileInput(fd: 0), stdout: FileOutput(fd: 1), stderr: FileOutput(fd: 2),
                              variables: ProcessInfoShim.environment, stderrIsTerminal: isatty(2) != 0)
environment.endsWithCommand = true
environment.stdoutIsTerminal = isatty(1) != 0
let code = GardenCommandLine.run(Array(CommandLine.arguments.dropFirst()), environment)
exit(GardenCommandLine.finished(code, environment))
