import Glibc

extension Connection {
    /// A request head arrived: check it, find its route, and start reading its body.
    func begin(_ head: HTTPRequestHead) {
        let started = loop.now
        var request = HTTPRequest(method: head.method, target: head.target, version: head.version, headers: head.headers, remoteAddress: remoteAddress)
        let match = core.router.match(method: head.method, path: request.path)
        let parameters = match.parameters
        if !parameters.isEmpty { request.pathParameters = parameters }
        let bodyLimit = core.bodyLimit(for: match)
        let exchange = Exchange(head: head, request: request, match: match, bodyLimit: bodyLimit, startedAt: started)
        self.exchange = exchange

        if let refusal = hostRefusal(head) {
            answerAndClose(refusal.status, refusal.message)
            return
        }
        // Refuse an announced body over the cap before reading any of it.
        if let declared = head.declaredBodyLength, declared > bodyLimit {
            answerAndClose(.contentTooLarge, Self.tooLargeMessage(bodyLimit))
            return
        }
        // A large declared body is charged before any of it is read (or invited).
        if let declared = head.declaredBodyLength, declared > configuration.largeBodyBytes, !chargeLargeBody(exchange) {
            refuseOverBudget()
            return
        }
        if head.expectsContinue && head.framing != .none {
            // Invite the body only where a route will read it; otherwise answer now and close.
            guard case .found = match else {
                let status: HTTPStatus = if case .methodNotAllowed = match { .methodNotAllowed } else { .notFound }
                answerAndClose(status, "There is nothing at this address that accepts this request.")
                return
            }
            enqueue(raw: Self.continueLine)
        }
        if case .found(let route, _) = match, route.spoolsBody, head.framing != .none {
            guard let spool = SpooledBody(directory: configuration.spoolDirectory) else {
                configuration.logger.log(.error, "could not create a file for a request body in \(configuration.spoolDirectory)")
                answerAndClose(.serviceUnavailable, Self.spoolFailedMessage, headers: ["Retry-After": "5"])
                return
            }
            exchange.spool = spool
        } else if let declared = head.declaredBodyLength, declared > 0 {
            exchange.body.reserveCapacity(declared)
        }
        phase = .body
        bodyProgressAt = started
    }

    private static let continueLine = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    /// The whole request is in: answer it here when the handler can answer at once, otherwise
    /// start its task and wait for `handlerFinished`.
    func dispatch() {
        guard let exchange else { return }
        if !exchange.body.isEmpty {
            exchange.request.body = exchange.body
            exchange.body = []
        }
        if let spool = exchange.spool {
            // The file holds the budget's charge from now on: it is given back when the file goes.
            if let charge = exchange.charge {
                spool.hold(charge)
                exchange.charge = nil
            }
            exchange.request.bodyFile = spool
        }
        switch core.answer(exchange.match, to: exchange.request, head: exchange.head) {
        case .now(let response):
            finish(response)
        case .later(let handler, let request):
            phase = .handler
            let (loop, fd, id, core) = (self.loop, self.fd, self.id, self.core)
            Task {
                let response = await core.response(of: handler, to: request)
                loop.post(.respond(fd: fd, connectionID: id, response: response))
            }
        }
    }

    /// A handler task's answer, delivered on the loop's thread.
    func handlerFinished(_ response: HTTPResponse) {
        guard phase == .handler else { return }
        finish(response)
        drive()
    }

    /// Sends the answer to `exchange` and gets ready for the next request.
    private func finish(_ response: HTTPResponse) {
        guard let exchange else { return }
        let head = exchange.head
        // The handler is done with a spooled body: the file goes before the answer leaves.
        exchange.spool?.remove()
        self.exchange = nil
        // A handler may end the connection itself with `Connection: close`.
        let keepAlive = head.keepAlive && !loop.isShuttingDown && !core.isShuttingDown
            && !(response.headers.contains("Connection") && response.headers.tokens(for: "Connection").contains("close"))
        let sent = enqueue(response, method: head.method, version: head.version, keepAlive: keepAlive)
        logAccess(method: head.method, target: head.target, status: response.status, bytes: sent ?? 0, started: exchange.startedAt)
        phase = .head
        idleSince = loop.now
        headStartedAt = parser.isIdle ? nil : loop.now
        if sent == nil || !keepAlive { afterFlush = .close }
    }

