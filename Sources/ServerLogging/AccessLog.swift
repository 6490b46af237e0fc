import Foundation
import Glibc
import Synchronization

/// The access log, written off the serving threads. A connection formats its line straight
/// into its event loop's own buffer (a lock only the writer ever shares, a few times a second;
/// no system call) and one writer thread hands whole batches to the sink, one `write(2)` per
/// batch for standard error. Woken by the first line after a write, the writer lets
/// `batchInterval` pass before taking the buffers, so under load it wakes and writes a few
/// dozen times a second, not once per request. When `capacity` lines wait in one buffer,
/// further lines are dropped and counted, never waited for (serving comes first), and the log
/// reports `access log: dropped N lines ...` after the next batch. Each line is written whole;
/// lines of one buffer (one event loop, so one connection) keep their order.
public final class AccessLog: Sendable {
    /// Receives batches of whole lines, each ending in a newline.
    public typealias Sink = @Sendable ([UInt8]) -> Void

    /// One event loop's lines. A shared buffer would make the loops wait for each other
    /// whenever the thread holding its lock is preempted (two cores, wrk and the loops on them).
    private final class Shard: Sendable {
        struct State {
            var buffer: [UInt8] = []
            var lines = 0
            var dropped = 0
        }
        let state = Mutex(State())
    }


    /// At most this many lines wait in one buffer.
    public let capacity: Int
    /// How long the writer gathers lines after the first one wakes it.
    public let batchInterval: Duration
    private let sink: Sink
    private let shards: [Shard]
    private let flushWaiters = Mutex<[DispatchSemaphore]>([])
    private let writerStarted = Atomic<Bool>(false)
    /// Signalled when a buffer goes from empty to not empty, and by `flush`.
    private let wake = DispatchSemaphore(value: 0)
    private let droppedTotal = Atomic<Int>(0)

    public init(capacity: Int = 16_384, batchInterval: Duration = .milliseconds(20), shards: Int = 8, sink: @escaping Sink) {
        self.capacity = max(1, capacity)
        self.batchInterval = max(.zero, batchInterval)
        self.shards = (0..<max(1, shards)).map { _ in Shard() }
        self.sink = sink
    }

    /// The process's access log on standard error.
    public static let standardError = AccessLog(sink: AccessLog.writeAll(to: 2))

    /// Lines dropped so far because a buffer was full.
    public var droppedLines: Int { droppedTotal.load(ordering: .relaxed) }

    /// Appends the line `build` writes (without its newline) to buffer `shard` (an event
    /// loop's index), or counts it as dropped when that buffer is full. Never waits for the writer.
    public func append(shard: Int = 0, _ build: (inout [UInt8]) -> Void) {
        startWriterOnce()
        let wakeWriter = shards[abs(shard % shards.count)].state.withLock { state -> Bool in
            guard state.lines < capacity else {
                state.dropped += 1
                return false
            }
            build(&state.buffer)
            state.buffer.append(0x0A)
            state.lines += 1
            return state.lines == 1
        }
        if wakeWriter { wake.signal() }
    }

    /// Waits until every line appended before the call has reached the sink (shutdown, tests).
    public func flush() {
        guard writerStarted.load(ordering: .acquiring) else { return }  // nothing was ever appended
        let done = DispatchSemaphore(value: 0)
        flushWaiters.withLock { $0.append(done) }
        wake.signal()
        done.wait()
    }

    private func startWriterOnce() {
        guard !writerStarted.load(ordering: .relaxed),
            writerStarted.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
        else { return }
        let thread = Thread { [self] in runWriter() }
        thread.name = "access-log"
        thread.start()
    }

    private func runWriter() {
        let pause = useconds_t(clamping: batchInterval.components.seconds * 1_000_000 + batchInterval.components.attoseconds / 1_000_000_000_000)
        var batch: [UInt8] = []
        while true {
            wake.wait()
            // Gather a batch, unless someone waits for a flush.
            if pause > 0 && flushWaiters.withLock({ $0.isEmpty }) { usleep(pause) }
            // Waiters first: every line appended before their flush is in a buffer by now.
            let waiters = flushWaiters.withLock { waiters in
                defer { waiters = [] }
                return waiters
            }
            var dropped = 0
            for shard in shards {
                dropped += shard.state.withLock { state -> Int in
                    swap(&state.buffer, &batch)
                    defer {
                        state.lines = 0
                        state.dropped = 0
                    }
                    return state.dropped
                }
                if !batch.isEmpty { sink(batch) }
                batch.removeAll(keepingCapacity: true)
            }
            if dropped > 0 {
                droppedTotal.add(dropped, ordering: .relaxed)
                sink(Array("access log: dropped \(dropped) lines; the log could not keep up\n".utf8))
            }
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
