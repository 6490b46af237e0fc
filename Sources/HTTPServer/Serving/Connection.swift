import CEpoll
import Glibc

/// One client connection, driven by its event loop: read, parse, answer, repeat.
///
/// A state machine over non-blocking I/O. Everything here runs on the owning loop's thread.
/// Input is parsed only while no output is waiting, so pipelined requests are answered in order
/// and a client that does not read its answers stops being read from (back-pressure).
final class Connection {
    enum Phase {
        /// Waiting for (the rest of) a request head; idle between requests.
        case head
        /// Reading the body of `exchange`.
        case body
        /// `exchange`'s handler runs as a Swift task; its answer arrives through the loop.
        case handler
        /// An error answer is being sent; then the connection lingers or closes.
        case closing
        /// After an error answer: reading and discarding what the client still sends, briefly.
        case lingering
        case closed
    }

    /// What to do once all output has left.
    enum AfterFlush {
        case carryOn
        case close
        case linger
    }

    /// The request being read or answered. A class: it is handed along, never copied.
    final class Exchange {
        let head: HTTPRequestHead
        var request: HTTPRequest
        let match: Router.Match
        let bodyLimit: Int
        var body: [UInt8] = []
        /// Body bytes received so far, in `body` or in `spool`.
        var bodyBytes = 0
        /// The file the body goes to, on a route that spools its bodies.
        var spool: SpooledBody?
        let startedAt: Int
        /// From the request's first byte, for `ServerConfiguration.requestTimeout`.
        var requestStartedAt: Int
        /// What this body holds of the server's `BodyBudget`; given back when the exchange ends.
        var charge: (budget: BodyBudget, bytes: Int)?

        init(head: HTTPRequestHead, request: HTTPRequest, match: Router.Match, bodyLimit: Int, startedAt: Int) {
            self.head = head
            self.request = request
            self.match = match
            self.bodyLimit = bodyLimit
            self.startedAt = startedAt
            self.requestStartedAt = startedAt
        }

        deinit {
            charge.map { $0.budget.release($0.bytes) }
        }
    }

    let fd: Int32
    let id: UInt64
    let remoteAddress: String
    /// `unowned(unsafe)`: the loop owns its connections and outlives them, and a connection is
    /// only touched on the loop's thread. A checked `unowned` reference costs an atomic retain
    /// and release on every use, and a request uses it a few dozen times.
    unowned(unsafe) let loop: EventLoop
    let core: ServerCore
    /// A copy of the server's configuration, so reading a limit is a field load.
    let configuration: ServerConfiguration
    /// `configuration.keepAliveTimeout` in milliseconds, read after every answer: worked out
    /// once here, as a `Duration`'s parts cost a call to read.
    let keepAliveMilliseconds: Int
    var parser: HTTPRequestParser
    var phase = Phase.head
    var exchange: Exchange?
    /// Output that could not be sent yet (the socket's buffer was full).
    var pending: PendingOutput?
    var afterFlush = AfterFlush.carryOn
    /// Edge-triggered readiness: set by events, cleared when a call would block.
    var readable = false
    var writable = true
    /// The peer sent FIN (or the socket failed): a short read no longer means "drained".
    var peerHungUp = false

    /// Times on the loop's clock, for the deadlines.
    var idleSince: Int
    var headStartedAt: Int?
    var bodyProgressAt = 0
    var lingerUntil = 0
    var lingerDiscarded = 0
    /// The time of this connection's entry in the loop's deadline heap, if it has one.
    var scheduledAt: Int?
    var requestsLeftThisTurn = 0
    /// The last `Host` value found acceptable: clients send the same one every time.
    var acceptedHost: String?

    init(fd: Int32, id: UInt64, remoteAddress: String, loop: EventLoop) {
        self.fd = fd
        self.id = id
        self.remoteAddress = remoteAddress
        self.loop = loop
        self.core = loop.core
        self.configuration = loop.core.configuration
        self.keepAliveMilliseconds = loop.core.configuration.keepAliveTimeout.milliseconds
        self.parser = HTTPRequestParser(limits: loop.core.parserLimits)
        self.idleSince = loop.now
        Socket.setOption(fd, Int32(IPPROTO_TCP), TCP_NODELAY, 1)
    }

    // MARK: Events

    func handle(events: UInt32) {
        if events & (CEPOLL_IN | CEPOLL_RDHUP | CEPOLL_HUP | CEPOLL_ERR) != 0 { readable = true }
        if events & (CEPOLL_RDHUP | CEPOLL_HUP | CEPOLL_ERR) != 0 { peerHungUp = true }
        if events & (CEPOLL_OUT | CEPOLL_HUP | CEPOLL_ERR) != 0 { writable = true }
        drive()
    }

