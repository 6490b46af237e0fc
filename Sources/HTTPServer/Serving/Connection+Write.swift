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
        var out = head(of: response, keepAlive: keepAlive, version: version)
        switch response.body {
        case .bytes(let bytes):
            if sendsBody { out.append(contentsOf: bytes) }
            guard Socket.sendAll(fd, out) else { return nil }
            return sendsBody ? bytes.count : 0
        case .file(_, let size):
            guard Socket.sendAll(fd, out, more: sendsBody && size > 0) else { return nil }
            guard sendsBody, file >= 0 else { return 0 }
            return Socket.sendFile(fd, file: file, count: size) ? size : nil
        }
    }

    /// The status line and header block, with `Date`, `Content-Length`, `Connection` and the
    /// configured default headers. Header lines a handler built with CR or LF in them are
    /// dropped: they would split the response.
    private func head(of response: HTTPResponse, keepAlive: Bool, version: HTTPVersion) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(512 + (response.status.allowsBody ? response.body.count : 0))
        out.append(contentsOf: "HTTP/1.1 \(response.status.rawValue) \(response.status.reasonPhrase)\r\n".utf8)
        func field(_ name: String, _ value: String) {
            out.append(contentsOf: name.utf8)
            out.append(contentsOf: ": ".utf8)
            out.append(contentsOf: value.utf8)
            out.append(contentsOf: "\r\n".utf8)
        }
        for header in response.headers {
            guard Self.isSafeField(header) else {
                configuration.logger.log(.warning, "dropped an unsafe response header \(header.name.debugDescription)")
                continue
            }
            switch header.name.lowercased() {
            case "content-length", "connection", "date", "transfer-encoding": continue
            default: field(header.name, header.value)
            }
        }
        for header in configuration.defaultHeaders where !response.headers.contains(header.name) {
            field(header.name, header.value)
        }
        field("Date", HTTPDate.now())
        if response.status.allowsBody {
            field("Content-Length", String(response.body.count))
        }
        if !keepAlive {
            field("Connection", "close")
        } else if version == .http1_0 {
            field("Connection", "keep-alive")
        }
        out.append(contentsOf: "\r\n".utf8)
        return out
    }

    static func isSafeField(_ field: HTTPHeaders.Field) -> Bool {
        !field.name.isEmpty && field.name.utf8.allSatisfy(HTTPRequestParser.isTokenByte)
            && !field.value.utf8.contains { $0 == 0x0D || $0 == 0x0A || $0 == 0 }
    }
}
