import Glibc
import Synchronization

/// A request body written to a temporary file as it arrives instead of held in memory, for the
/// routes that ask for it (`Router.add(..., spoolsBody: true)`): an upload of tens of megabytes
/// costs its connection a read buffer, not its size in memory.
///
/// The file is created in `ServerConfiguration.spoolDirectory` with a random name, mode 0600,
/// and is never linked anywhere else. The server removes it when the exchange ends (the answer
/// is on its way, or the connection closed), and its share of the body budget
/// (`ServerConfiguration.maxBodyBytesInFlight`) is given back then, not before: the budget
/// counts the bytes a spooled body holds on disk for as long as they are there. Should a
/// handler still hold the request when the connection goes, the file goes with the last
/// reference.
public final class SpooledBody: Sendable {
    /// Where the body is, while it exists.
    public let path: String
    private struct State {
        var fd: Int32
        var size = 0
        var removed = false
        var charge: (budget: BodyBudget, bytes: Int)?
    }

    private let state: Mutex<State>

    /// Creates an empty spool file in `directory`; nil when no file can be made there.
    init?(directory: String) {
        var template = Array((directory.hasSuffix("/") ? directory : directory + "/").utf8CString.dropLast())
            + Array("upload-XXXXXX".utf8CString)
        // mkstemp(3) makes the file 0600 with a name nobody can guess; the descriptor is
        // closed on exec so a child process never holds an upload.
        let fd = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let start = buffer.baseAddress else { return -1 }
            return mkstemp(start)
        }
        guard fd >= 0 else { return nil }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        state = Mutex(State(fd: fd))
    }

    deinit {
        remove()
    }

    /// Bytes written so far (the whole body once the handler sees it).
    public var size: Int { state.withLock { $0.size } }

    /// Appends `bytes`; false when the disk refuses them (full, or an I/O error).
    func append(_ bytes: [UInt8]) -> Bool {
        state.withLock { state in
            guard !state.removed else { return false }
            var offset = 0
            while offset < bytes.count {
                let written = bytes.withUnsafeBytes { raw in
                    Glibc.write(state.fd, raw.baseAddress.map { $0 + offset }, raw.count - offset)
                }
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += written
            }
            state.size += bytes.count
            return true
        }
    }

    /// Takes over a charge on the body budget, given back when the file is removed.
    func hold(_ charge: (budget: BodyBudget, bytes: Int)) {
        state.withLock { $0.charge = charge }
    }

    /// Removes the file and gives back its charge; later calls do nothing.
    func remove() {
        let charge = state.withLock { state -> (budget: BodyBudget, bytes: Int)? in
            guard !state.removed else { return nil }
            state.removed = true
            Glibc.close(state.fd)
            unlink(path)
            defer { state.charge = nil }
            return state.charge
        }
        charge.map { $0.budget.release($0.bytes) }
    }

    /// Why the body's bytes cannot be read.
    public struct Unreadable: Error, CustomStringConvertible {
        public let description: String
    }

    /// Runs `body` over the file's bytes, mapped read-only into memory (the kernel pages them
    /// in as they are read, and drops them under pressure: the file is the memory).
    public func withMappedBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) throws -> Result {
        let (fd, size) = try state.withLock { state throws(Unreadable) -> (Int32, Int) in
            guard !state.removed else { throw Unreadable(description: "the spooled body was removed") }
            // A descriptor of our own, so `remove()` on another thread cannot close it under us.
            let copy = dup(state.fd)
            guard copy >= 0 else { throw Unreadable(description: "dup failed (errno \(errno))") }
            return (copy, state.size)
        }
        defer { Glibc.close(fd) }
        guard size > 0 else { return try body(UnsafeRawBufferPointer(start: nil, count: 0)) }
        // mmap(2) answers MAP_FAILED, (void *) -1, when it fails.
        guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), Int(bitPattern: address) != -1 else {
            throw Unreadable(description: "mmap failed (errno \(errno))")
        }
        defer { munmap(address, size) }
        return try body(UnsafeRawBufferPointer(start: address, count: size))
    }
}
