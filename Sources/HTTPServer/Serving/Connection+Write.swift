import Glibc

extension Connection {
    /// Serializes a response and sends what the socket takes now; the rest waits in `pending`
    /// for the socket to drain. Returns the body bytes the response carries, or nil if the peer
    /// is gone. `HEAD` and bodiless statuses send headers only (with the length a GET would
    /// have had).
    @discardableResult
    func enqueue(_ response: HTTPResponse, method: HTTPMethod, version: HTTPVersion, keepAlive: Bool) -> Int? {
        var response = response
        var keepAlive = keepAlive
        if case .stream = response.body, version == .http1_0 {
            // No chunked coding in HTTP/1.0: the end of the body is the end of the connection.
            keepAlive = false
            afterFlush = .close
        }
        var file: Int32 = -1
        if case .file(let path, _) = response.body, method != .head, response.status.allowsBody {
            file = open(path, O_RDONLY | O_CLOEXEC)
            if file < 0 {
                configuration.logger.log(.error, "could not open \(path) to send it")
                response = core.errorResponder(.notFound, "There is nothing at this address.", nil)
            }
        }
        let sendsBody = ServerCore.sendsBody(method: method, status: response.status)
        writeHead(of: response, keepAlive: keepAlive, version: version)
        switch response.body {
        case .bytes(let bytes):
            let body = sendsBody ? bytes : []
            return send(head: loop.headBuffer.bytes, body: body) ? body.count : nil
        case .file(_, let size):
            guard sendsBody, file >= 0 else { return send(head: loop.headBuffer.bytes, body: []) ? 0 : nil }
            var output = PendingOutput(chunks: [Array(loop.headBuffer.bytes)], at: loop.now)
            output.file = file
            output.fileRemaining = size
            guard pending == nil else {
                output.closeFile()
                close()
                return nil
            }
            pending = output
            return flush() || phase != .closed ? size : nil
        case .stream(let stream):
            guard sendsBody else { return send(head: loop.headBuffer.bytes, body: []) ? 0 : nil }
            guard pending == nil else {
                close()
                return nil
            }
            var output = PendingOutput(chunks: [Array(loop.headBuffer.bytes)], at: loop.now)
            output.stream = stream
            output.isChunked = version != .http1_0
            pending = output
            // The length is not known here; the access log counts a stream as 0 bytes.
            return flush() || phase != .closed ? 0 : nil
        }
    }

    /// Queues bytes written by hand (the `100 Continue` interim response).
    func enqueue(raw bytes: [UInt8]) {
        bytes.withUnsafeBytes { _ = send(head: $0, body: []) }
    }

    /// Sends head and body in one `sendmsg(2)` when nothing is waiting; keeps what did not fit.
    /// False when the peer is gone (the connection is then closed).
    private func send(head: UnsafeRawBufferPointer, body: [UInt8]) -> Bool {
        if var output = pending {
            // Behind output that is still waiting: join the queue, keep the order.
            guard output.file < 0, output.stream == nil else {
                close()
                return false
            }
            output.chunks.append(Array(head))
            if !body.isEmpty { output.chunks.append(body) }
            pending = output
            return true
        }
        let total = head.count + body.count
        let sent: Int = body.withUnsafeBytes { bodyBytes in
            var vectors = (
                iovec(iov_base: UnsafeMutableRawPointer(mutating: head.baseAddress), iov_len: head.count),
                iovec(iov_base: UnsafeMutableRawPointer(mutating: bodyBytes.baseAddress), iov_len: bodyBytes.count))
            return withUnsafeMutablePointer(to: &vectors) { pointer in
                pointer.withMemoryRebound(to: iovec.self, capacity: 2) { iov in
                    var message = msghdr()
                    message.msg_iov = iov
                    message.msg_iovlen = bodyBytes.isEmpty ? 1 : 2
                    while true {
                        let n = sendmsg(fd, &message, Int32(MSG_NOSIGNAL))
                        if n >= 0 { return n }
                        if errno == EINTR { continue }
                        return errno == EAGAIN || errno == EWOULDBLOCK ? 0 : -1
                    }
                }
            }
        }
        if sent < 0 {
            close()
            return false
        }
        if sent == total { return true }
        // The socket's buffer is full: keep the rest. `flush` then sends until the kernel says
        // EAGAIN, which is what arms the edge-triggered EPOLLOUT (a short write alone does not).
        var output = PendingOutput(chunks: [], at: loop.now)
        if sent < head.count { output.chunks.append(Array(head[sent...])) }
        if !body.isEmpty { output.chunks.append(body) }
        output.offset = sent > head.count ? sent - head.count : 0
        pending = output
        return flush() || phase != .closed
    }