    /// Requests one pass of `drive` may answer before other connections get their turn.
    static let requestsPerTurn = 32

    /// Makes all the progress the socket allows, then schedules the next deadline. A client that
    /// pipelines without pause is served `requestsPerTurn` requests at a time, then waits for
    /// the loop to come back to it, so it cannot starve the other connections of its loop.
    func drive() {
        requestsLeftThisTurn = Self.requestsPerTurn
        while phase != .closed {
            if pending != nil {
                guard flush() else { break }
            }
            if afterFlush != .carryOn {
                if afterFlush == .linger && phase != .lingering {
                    beginLingering()
                } else if afterFlush == .close {
                    close()
                    return
                }
            }
            switch phase {
            case .head, .body:
                guard requestsLeftThisTurn > 0 else {
                    loop.comeBack(to: self)
                    break
                }
                guard step() else { break }
                continue
            case .lingering:
                discardInput()
            case .handler, .closing, .closed:
                break
            }
            break
        }
        guard phase != .closed else { return }
        if loop.isShuttingDown { closeIfIdle() }
        scheduleDeadline()
    }

    /// One parser event handled. False when the connection must wait for the socket.
    private func step() -> Bool {
        let event: HTTPParserEvent
        do {
            event = try parser.next()
        } catch {
            answerAndClose(error.status, error.reason)
            return true
        }
        switch event {
        case .needMoreData:
            return readable && receive()
        case .head(let head):
            guard phase == .head else { close(); return false }
            let firstByteAt = headStartedAt ?? loop.now
            headStartedAt = nil
            begin(head)
            exchange?.requestStartedAt = firstByteAt
        case .body(let piece):
            guard phase == .body else {
                // The body events belong to `begin`'s exchange; anything else is a parser bug.
                answerAndClose(.internalServerError, "Unexpected request framing.")
                return true
            }
            guard let exchange else { return true }
            exchange.bodyBytes += piece.count
            if exchange.bodyBytes > exchange.bodyLimit {
                answerAndClose(.contentTooLarge, Self.tooLargeMessage(exchange.bodyLimit))
            } else if exchange.charge == nil, exchange.bodyBytes > configuration.largeBodyBytes, !chargeLargeBody(exchange) {
                refuseOverBudget()
            } else if let spool = exchange.spool {
                if !spool.append(piece) {
                    configuration.logger.log(.error, "could not write a request body to \(configuration.spoolDirectory)")
                    answerAndClose(.serviceUnavailable, Self.spoolFailedMessage, headers: ["Retry-After": "5"])
                }
            } else {
                exchange.body.append(contentsOf: piece)
            }
        case .end:
            guard phase == .body else {
                answerAndClose(.internalServerError, "Unexpected request framing.")
                return true
            }
            requestsLeftThisTurn -= 1
            dispatch()
        }
        return true
    }

