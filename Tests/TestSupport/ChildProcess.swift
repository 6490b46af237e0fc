import Foundation
import Glibc
import Synchronization

/// A child process the tests start (chromedriver, the `local-market` executable), spawned with
/// `posix_spawn(3)` rather than Foundation's `Process`.
///
/// Why not `Process`: on Linux its `run()` looks for the highest open descriptor by copying
/// each `/proc/self/fd` entry's whole 256-byte `d_name` out of glibc's `readdir` buffer; when an
/// entry sits at the end of that buffer and the next page is unmapped, the copy faults and the
/// whole test process dies (swift-corelibs-foundation PR #5472, fixed after Swift 6.3.1). A test
/// process holds hundreds of sockets, so plain `swift test` would crash there about once in a
/// few runs, even with the launches serialised. Here the child closes every inherited
/// descriptor itself (`posix_spawn_file_actions_addclosefrom_np`), and nothing reads
/// `/proc/self/fd`.
///
/// The child gets `/dev/null` for standard input and error, so a child left running (the test
/// process crashed) holds no pipe of `swift test`'s open, and a pipe for standard output, read
/// through `output`. It starts with no signal blocked or ignored, in its own process group (a
/// Ctrl-C in the terminal goes to the test run, which stops its children itself). A reaper
/// thread collects its exit status; `deinit` kills a child still running.
public final class ChildProcess: Sendable {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// How the child ended.
    public enum Ending: Equatable, Sendable {
        case exited(Int32)
        case signalled(Int32)
    }

    public let pid: pid_t
    /// The read end of the child's standard output (closed by `deinit`).
    public let output: Int32
    /// Shared with the reaper thread, which must not keep `self` alive (`deinit` kills a child
    /// still running).
    private let reaped = Reaped()

    /// `standardInput` and `standardError` are files the child reads and writes instead of
    /// `/dev/null` (a password piped in, a refusal's line on standard error).
    public init(executable: String, arguments: [String], standardInput: String = "/dev/null", standardError: String = "/dev/null") throws {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw Failure(description: "pipe: \(String(cString: strerror(errno)))") }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }  // other children close them anyway (closefrom)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, standardInput, O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, standardError, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard let closeFrom = Self.addCloseFrom else {
            close(ends[0])
            close(ends[1])
            throw Failure(description: "this C library has no posix_spawn_file_actions_addclosefrom_np (glibc 2.34 or later needed)")
        }
        _ = closeFrom(&actions, 3)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGINT, SIGTERM, SIGHUP] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))

        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        close(ends[1])
        guard result == 0 else {
            close(ends[0])
            throw Failure(description: "cannot start \(executable): \(String(cString: strerror(result)))")
        }
        self.pid = pid
        self.output = ends[0]
        let reaped = self.reaped
        let child = pid
        let reaper = Thread {
            var status: Int32 = 0
            var result: pid_t
            repeat { result = waitpid(child, &status, 0) } while result < 0 && errno == EINTR
            // WIFEXITED, WEXITSTATUS and WTERMSIG, which Glibc's Swift module does not export.
            reaped.end((status & 0x7F) == 0 ? .exited((status >> 8) & 0xFF) : .signalled(status & 0x7F))
        }
        reaper.name = "reaper \(child)"
        reaper.start()
    }

    deinit {
        if ending == nil { Glibc.kill(pid, SIGKILL) }  // the reaper collects it
        close(output)
    }

    /// How the child ended; nil while it runs.
    public var ending: Ending? { reaped.ending }

    public func signal(_ signal: Int32) {
        if ending == nil { Glibc.kill(pid, signal) }
    }

    /// How the child ended, or nil if it still runs after `patience` (a guard against a hang,
    /// never a measurement).
    public func waitForEnd(patience: Duration) async -> Ending? {
        await reaped.wait(patience: patience)
    }

    /// The next line the child writes to standard output, without its newline (empty at the
    /// end of its output). The blocking reads run on a thread of their own, never Swift's
    /// shared pool.
    public func readLine() async -> String {
        let output = self.output
        return await withCheckedContinuation { continuation in
            Thread {
                var line: [UInt8] = []
                var byte: UInt8 = 0
                while true {
                    let n = read(output, &byte, 1)
                    if n < 0 && errno == EINTR { continue }
                    guard n == 1, byte != 0x0A else { break }
                    line.append(byte)
                }
                continuation.resume(returning: String(decoding: line, as: UTF8.self))
            }.start()
        }
    }

    /// Everything the child writes to standard output until it closes it (for a tool that
    /// prints one answer and exits). The blocking reads run on a thread of their own, never
    /// Swift's shared pool.
    public func readToEnd() async -> [UInt8] {
        let output = self.output
        return await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: Self.readToEnd(output)) }.start()
        }
    }

    /// `readToEnd()` on the calling thread, for a short tool run where no `async` context
    /// exists (a test trait's condition, computed once).
    public func readToEndBlocking() -> [UInt8] {
        Self.readToEnd(output)
    }

    private static func readToEnd(_ output: Int32) -> [UInt8] {
        var all: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return all }
            all += chunk[0..<n]
        }
    }

    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later): in `spawn.h` behind
    /// `_GNU_SOURCE`, so Glibc's Swift module does not show it; looked up by name instead.
    private static let addCloseFrom: AddCloseFrom? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else { return nil }
        return unsafeBitCast(symbol, to: AddCloseFrom.self)
    }()
}

/// A child's ending, set once by its reaper thread, and the tasks waiting for it.
private final class Reaped: Sendable {
    private struct State {
        var ending: ChildProcess.Ending?
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
        /// Waits whose patience ran out before they were stored.
        var expired: Set<Int> = []
        var next = 0
    }

    private let state = Mutex(State())

    var ending: ChildProcess.Ending? { state.withLock { $0.ending } }

    func end(_ ending: ChildProcess.Ending) {
        let waiters = state.withLock { state in
            state.ending = ending
            defer { state.waiters = [:] }
            return state.waiters.values
        }
        waiters.forEach { $0.resume() }
    }

    func wait(patience: Duration) async -> ChildProcess.Ending? {
        let id = state.withLock { state in
            defer { state.next += 1 }
            return state.next
        }
        let deadline = Task {
            guard (try? await Task.sleep(for: patience)) != nil else { return }  // cancelled: it ended
            self.expire(id)
        }
        defer { deadline.cancel() }
        await withCheckedContinuation { continuation in
            let resumeNow = state.withLock { state -> Bool in
                if state.ending != nil || state.expired.remove(id) != nil { return true }
                state.waiters[id] = continuation
                return false
            }
            if resumeNow { continuation.resume() }
        }
        return ending
    }

    private func expire(_ id: Int) {
        let waiter = state.withLock { state in
            guard let waiter = state.waiters.removeValue(forKey: id) else {
                state.expired.insert(id)
                return CheckedContinuation<Void, Never>?.none
            }
            return waiter
        }
        waiter?.resume()
    }
}
