import CEpoll
import Glibc
import Synchronization

/// One thread serving many connections: non-blocking sockets, epoll (edge-triggered) for
/// readiness, a heap of deadlines for timeouts.
///
/// Why not a thread per connection: with 32 busy connections on 2 cores, every request would pay
/// a thread wake-up and two context switches, and 1,000 idle clients would hold 1,000 stacks. A
/// loop per core answers whatever is ready in one pass and keeps an idle connection at a few
/// hundred bytes.
///
/// Threading rule: a connection belongs to one loop for life and is touched only on that loop's
/// thread. Other threads (the accept thread, handler tasks, `shutdown`) reach a loop only through
/// `post`, a locked inbox plus an eventfd that wakes `epoll_wait`. That rule is what makes the
/// `@unchecked Sendable` below sound.
final class EventLoop: @unchecked Sendable {
    enum Job: Sendable {
        case adopt(fd: Int32, remoteAddress: String)
        case respond(fd: Int32, connectionID: UInt64, response: HTTPResponse)
        case shutdown
    }

    let core: ServerCore
    /// This loop's place among the server's loops (its access-log buffer, for one).
    let index: Int
    private let epollFD: Int32
    private let wakeFD: Int32
    private let inbox = Mutex<Inbox>(Inbox())

    private struct Inbox {
        var jobs: [Job] = []
        /// An eventfd write is on its way; later posts need not write again.
        var signalled = false
    }

