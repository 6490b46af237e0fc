import Glibc

extension Connection {
    /// Serializes and sends a response. Returns the body bytes sent, or nil if the peer left.
    /// `HEAD` and bodiless statuses send headers only (with the length a GET would have had).
    func write(_ response: HTTPResponse, method: HTTPMethod, version: HTTPVersion, keepAlive: Bool) -> Int? {
        var response = response
        var file: Int32 = -1
        if case .file(let path, _) = response.body, method != .head, response.status.allowsBody {
            file = open(path, O_RDONLY | O_CLOEXEC)
            if file < 0 {
                configuration.logger.log(.error, "could not open \(path) to send it")
                response = core.errorResponder(.notFound, "There is nothing at this address.")
            }
        }
        defer { if file >= 0 { close(file) } }

        let sendsBody = method != .head && response.status.allowsBody
        writeHead(of: response, keepAlive: keepAlive, version: version)
        switch response.body {
        case .bytes(let bytes):
            // Head and body leave in one sendmsg(2): no copy of the body, one packet when small.
            let ok = bytes.withUnsafeBytes { body in
                Socket.sendAll(fd, output.bytes, sendsBody ? body : UnsafeRawBufferPointer(start: nil, count: 0))
            }
            return ok ? (sendsBody ? bytes.count : 0) : nil
        case .file(_, let size):
            guard Socket.sendAll(fd, output.bytes, more: sendsBody && size > 0) else { return nil }
            guard sendsBody, file >= 0 else { return 0 }
            return Socket.sendFile(fd, file: file, count: size) ? size : nil
        }
    }

    /// Writes the status line and header block into `output`, with `Date`, `Content-Length`, `Connection` and the
    /// configured default headers. Header lines a handler built with CR or LF in them are
    /// dropped: they would split the response.
    private func writeHead(of response: HTTPResponse, keepAlive: Bool, version: HTTPVersion) {
        let out = output
        out.reset()
        out.append("HTTP/1.1 ")
        out.append(decimal: response.status.rawValue)
        out.append(byte: 0x20)
        out.append(response.status.reasonPhrase)
        out.append("\r\n")
        func field(_ name: String, _ value: String) {
            out.append(name)
            out.append(": ")
            out.append(value)
            out.append("\r\n")
        }
        var setsDefault = false
        for header in response.headers {
            guard Self.isSafeField(header) else {
                configuration.logger.log(.warning, "dropped an unsafe response header \(header.name.debugDescription)")
                continue
            }
            if Self.serverOwnedHeaders.contains(where: { $0.asciiCaseInsensitiveEquals(header.name) }) { continue }
            if !setsDefault { setsDefault = core.defaultHeaderNames.contains { $0.asciiCaseInsensitiveEquals(header.name) } }
            field(header.name, header.value)
        }
        if setsDefault {
            for header in configuration.defaultHeaders where !response.headers.contains(header.name) {
                field(header.name, header.value)
            }
        } else {
            out.append(core.defaultHeaderBytes)
        }
        field("Date", currentDate())
        if response.status.allowsBody {
            out.append("Content-Length: ")
            out.append(decimal: response.body.count)
            out.append("\r\n")
        }
        if !keepAlive {
            out.append("Connection: close\r\n")
        } else if version == .http1_0 {
            out.append("Connection: keep-alive\r\n")
        }
        out.append("\r\n")
    }

    /// The `Date` value, formatted at most once a second per connection: a cache shared by
    /// all connections would need a lock that every response takes.
    private func currentDate() -> String {
        let second = time(nil)
        if second != dateSecond {
            dateSecond = second
            dateText = HTTPDate.format(secondsSince1970: second)
        }
        return dateText
    }

    /// Framing headers the server writes itself; a handler's versions are ignored.
    static let serverOwnedHeaders = ["Content-Length", "Connection", "Date", "Transfer-Encoding"]

    static func isSafeField(_ field: HTTPHeaders.Field) -> Bool {
        var name = field.name
        var value = field.value
        return name.withUTF8 { !$0.isEmpty && $0.allSatisfy(HTTPRequestParser.isTokenByte) }
            && value.withUTF8 { !$0.contains { $0 == 0x0D || $0 == 0x0A || $0 == 0 } }
    }
}
