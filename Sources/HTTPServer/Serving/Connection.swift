import Dispatch
import Glibc

/// One client connection, served on its own thread: read, parse, answer, repeat.
final class Connection {
    let fd: Int32
    let remoteAddress: String
    let core: ServerCore
    /// A copy of the server's configuration, so reading a limit is a field load.
    let configuration: ServerConfiguration
    var parser: HTTPRequestParser
    private let readBuffer: UnsafeMutableRawBufferPointer
    /// Where response heads are serialized, reused for every response.
    let output = OutputBuffer()
    /// The last `Date` header value and the second it names.
    var dateSecond = -1
    var dateText = ""
    /// When the first byte of the request being read arrived (for the header deadline).
    private var headStartedAt: Int?

    init(fd: Int32, remoteAddress: String, core: ServerCore) {
        self.fd = fd
        self.remoteAddress = remoteAddress
        self.core = core
        self.configuration = core.configuration
        self.parser = HTTPRequestParser(limits: core.parserLimits)
        self.readBuffer = .allocate(byteCount: 32 * 1024, alignment: 16)
        Socket.setOption(fd, Int32(IPPROTO_TCP), TCP_NODELAY, 1)
        Socket.setSendTimeout(fd, milliseconds: core.configuration.sendTimeout.milliseconds)
    }

    deinit { readBuffer.deallocate() }

    enum ReadOutcome {
        case data
        case closed
        case timedOut
        case shuttingDown
    }

    /// Serves requests until the client leaves, a deadline passes, an error closes the
    /// connection, or the server shuts down.
    func run() {
        while true {
            let event: HTTPParserEvent
            do {
                event = try parser.next()
            } catch {
                answerAndClose(error.status, error.reason, method: nil, target: nil)
                return
            }
            switch event {
            case .needMoreData:
                guard waitForHead() else { return }
            case .head(let head):
                headStartedAt = nil
                guard serve(head) else { return }
            case .body, .end:
                // The body loop in `serve` consumes these; reaching here is a parser bug.
                answerAndClose(.internalServerError, "Unexpected request framing.", method: nil, target: nil)
                return
            }
        }
    }

    /// Reads while no full head is buffered. False when the connection should close.
    private func waitForHead() -> Bool {
        if parser.isIdle {
            // Between requests: wait for a first byte up to the keep-alive limit, then leave quietly.
            switch read(timeout: configuration.keepAliveTimeout.milliseconds, wakeOnShutdown: true) {
            case .data:
                if !parser.isIdle { headStartedAt = Socket.now() }
                return true
            case .closed, .timedOut, .shuttingDown:
                return false
            }
        }
        let started = headStartedAt ?? Socket.now()
        headStartedAt = started
        let remaining = started + configuration.headerTimeout.milliseconds - Socket.now()
        switch remaining > 0 ? read(timeout: remaining, wakeOnShutdown: false) : .timedOut {
        case .data:
            return true
        case .timedOut:
            answerAndClose(.requestTimeout, "The request headers did not arrive in time.", method: nil, target: nil)
            return false
        case .closed, .shuttingDown:
            return false
        }
    }

    /// Reads once, waiting at most `timeout` ms. Idle connections also wake at shutdown.
    /// (A blocking `recv` with `SO_RCVTIMEO` instead of `poll` then `recv` saves a system call
    /// per request but measured no faster here, and needs a registry to wake idle connections.)
    func read(timeout: Int, wakeOnShutdown: Bool) -> ReadOutcome {
        var fds = [
            pollfd(fd: fd, events: Int16(POLLIN), revents: 0),
            pollfd(fd: core.wakeReadFD, events: Int16(POLLIN), revents: 0),
        ]
        let deadline = Socket.now() + timeout
        while true {
            if wakeOnShutdown && core.isShuttingDown { return .shuttingDown }
            let wait = max(0, deadline - Socket.now())
            let ready = poll(&fds, wakeOnShutdown ? 2 : 1, Int32(clamping: wait))
            if ready < 0 {
                if errno == EINTR { continue }
                return .closed
            }
            if ready == 0 { return .timedOut }
            if fds[0].revents == 0 {
                if wakeOnShutdown && fds[1].revents != 0 { return .shuttingDown }
                continue
            }
            let n = recv(fd, readBuffer.baseAddress, readBuffer.count, 0)
            if n > 0 {
                parser.append(UnsafeRawBufferPointer(rebasing: readBuffer[0..<n]))
                return .data
            }
            if n < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            return .closed
        }
    }

