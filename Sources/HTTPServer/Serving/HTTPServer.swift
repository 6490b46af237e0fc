import Foundation
import Glibc
import Synchronization

/// Our HTTP/1.1 server on Glibc sockets: one accept thread and a few event loops (one per core
/// by default), each serving many non-blocking connections with epoll.
///
/// Handlers that can answer at once (`ImmediateHTTPHandler`: files, cache hits) run on the
/// loop's thread; the others run as Swift tasks and hand their answer back to the loop, so a
/// slow handler or a slow client never blocks anyone else.
/// `start()` returns once the sockets are bound; `shutdown()` stops accepting, lets in-flight
/// requests finish and closes idle connections.
public final class HTTPServer: Sendable {
    /// Builds the answer for an error the server finds itself: the status, a sentence in English,
    /// and the request (its head, no body) when it was read, nil when the head itself was refused,
    /// so the page can speak the reader's language.
    public typealias ErrorResponder = @Sendable (HTTPStatus, String, HTTPRequest?) -> HTTPResponse

    let core: ServerCore
    private let state = Mutex<RunState>(RunState())

    struct RunState {
        var listeners: [Socket.Listener] = []
        var acceptThreadDone: DispatchSemaphore?
        var loops: [EventLoop] = []
        var started = false
    }

    /// - Parameters:
    ///   - errorResponder: builds the page for errors the server answers itself (400, 404,
    ///     405, 408, 413, 421, 500 ...) and for `HTTPError`s thrown by handlers.
    public init(
        configuration: ServerConfiguration, router: Router,
        errorResponder: @escaping ErrorResponder = HTTPServer.plainTextError
    ) {
        core = ServerCore(configuration: configuration, router: router, errorResponder: errorResponder)
    }

    public static let plainTextError: ErrorResponder = { status, message, _ in
        .text(message + "\n", status: status)
    }

    /// The bound port (the kernel's choice when configured with 0); 0 before `start()`.
    public var port: Int { state.withLock { $0.listeners.first?.port ?? 0 } }

    /// Every bound address, e.g. `["127.0.0.1:8080", "[::1]:8080"]`.
    public var boundAddresses: [String] { state.withLock { $0.listeners.map(\.address) } }

    /// `http://HOST:PORT` for the first bound address.
    public var baseURL: String {
        let address = boundAddresses.first ?? "\(core.configuration.host):\(port)"
        return "http://\(address)"
    }

    public var activeConnections: Int { core.activeConnections.load(ordering: .relaxed) }

    /// Bytes charged by large request bodies being read or handled (`maxBodyBytesInFlight`).
    public var bodyBytesInFlight: Int { core.bodyBudget.inUse }

    /// Binds every address and starts accepting on a background thread. A route table with
    /// refused routes (`Router.problems`) stops here, before anything is bound.
    public func start() throws {
        guard core.router.problems.isEmpty else { throw Router.InvalidRoutes(problems: core.router.problems) }
        // A client that disconnects mid-write must not kill the process (see also MSG_NOSIGNAL).
        signal(SIGPIPE, SIG_IGN)
        let core = self.core
        let listeners = try Socket.listen(host: core.configuration.host, port: core.configuration.port)
        let loops: [EventLoop]
        do {
            loops = try (0..<max(1, core.configuration.eventLoops)).map { index in try EventLoop(core: core, index: index) }
        } catch {
            listeners.forEach { close($0.fd) }
            throw error
        }
        let done = DispatchSemaphore(value: 0)
        state.withLock {
            $0.listeners = listeners
            $0.acceptThreadDone = done
            $0.loops = loops
            $0.started = true
        }
        for (index, loop) in loops.enumerated() {
            let thread = Thread { loop.run() }
            thread.name = "http-loop-\(index)"
            // Immediate handlers (template rendering included) run on this stack.
            thread.stackSize = 8 << 20
            thread.start()
        }
        let thread = Thread {
            core.acceptLoop(listeners: listeners, loops: loops)
            done.signal()
        }
        thread.name = "http-accept"
        thread.start()
    }

    /// Stops accepting, wakes idle connections so they close, and waits (up to the grace
    /// period) for requests in flight to be answered. Safe to call more than once.
    public func shutdown() {
        let (listeners, done, loops) = state.withLock { s -> ([Socket.Listener], DispatchSemaphore?, [EventLoop]) in
            defer {
                s.listeners = []
                s.acceptThreadDone = nil
            }
            return (s.listeners, s.acceptThreadDone, s.loops)
        }
        guard !core.shuttingDown.exchange(true, ordering: .sequentiallyConsistent) else { return }
        core.wake()
        done?.wait()
        listeners.forEach { close($0.fd) }
        loops.forEach { $0.post(.shutdown) }
        let deadline = Socket.now() + core.configuration.shutdownGracePeriod.milliseconds
        while core.activeConnections.load(ordering: .acquiring) > 0 && Socket.now() < deadline {
            usleep(5_000)
        }
        core.configuration.logger.accessLog?.flush()
    }
}