    static func tooLargeMessage(_ limit: Int) -> String {
        "The request body is larger than this address accepts (\(limit / 1024) KB)."
    }

    static let spoolFailedMessage = "The server cannot store this upload right now. Please try again in a moment."


    /// RFC 9110 §7.4: a request for a host this server does not answer to gets 421 (the last
    /// host found acceptable is remembered: clients send the same one every time).
    private func hostRefusal(_ head: HTTPRequestHead) -> HTTPError? {
        // The same bytes as the last accepted Host (clients send the same one every time):
        // accepted, with no String made of it.
        if let acceptedHost, head.headers.firstValue(of: "Host", is: acceptedHost) { return nil }
        guard let host = head.headers["Host"], host != acceptedHost else { return nil }
        if let refusal = core.hostRefusal(host) { return refusal }
        acceptedHost = host
        return nil
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
}

extension ServerCore {
    /// What answers a whole request: a response at once (no route, another method, or an
    /// immediate handler's answer), or a handler to run as a task (`response(of:to:)`).
    enum Answer {
        case now(HTTPResponse)
        case later(any HTTPHandler, HTTPRequest)
    }

    /// The one place a request whose body is in meets its route, for the connections and for
    /// `HTTPServer.respond(to:)`: the route's handler (on the caller's thread when it can
    /// answer at once), 405 with `Allow`, or 404. The request carries the match's parameters
    /// already: set when it was made, while nothing else held it, they cost no copy of it here.
    func answer(_ match: Router.Match, to request: HTTPRequest, head: HTTPRequestHead) -> Answer {
        switch match {
        case .found(let route, _):
            if let immediate = route.immediate {
                do {
                    if let response = try immediate.respondImmediately(request) { return .now(response) }
                } catch {
                    return .now(response(for: error, to: request))
                }
            }
            return .later(route.handler, request)
        case .methodNotAllowed(let allow):
            var response = errorResponder(.methodNotAllowed, "This address does not accept \(head.method.rawValue) requests.", HTTPRequest(head: head))
            response.headers["Allow"] = allow.map(\.rawValue).joined(separator: ", ")
            return .now(response)
        case .notFound:
            return .now(errorResponder(.notFound, "There is nothing at this address.", HTTPRequest(head: head)))
        }
    }

    /// A handler's answer, or its error's.
    func response(of handler: any HTTPHandler, to request: HTTPRequest) async -> HTTPResponse {
        do {
            return try await handler.handle(request)
        } catch {
            return response(for: error, to: request)
        }
    }

    /// The most body bytes a request matched to `match` may carry.
    func bodyLimit(for match: Router.Match) -> Int {
        if case .found(let route, _) = match, let routeLimit = route.maxBodySize { return routeLimit }
        return configuration.maxBodyBytes
    }

    /// RFC 9110 §7.4: 421 for a host this server does not answer to, 400 for a malformed one,
    /// nil when every host is accepted or this one is allowed.
    func hostRefusal(_ host: String) -> HTTPError? {
        guard !configuration.allowedHosts.isEmpty else { return nil }
        guard let name = Connection.hostName(host) else { return HTTPError(.badRequest, "The Host header is malformed.") }
        if configuration.allowedHosts.contains(where: { $0.asciiCaseInsensitiveEquals(name) }) { return nil }
        return HTTPError(.misdirectedRequest, "This server does not answer for the host named in the request.")
    }

    /// A handler's error as the answer: its own status for `HTTPError`, 500 (logged) otherwise.
    func response(for error: any Error, to request: HTTPRequest) -> HTTPResponse {
        if let error = error as? HTTPError { return errorResponder(error.status, error.message, request) }
        configuration.logger.log(.error, "handler for \(request.method) \(request.path) failed: \(error)")
        return errorResponder(.internalServerError, "Something went wrong on our side. Please try again.", request)
    }
}