    /// Sends waiting output until done (true) or the socket is full or gone (false).
    func flush() -> Bool {
        guard var output = pending else { return true }
        defer { if phase != .closed { pending = output.isDone ? nil : output } }
        repeat {
            while !output.chunks.isEmpty {
                guard writable else { return false }
                // A head followed by a file: hold the packet for the file's first bytes.
                let more = output.chunks.count == 1 && output.fileRemaining > 0 ? Int32(MSG_MORE) : 0
                let offset = output.offset
                let n = output.chunks[0].withUnsafeBytes { chunk in
                    chunk.baseAddress.map { Glibc.send(fd, $0 + offset, chunk.count - offset, Int32(MSG_NOSIGNAL) | more) } ?? -1
                }
                if n < 0 {
                    if errno == EINTR { continue }
                    if errno == EAGAIN || errno == EWOULDBLOCK {
                        writable = false
                        return false
                    }
                    close()
                    return false
                }
                output.consume(n, at: loop.now)
            }
            while output.fileRemaining > 0 {
                guard writable else { return false }
                let n = sendfile(fd, output.file, &output.fileOffset, output.fileRemaining)
                if n < 0 {
                    if errno == EINTR { continue }
                    if errno == EAGAIN || errno == EWOULDBLOCK {
                        writable = false
                        return false
                    }
                }
                guard n > 0 else {
                    // The peer left, or the file shrank under us: the response cannot be completed.
                    // (`close` closes the file too: `pending` still holds it.)
                    close()
                    return false
                }
                output.fileRemaining -= n
                output.lastProgressAt = loop.now
            }
        } while output.pullStreamPiece()
        output.closeFile()
        return true
    }

    /// Writes the status line and header block into the loop's `headBuffer`
    /// (`ServerCore.writeHead`).
    private func writeHead(of response: HTTPResponse, keepAlive: Bool, version: HTTPVersion) {
        core.writeHead(of: response, keepAlive: keepAlive, version: version, into: loop.headBuffer, statusLine: loop.statusLine(response.status), dateLine: loop.dateLine())
    }

    // Static strings, not arrays: their bytes are constants in the binary, where a `static let`
    // array costs a lazy-initialisation check and a retain on every use.
    static let contentLengthPrefix: StaticString = "Content-Length: "
    static let lineEnd: StaticString = "\r\n"
    static let chunkedCoding: StaticString = "Transfer-Encoding: chunked\r\n"
    static let connectionClose: StaticString = "Connection: close\r\n"
    static let connectionKeepAlive: StaticString = "Connection: keep-alive\r\n"

    /// Framing headers the server writes itself; a handler's versions are ignored.
    static let serverOwnedHeaders = ["Content-Length", "Connection", "Date", "Transfer-Encoding"]

    /// Whether `name` is one of `serverOwnedHeaders`, checked by length first (this runs for
    /// every header of every response).
    static func isServerOwned(_ name: String) -> Bool {
        switch name.utf8.count {
        case 4: name.asciiCaseInsensitiveEquals("Date")
        case 10: name.asciiCaseInsensitiveEquals("Connection")
        case 14: name.asciiCaseInsensitiveEquals("Content-Length")
        case 17: name.asciiCaseInsensitiveEquals("Transfer-Encoding")
        default: false
        }
    }

    static func isSafeField(_ field: HTTPHeaders.Field) -> Bool {
        var name = field.name
        var value = field.value
        return name.withUTF8 { !$0.isEmpty && $0.allSatisfy(HTTPRequestParser.isTokenByte) }
            && value.withUTF8 { !$0.contains { $0 == 0x0D || $0 == 0x0A || $0 == 0 } }
    }
}

/// Response bytes the socket has not taken yet: byte chunks in order, then maybe a file or
/// the rest of a stream.
struct PendingOutput {
    var chunks: [[UInt8]]
    /// A streamed body still being made: its next piece is asked for once `chunks` are sent.
    var stream: BodyStream?
    /// The stream's pieces are framed as chunks (HTTP/1.1) or sent bare (HTTP/1.0).
    var isChunked = true
    /// Bytes of `chunks[0]` already sent.
    var offset = 0
    var file: Int32 = -1
    var fileOffset = off_t(0)
    var fileRemaining = 0
    /// When the client last took bytes (for the send deadline).
    var lastProgressAt: Int

