import Foundation
import Glibc
import Synchronization

/// The access log, written off the serving threads: a connection appends its line to a bounded
/// buffer (a short lock, no system call) and one writer thread hands whole batches to the sink,
/// one `write(2)` per batch for standard error. When the writer falls behind and `capacity`
/// lines wait, further lines are dropped and counted, never waited for: serving comes first.
/// The count is reported in the log itself (`access log: dropped N lines ...`) after the
/// next batch. Lines keep their order; a line is written whole or not at all.
public final class AccessLog: Sendable {
    /// Receives batches of whole lines, each ending in a newline.
    public typealias Sink = @Sendable ([UInt8]) -> Void

    private struct State {
        var buffer: [UInt8] = []
        var lines = 0
        var dropped = 0
        var flushWaiters: [DispatchSemaphore] = []
        var writerStarted = false
    }

    /// At most this many lines wait for the writer.
    public let capacity: Int
    private let sink: Sink
    private let state = Mutex(State())
    /// Signalled when the buffer goes from empty to not empty, and by `flush`.
    private let wake = DispatchSemaphore(value: 0)
    private let droppedTotal = Atomic<Int>(0)

    public init(capacity: Int = 16_384, sink: @escaping Sink) {
        self.capacity = max(1, capacity)
        self.sink = sink
    }

    /// The process's access log on standard error.
    public static let standardError = AccessLog(sink: AccessLog.writeAll(to: 2))

    /// Lines dropped so far because the buffer was full.
    public var droppedLines: Int { droppedTotal.load(ordering: .relaxed) }

    /// Appends the line `build` writes (without its newline), or counts it as dropped when
    /// `capacity` lines are waiting. Never waits for the writer.
    public func append(_ build: (inout [UInt8]) -> Void) {
        let (wakeWriter, startWriter) = state.withLock { state -> (Bool, Bool) in
            let start = !state.writerStarted
            state.writerStarted = true
            guard state.lines < capacity else {
                state.dropped += 1
                return (false, start)
            }
            build(&state.buffer)
            state.buffer.append(0x0A)
            state.lines += 1
            return (state.lines == 1, start)
        }
        if startWriter { startWriterThread() }
        if wakeWriter { wake.signal() }
    }

    /// Waits until every line appended before the call has reached the sink (shutdown, tests).
    public func flush() {
        let done = DispatchSemaphore(value: 0)
        let running = state.withLock { state -> Bool in
            if state.writerStarted { state.flushWaiters.append(done) }
            return state.writerStarted
        }
        guard running else { return }
        wake.signal()
        done.wait()
    }

    private func startWriterThread() {
        let thread = Thread { [self] in runWriter() }
        thread.name = "access-log"
        thread.start()
    }

    private func runWriter() {
        var batch: [UInt8] = []
        while true {
            wake.wait()
            let (dropped, waiters) = state.withLock { state -> (Int, [DispatchSemaphore]) in
                swap(&state.buffer, &batch)
                state.lines = 0
                defer {
                    state.dropped = 0
                    state.flushWaiters = []
                }
                return (state.dropped, state.flushWaiters)
            }
            if !batch.isEmpty { sink(batch) }
            if dropped > 0 {
                droppedTotal.add(dropped, ordering: .relaxed)
                sink(Array("access log: dropped \(dropped) lines; the log could not keep up\n".utf8))
            }
            batch.removeAll(keepingCapacity: true)
            for waiter in waiters { waiter.signal() }
        }
    }

    /// A sink writing each batch to file descriptor `fd` in as few `write(2)` calls as it takes.
    public static func writeAll(to fd: Int32) -> Sink {
        { bytes in
            bytes.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count {
                    let n = write(fd, raw.baseAddress.map { $0 + offset }, raw.count - offset)
                    if n < 0 && errno == EINTR { continue }
                    if n <= 0 { return }
                    offset += n
                }
            }
        }
    }
}