    /// Answers one request whose head has been parsed. False when the connection should close.
    private func serve(_ head: HTTPRequestHead) -> Bool {
        let started = Socket.now()
        if let refusal = hostRefusal(head) {
            answerAndClose(refusal.status, refusal.message, method: head.method, target: head.target)
            return false
        }
        var request = HTTPRequest(method: head.method, target: head.target, version: head.version, headers: head.headers, remoteAddress: remoteAddress)
        let match = core.router.match(method: head.method, path: request.path)
        var bodyLimit = configuration.maxBodyBytes
        if case .found(let route, _) = match, let routeLimit = route.maxBodySize { bodyLimit = routeLimit }

        // Refuse an announced body over the cap before reading any of it.
        if let declared = head.declaredBodyLength, declared > bodyLimit {
            answerAndClose(.contentTooLarge, Self.tooLargeMessage(bodyLimit), method: head.method, target: head.target)
            return false
        }
        if head.expectsContinue && head.framing != .none {
            // Invite the body only where a route will read it; otherwise answer now and close.
            guard case .found = match else {
                let status: HTTPStatus = if case .methodNotAllowed = match { .methodNotAllowed } else { .notFound }
                answerAndClose(status, "There is nothing at this address that accepts this request.", method: head.method, target: head.target)
                return false
            }
            guard Socket.sendAll(fd, Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)) else { return false }
        }
        guard let body = readBody(head, limit: bodyLimit) else { return false }
        request.body = body
        let response: HTTPResponse
        switch match {
        case .found(let route, let parameters):
            request.pathParameters = parameters
            response = respond(with: route, to: request)
        case .methodNotAllowed(let allow):
            var r = core.errorResponder(.methodNotAllowed, "This address does not accept \(head.method.rawValue) requests.")
            r.headers["Allow"] = allow.map(\.rawValue).joined(separator: ", ")
            response = r
        case .notFound:
            response = core.errorResponder(.notFound, "There is nothing at this address.")
        }
        // A handler may end the connection itself with `Connection: close`.
        let keepAlive = head.keepAlive && !core.isShuttingDown && !response.headers.tokens(for: "Connection").contains("close")
        let sent = write(response, method: head.method, version: head.version, keepAlive: keepAlive)
        logAccess(method: head.method, target: head.target, status: response.status, bytes: sent ?? 0, started: started)
        return sent != nil && keepAlive
    }

    static func tooLargeMessage(_ limit: Int) -> String {
        "The request body is larger than this address accepts (\(limit / 1024) KB)."
    }

    /// RFC 9110 §7.4: a request for a host this server does not answer to gets 421.
    private func hostRefusal(_ head: HTTPRequestHead) -> HTTPError? {
        guard !configuration.allowedHosts.isEmpty, let host = head.headers["Host"] else { return nil }
        guard let name = Self.hostName(host) else { return HTTPError(.badRequest, "The Host header is malformed.") }
        if configuration.allowedHosts.contains(where: { $0.asciiCaseInsensitiveEquals(name) }) { return nil }
        return HTTPError(.misdirectedRequest, "This server does not answer for the host named in the request.")
    }

    /// The host part of a `Host` value (`[::1]` keeps its brackets), or nil if the port part
    /// is not a number.
    static func hostName(_ host: String) -> String? {
        let bytes = Array(host.utf8)
        var end = bytes.count
        if bytes.first == UInt8(ascii: "[") {
            guard let close = bytes.firstIndex(of: UInt8(ascii: "]")) else { return nil }
            end = close + 1
        } else if let colon = bytes.firstIndex(of: UInt8(ascii: ":")) {
            end = colon
        }
        let port = bytes[end...]
        guard port.isEmpty || (port.first == UInt8(ascii: ":") && port.dropFirst().allSatisfy { (0x30...0x39).contains($0) }) else {
            return nil
        }
        return String(decoding: bytes[..<end], as: UTF8.self)
    }

    /// Reads the whole body within the limit and the idle deadline; nil when the connection
    /// must close (after answering 408 or 413 where that is still possible).
    private func readBody(_ head: HTTPRequestHead, limit: Int) -> [UInt8]? {
        var body: [UInt8] = []
        if let declared = head.declaredBodyLength { body.reserveCapacity(declared) }
        while true {
            let event: HTTPParserEvent
            do {
                event = try parser.next()
            } catch {
                answerAndClose(error.status, error.reason, method: head.method, target: head.target)
                return nil
            }
            switch event {
            case .body(let piece):
                body.append(contentsOf: piece)
                if body.count > limit {
                    answerAndClose(.contentTooLarge, Self.tooLargeMessage(limit), method: head.method, target: head.target)
                    return nil
                }
            case .end:
                return body
            case .needMoreData:
                switch read(timeout: configuration.bodyIdleTimeout.milliseconds, wakeOnShutdown: false) {
                case .data: continue
                case .timedOut:
                    answerAndClose(.requestTimeout, "The request body stopped arriving.", method: head.method, target: head.target)
                    return nil
                case .closed, .shuttingDown:
                    return nil
                }
            case .head:
                return nil
            }
        }
    }

    /// Runs a handler: on this thread when it can answer at once, otherwise as a Swift task
    /// while this thread waits. Errors become error pages; nothing a handler throws escapes.
    private func respond(with route: Router.Route, to request: HTTPRequest) -> HTTPResponse {
        let handler = route.handler
        do {
            if let immediate = route.immediate, let response = try immediate.respondImmediately(request) {
                return response
            }
            let pending = PendingResponse()
            Task {
                do {
                    pending.result = .success(try await handler.handle(request))
                } catch {
                    pending.result = .failure(error)
                }
                pending.done.signal()
            }
            pending.done.wait()
            return try pending.result.get()
        } catch let error as HTTPError {
            return core.errorResponder(error.status, error.message)
        } catch {
            configuration.logger.log(.error, "handler for \(request.method) \(request.path) failed: \(error)")
            return core.errorResponder(.internalServerError, "Something went wrong on our side. Please try again.")
        }
    }

    /// Sends an error the server itself found, then the caller closes the connection.
    private func answerAndClose(_ status: HTTPStatus, _ message: String, method: HTTPMethod?, target: String?) {
        let started = Socket.now()
        let response = core.errorResponder(status, message)
        let sent = write(response, method: method ?? .get, version: .http1_1, keepAlive: false)
        logAccess(method: method ?? HTTPMethod("-"), target: target ?? "-", status: status, bytes: sent ?? 0, started: started)
        if sent != nil { lingerBeforeClose() }
    }

    /// RFC 9112 §9.6: closing with unread input makes the kernel send a reset, which can
    /// destroy the error response before the client reads it. So stop writing, then read and
    /// discard what the client is still sending, briefly and boundedly, before closing.
    private func lingerBeforeClose(milliseconds: Int = 250, maxBytes: Int = 256 * 1024) {
        shutdown(fd, Int32(SHUT_WR))
        let deadline = Socket.now() + milliseconds
        var discarded = 0
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        while discarded < maxBytes {
            let wait = deadline - Socket.now()
            guard wait > 0 else { return }
            let ready = poll(&poller, 1, Int32(wait))
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { return }
            let n = recv(fd, readBuffer.baseAddress, readBuffer.count, 0)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return }
            discarded += n
        }
    }

    private func logAccess(method: HTTPMethod, target: String, status: HTTPStatus, bytes: Int, started: Int) {
        configuration.logger.log(.info, {
            // The path only: query strings may carry search text a person typed.
            let path = target.split(separator: "?", maxSplits: 1).first.map(String.init) ?? target
            return "\(remoteAddress) \(method.rawValue) \(path) \(status.rawValue) \(bytes)B \(Socket.now() - started)ms"
        }())
    }
}

/// Carries a task's result to the waiting connection thread. Written once by the task before
/// `done.signal()`, read by the thread after `done.wait()`: the semaphore orders the two, which
/// is why no lock is needed (and why this is `@unchecked Sendable`).
final class PendingResponse: @unchecked Sendable {
    var result: Result<HTTPResponse, any Error> = .failure(CancellationError())
    let done = DispatchSemaphore(value: 0)
}