    init(chunks: [[UInt8]], at now: Int) {
        self.chunks = chunks.filter { !$0.isEmpty }
        self.lastProgressAt = now
    }

    var isDone: Bool { chunks.isEmpty && fileRemaining == 0 && stream == nil }

    /// Queues the stream's next piece (or, at its end, the last chunk); false when there is
    /// no stream left to read.
    mutating func pullStreamPiece() -> Bool {
        guard let stream else { return false }
        while let piece = stream.next() {
            guard !piece.isEmpty else { continue }
            chunks.append(isChunked ? BodyStream.chunk(piece) : piece)
            return true
        }
        self.stream = nil
        if isChunked { chunks.append(BodyStream.lastChunk) }
        return true
    }

    mutating func consume(_ count: Int, at now: Int) {
        var left = count
        while left > 0, let first = chunks.first {
            let available = first.count - offset
            if left < available {
                offset += left
                left = 0
            } else {
                left -= available
                chunks.removeFirst()
                offset = 0
            }
        }
        lastProgressAt = now
    }

    mutating func closeFile() {
        if file >= 0 { Glibc.close(file) }
        file = -1
        fileRemaining = 0
    }
}

extension HTTPHeaders {
    /// These fields with their wire form made now, for headers built once and sent with many
    /// responses (a kept page's, an image's): the server then copies one block instead of
    /// checking and writing each field on every response. Fields the server would not send as
    /// they are leave the headers unprepared, to be handled per response as usual: a framing
    /// header (skipped: the server writes its own) or an unsafe name or value (dropped, and
    /// logged).
    public func prepared() -> HTTPHeaders {
        withWireForm { Connection.isSafeField($0) && !Connection.isServerOwned($0.name) }
    }
}

extension ServerCore {
    /// Whether an answer carries its body: not to `HEAD`, not with a bodiless status (the head
    /// then still says the length a GET would have had).
    static func sendsBody(method: HTTPMethod, status: HTTPStatus) -> Bool {
        method != .head && status.allowsBody
    }

    /// Writes the status line and header block into `out`, with `Date`,
    /// `Content-Length`, `Connection` and the configured default headers. Header lines a
    /// handler built with CR or LF in them are dropped: they would split the response.
    /// `statusLine` and `dateLine` come from the caller's caches (an event loop's).
    func writeHead(
        of response: HTTPResponse, keepAlive: Bool, version: HTTPVersion, into out: OutputBuffer, statusLine: [UInt8], dateLine: [UInt8]
    ) {
        out.reset()
        out.append(statusLine)
        var setsDefault = false
        if let wire = response.headers.wireForm {
            // Prepared: every field already checked, and serialized once.
            out.append(wire.bytes)
            setsDefault = wire.setsDefault(server: id) {
                wire.names.contains { name in defaultHeaderNames.contains { $0.asciiCaseInsensitiveEquals(name) } }
            }
        }
        let fields = response.headers.wireForm == nil ? response.headers.fields : []
        for index in fields.indices {
            let name = fields[index].name
            if Connection.isServerOwned(name) { continue }
            guard out.appendField(name, fields[index].value) else {
                configuration.logger.log(.warning, "dropped an unsafe response header \(name.debugDescription)")
                continue
            }
            if !setsDefault { setsDefault = defaultHeaderNames.contains { $0.asciiCaseInsensitiveEquals(name) } }
        }
        if setsDefault {
            for header in configuration.defaultHeaders where !response.headers.contains(header.name) {
                _ = out.appendField(header.name, header.value)
            }
        } else {
            out.append(defaultHeaderBytes)
        }
        out.append(dateLine)
        if response.status.allowsBody {
            if case .stream = response.body {
                if version != .http1_0 { out.append(Connection.chunkedCoding) }
            } else {
                out.append(Connection.contentLengthPrefix)
                out.append(decimal: response.body.count)
                out.append(Connection.lineEnd)
            }
        }
        if !keepAlive {
            out.append(Connection.connectionClose)
        } else if version == .http1_0 {
            out.append(Connection.connectionKeepAlive)
        }
        out.append(Connection.lineEnd)
    }
}