    /// Reads what the socket has into the parser. False when nothing came (or the peer left).
    private func receive() -> Bool {
        let buffer = loop.readBuffer
        while true {
            let n = recv(fd, buffer.baseAddress, buffer.count, 0)
            if n > 0 {
                // A short read drained the socket: the next arrival brings a new edge.
                if n < buffer.count && !peerHungUp { readable = false }
                let wasIdle = parser.isIdle
                parser.append(UnsafeRawBufferPointer(rebasing: buffer[0..<n]))
                if phase == .body { bodyProgressAt = loop.now }
                if wasIdle && phase == .head { headStartedAt = loop.now }
                return true
            }
            if n < 0 && errno == EINTR { continue }
            if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                readable = false
                return false
            }
            // End of stream or a reset. An unfinished request is dropped without an answer:
            // nobody is left to read it.
            close()
            return false
        }
    }

    // MARK: Deadlines

    /// When this connection next needs attention without an event, or `Int.max`.
    private var deadline: Int {
        if let pending { return pending.lastProgressAt + configuration.sendTimeout.milliseconds }
        switch phase {
        case .head:
            if parser.isIdle { return idleSince + keepAliveMilliseconds }
            let start = headStartedAt ?? loop.now
            return start + min(configuration.headerTimeout.milliseconds, configuration.requestTimeout.milliseconds)
        case .body:
            return bodyDeadline
        case .lingering:
            return lingerUntil
        case .handler, .closing, .closed:
            return .max
        }
    }

    /// Makes sure the loop wakes this connection by its deadline. An entry already in the heap
    /// for an earlier time is enough: when it fires, `deadlineReached` schedules the real one.
    func scheduleDeadline() {
        if phase == .head && !parser.isIdle && headStartedAt == nil { headStartedAt = loop.now }
        let time = deadline
        guard time != .max else { return }
        if let scheduledAt, scheduledAt <= time { return }
        scheduledAt = time
        loop.schedule(self, at: time)
    }

    func deadlineReached() {
        guard deadline <= loop.now else {
            scheduleDeadline()
            return
        }
        if pending != nil {
            // The client stopped reading what we send.
            close()
            return
        }
        switch phase {
        case .head where parser.isIdle:
            close()
            return
        case .head:
            answerAndClose(.requestTimeout, "The request headers did not arrive in time.")
        case .body:
            answerAndClose(.requestTimeout, bodyTimeoutMessage)
        case .lingering, .handler, .closing, .closed:
            close()
            return
        }
        drive()
    }

    // MARK: Closing

    /// At shutdown: a connection between requests closes now; others finish their exchange, and
    /// one lingering after an error answer lingers `shutdownLingerMilliseconds` at most.
    func closeIfIdle() {
        if phase == .head && parser.isIdle && pending == nil && afterFlush == .carryOn {
            close()
        } else if phase == .lingering && lingerUntil > loop.now + Self.shutdownLingerMilliseconds {
            lingerUntil = loop.now + Self.shutdownLingerMilliseconds
            scheduleDeadline()
        }
    }

    /// Sends an error the server itself found; the connection then lingers and closes.
    func answerAndClose(_ status: HTTPStatus, _ message: String, headers: HTTPHeaders = HTTPHeaders()) {
        let method = exchange?.head.method
        let target = exchange?.head.target
        let started = exchange?.startedAt ?? loop.now
        let head = exchange.map { HTTPRequest(head: $0.head) }
        exchange = nil
        phase = .closing
        var response = core.errorResponder(status, message, head)
        for field in headers { response.headers[field.name] = field.value }
        let sent = enqueue(response, method: method ?? .get, version: .http1_1, keepAlive: false)
        logAccess(method: method ?? HTTPMethod("-"), target: target ?? "-", status: status, bytes: sent ?? 0, started: started)
        afterFlush = sent == nil ? .close : .linger
    }

    /// At shutdown, a connection lingering after an error answer closes within this: long
    /// enough for a client that is reading its answer, and a client still uploading does not
    /// hold the shutdown for the whole `ServerConfiguration.lingerTimeout`.
    static let shutdownLingerMilliseconds = 250

    /// RFC 9112 §9.6: closing with unread input makes the kernel send a reset, which can destroy
    /// the error response before the client reads it. So stop writing, then read and discard
    /// what the client is still sending, within `ServerConfiguration.lingerTimeout` and
    /// `lingerDiscardBytes`, before closing.
    private func beginLingering() {
        shutdown(fd, Int32(SHUT_WR))
        phase = .lingering
        let linger = loop.isShuttingDown ? Self.shutdownLingerMilliseconds : configuration.lingerTimeout.milliseconds
        lingerUntil = loop.now + linger
        lingerDiscarded = 0
    }

    private func discardInput() {
        let buffer = loop.readBuffer
        while lingerDiscarded < configuration.lingerDiscardBytes {
            // Nothing more yet: wait for input, the end of the stream, or the linger deadline.
            guard readable else { return }
            let n = recv(fd, buffer.baseAddress, buffer.count, 0)
            if n > 0 {
                lingerDiscarded += n
                continue
            }
            if n < 0 && errno == EINTR { continue }
            if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                readable = false
                return
            }
            break
        }
        close()
    }

    func close() {
        guard phase != .closed else { return }
        phase = .closed
        pending?.closeFile()
        pending = nil
        loop.forget(self)
        Glibc.close(fd)
    }

    func logAccess(method: HTTPMethod, target: String, status: HTTPStatus, bytes: Int, started: Int) {
        let logger = configuration.logger
        guard logger.logsAccess else { return }
        let milliseconds = Socket.now() - started
        let remote = remoteAddress
        if let accessLog = logger.accessLog {
            accessLog.append(shard: loop.index) { line in
                AccessLog.format(
                    into: &line, remote: remote, method: method, target: target, status: status, bytes: bytes,
                    milliseconds: milliseconds)
            }
        } else {
            var line: [UInt8] = []
            AccessLog.format(
                into: &line, remote: remote, method: method, target: target, status: status, bytes: bytes,
                milliseconds: milliseconds)
            logger.sink(String(decoding: line, as: UTF8.self))
        }
    }
}