    // Loop thread only, from here on.
    private var connections: [Connection?] = []
    private var openCount = 0
    var deadlines = DeadlineHeap()
    /// Milliseconds on the monotonic clock, read once per wake-up.
    private(set) var now = Socket.now()
    private var nextConnectionID: UInt64 = 0
    /// Connections that used up their turn with work left; driven again after this pass.
    private var comebacks: [Connection] = []
    private(set) var isShuttingDown = false
    /// Where every connection of this loop reads into; the parser copies what it keeps.
    let readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)
    /// Where response heads are serialized, reused for every response of this loop.
    let headBuffer = OutputBuffer()
    private var dateSecond = -1
    private var dateLineBytes: [UInt8] = []
    private var statusLines: [[UInt8]] = []

    init(core: ServerCore, index: Int = 0) throws {
        self.index = index
        self.core = core
        epollFD = cepoll_create()
        guard epollFD >= 0 else { throw Socket.Failure(call: "epoll_create1", code: errno) }
        wakeFD = cepoll_eventfd()
        guard wakeFD >= 0, cepoll_add(epollFD, wakeFD, CEPOLL_IN | CEPOLL_ET) == 0 else {
            let code = errno
            close(epollFD)
            if wakeFD >= 0 { close(wakeFD) }
            throw Socket.Failure(call: "eventfd", code: code)
        }
    }

    deinit {
        close(epollFD)
        close(wakeFD)
        readBuffer.deallocate()
    }

    /// From any thread: hands the loop a job and wakes it if it is not already being woken.
    func post(_ job: Job) {
        let mustWake = inbox.withLock { inbox in
            inbox.jobs.append(job)
            defer { inbox.signalled = true }
            return !inbox.signalled
        }
        if mustWake {
            var one: UInt64 = 1
            _ = write(wakeFD, &one, 8)
        }
    }

    /// The loop's thread body. Returns once shutdown was posted and every connection closed.
    func run() {
        var ready = [cepoll_ready](repeating: cepoll_ready(), count: 256)
        while !(isShuttingDown && openCount == 0) {
            now = Socket.now()
            let timeout = comebacks.isEmpty ? deadlines.timeout(now: now) : 0
            let count = ready.withUnsafeMutableBufferPointer {
                cepoll_wait(epollFD, $0.baseAddress, Int32($0.count), timeout)
            }
            if count < 0 {
                if errno == EINTR { continue }
                core.configuration.logger.log(.error, "epoll_wait failed: \(String(cString: strerror(errno)))")
                break
            }
            now = Socket.now()
            for index in 0..<Int(count) {
                let fd = ready[index].fd
                if fd == wakeFD {
                    runJobs()
                } else if let connection = connection(fd) {
                    connection.handle(events: ready[index].events)
                }
            }
            expireDeadlines()
            if !comebacks.isEmpty {
                let turn = comebacks
                comebacks.removeAll(keepingCapacity: true)
                for connection in turn where connection.phase != .closed { connection.drive() }
            }
        }
    }

    private func runJobs() {
        var counter: UInt64 = 0
        _ = read(wakeFD, &counter, 8)
        // Read the eventfd before taking the jobs: a post after this point writes it again.
        let jobs = inbox.withLock { inbox -> [Job] in
            inbox.signalled = false
            var taken: [Job] = []
            swap(&taken, &inbox.jobs)
            return taken
        }
        for job in jobs {
            switch job {
            case .adopt(let fd, let remoteAddress):
                adopt(fd, remoteAddress: remoteAddress)
            case .respond(let fd, let id, let response):
                if let connection = connection(fd), connection.id == id {
                    connection.handlerFinished(response)
                }
            case .shutdown:
                isShuttingDown = true
                for case let connection? in connections { connection.closeIfIdle() }
            }
        }
    }

    private func adopt(_ fd: Int32, remoteAddress: String) {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        nextConnectionID &+= 1
        let connection = Connection(fd: fd, id: nextConnectionID, remoteAddress: remoteAddress, loop: self)
        // Edge-triggered: one event per change of state, so the connection reads until the
        // socket is drained and writes until it would block, and is never woken for nothing.
        guard cepoll_add(epollFD, fd, CEPOLL_IN | CEPOLL_OUT | CEPOLL_RDHUP | CEPOLL_ET) == 0 else {
            core.configuration.logger.log(.error, "epoll_ctl failed: \(String(cString: strerror(errno)))")
            close(fd)
            core.activeConnections.subtract(1, ordering: .releasing)
            return
        }
        let slot = Int(fd)
        if slot >= connections.count {
            connections.append(contentsOf: repeatElement(nil, count: max(slot + 1 - connections.count, 64)))
        }
        connections[slot] = connection
        openCount += 1
        connection.scheduleDeadline()
        if isShuttingDown { connection.closeIfIdle() }
    }

    private func connection(_ fd: Int32) -> Connection? {
        let slot = Int(fd)
        return slot >= 0 && slot < connections.count ? connections[slot] : nil
    }

    /// A connection with input left after its turn: drive it again once the others had theirs.
    func comeBack(to connection: Connection) {
        comebacks.append(connection)
    }

    /// Called by a connection as it closes its descriptor.
    func forget(_ connection: Connection) {
        let slot = Int(connection.fd)
        guard slot < connections.count, connections[slot] === connection else { return }
        connections[slot] = nil
        openCount -= 1
        core.activeConnections.subtract(1, ordering: .releasing)
    }

    func schedule(_ connection: Connection, at time: Int) {
        deadlines.push(.init(time: time, fd: connection.fd, connectionID: connection.id))
    }

    private func expireDeadlines() {
        while let entry = deadlines.earliest, entry.time <= now {
            deadlines.popEarliest()
            guard let connection = connection(entry.fd), connection.id == entry.connectionID,
                connection.scheduledAt == entry.time
            else { continue }
            connection.scheduledAt = nil
            connection.deadlineReached()
        }
    }

    /// The `Date` header line, formatted at most once a second per loop (a cache shared by all
    /// loops would need a lock that every response takes).
    func dateLine() -> [UInt8] {
        let second = time(nil)
        if second != dateSecond {
            dateSecond = second
            dateLineBytes = Array("Date: \(HTTPDate.format(secondsSince1970: second))\r\n".utf8)
        }
        return dateLineBytes
    }

    /// `HTTP/1.1 200 OK` CRLF for a status, serialized once per loop and status.
    func statusLine(_ status: HTTPStatus) -> [UInt8] {
        let slot = status.rawValue - 100
        guard slot >= 0 && slot < 500 else { return Self.serializeStatusLine(status) }
        if statusLines.isEmpty { statusLines = Array(repeating: [], count: 500) }
        if statusLines[slot].isEmpty { statusLines[slot] = Self.serializeStatusLine(status) }
        return statusLines[slot]
    }

    static func serializeStatusLine(_ status: HTTPStatus) -> [UInt8] {
        Array("HTTP/1.1 \(status.rawValue) \(status.reasonPhrase)\r\n".utf8)
    }
}
