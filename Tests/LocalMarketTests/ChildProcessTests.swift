import Foundation
import Glibc
import Testing
import TestSupport

/// What `ChildProcess` promises the tests that start executables (KillTests, the signal tests,
/// the browser suite): a clean start, whatever thread of the test process spawns it.
@Suite("ChildProcess: how the tests start executables")
struct ChildProcessTests {
    /// The child holds only its standard input, output and error: none of the test process's
    /// hundreds of sockets and files. (`ls` lists its own descriptors, so 3 is the folder it
    /// reads; one inherited would push that to 4 or beyond.)
    @Test func inheritsNoDescriptorButTheThreeStandardOnes() async throws {
        // Even one opened without O_CLOEXEC (as a listening socket of ours might be) stays here.
        let open = Glibc.open("/dev/null", O_RDONLY)
        defer { close(open) }
        let child = try ChildProcess(executable: "/bin/ls", arguments: ["-m", "/proc/self/fd"])
        let listed = await child.readLine()
        #expect(listed == "0, 1, 2, 3", "the descriptors ls holds")
        #expect(await child.waitForEnd(patience: Patience.hangGuard) == .exited(0))
    }

    /// Swift's worker threads block most signals, and a spawned child inherits its spawner's
    /// mask: a child started from one must still die of SIGTERM.
    @Test func startsWithNoSignalBlocked() async throws {
        let child = try ChildProcess(executable: "/bin/sh", arguments: ["-c", "kill -TERM $$; echo survived"])
        let printed = await child.readLine()
        #expect(printed == "")
        #expect(await child.waitForEnd(patience: Patience.hangGuard) == .signalled(SIGTERM))
    }

    @Test func aMissingExecutable_isAClearError() {
        #expect(throws: ChildProcess.Failure.self) {
            _ = try ChildProcess(executable: "/nonexistent/tool", arguments: [])
        }
    }
}