/// What the accept thread and every connection share. Immutable but for the atomics.
final class ServerCore: Sendable {
    let configuration: ServerConfiguration
    let router: Router
    let errorResponder: HTTPServer.ErrorResponder
    let parserLimits: HTTPParserLimits
    /// The configured default headers, serialized once, and their names.
    let defaultHeaderBytes: [UInt8]
    let defaultHeaderNames: [String]
    /// This server among those of the process, from 1 (see `HeaderWireForm.setsDefault`).
    let id = ServerCore.lastID.add(1, ordering: .relaxed).newValue
    private static let lastID = Atomic<Int>(0)
    let activeConnections = Atomic<Int>(0)
    let bodyBudget: BodyBudget
    let shuttingDown = Atomic<Bool>(false)
    /// Readable once shutdown begins: wakes the accept thread.
    let wakeReadFD: Int32
    private let wakeWriteFD: Int32

    init(configuration: ServerConfiguration, router: Router, errorResponder: @escaping HTTPServer.ErrorResponder) {
        self.configuration = configuration
        self.router = router
        self.errorResponder = errorResponder
        self.parserLimits = HTTPParserLimits(configuration)
        self.bodyBudget = BodyBudget(capacity: configuration.maxBodyBytesInFlight)
        self.defaultHeaderNames = configuration.defaultHeaders.map(\.name)
        self.defaultHeaderBytes = Array(configuration.defaultHeaders.filter(Connection.isSafeField).map { "\($0.name): \($0.value)\r\n" }.joined().utf8)
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) == 0 {
            fds.forEach { _ = fcntl($0, F_SETFD, FD_CLOEXEC) }
        } else {
            fds = [-1, -1]
        }
        wakeReadFD = fds[0]
        wakeWriteFD = fds[1]
    }

    deinit {
        close(wakeReadFD)
        close(wakeWriteFD)
    }

    var isShuttingDown: Bool { shuttingDown.load(ordering: .relaxed) }

    func wake() {
        var byte: UInt8 = 1
        _ = write(wakeWriteFD, &byte, 1)
    }

    /// Accepts connections and deals them out to the loops in turn.
    func acceptLoop(listeners: [Socket.Listener], loops: [EventLoop]) {
        var next = 0
        var fds = listeners.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
        fds.append(pollfd(fd: wakeReadFD, events: Int16(POLLIN), revents: 0))
        while !isShuttingDown {
            // A timeout too, so shutdown is noticed even if the wake pipe could not be made.
            let ready = poll(&fds, nfds_t(fds.count), 1000)
            if ready < 0 {
                if errno == EINTR { continue }
                configuration.logger.log(.error, "poll on listeners failed: \(String(cString: strerror(errno)))")
                return
            }
            if fds[fds.count - 1].revents != 0 { return }
            for index in 0..<listeners.count where fds[index].revents & Int16(POLLIN) != 0 {
                if acceptOne(from: listeners[index].fd, to: loops[next % loops.count]) { next &+= 1 }
            }
        }
    }

    /// True when a connection went to `loop`.
    private func acceptOne(from listener: Int32, to loop: EventLoop) -> Bool {
        var address = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let fd = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                accept(listener, $0, &length)
            }
        }
        if fd >= 0 { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        guard fd >= 0 else {
            if errno == EMFILE || errno == ENFILE {
                // Out of descriptors: back off instead of spinning on a listener that stays readable.
                configuration.logger.log(.warning, "accept: out of file descriptors")
                usleep(10_000)
            }
            return false
        }
        let remote = Socket.describe(&address)
        if activeConnections.load(ordering: .relaxed) >= configuration.maxConnections {
            refuseOverCapacity(fd)
            return false
        }
        activeConnections.add(1, ordering: .relaxed)
        loop.post(.adopt(fd: fd, remoteAddress: remote))
        return true
    }

    /// Over the connection cap: a short 503 written without waiting, then close.
    private func refuseOverCapacity(_ fd: Int32) {
        let body = "The dashboard is handling too many connections. Please try again in a moment.\n"
        let text = "HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n"
            + "Content-Length: \(body.utf8.count)\r\nRetry-After: 1\r\nConnection: close\r\n\r\n" + body
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        _ = Array(text.utf8).withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        close(fd)
        configuration.logger.log(.warning, "refused a connection: \(configuration.maxConnections) already open")
    }
}

