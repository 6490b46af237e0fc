import Foundation
import Glibc

extension HTTPServer {
    /// Answers one request given as the bytes a client would send, with no socket, and returns
    /// the bytes a connection would send back: for tests that want the server's whole answer
    /// without a port (and for tools that embed it).
    ///
    /// The request goes through what a connection applies, from the same code: the parser and
    /// its limits, the `Host` check, the body limits, spooled bodies, the route table, immediate
    /// and task handlers, the error pages, the default headers, `Date`, `Content-Length` or
    /// chunked framing, and `HEAD`'s bodiless answer. The answer always ends the connection
    /// (`Connection: close`); one request is read, and bytes after it are ignored. What only a
    /// socket has is left out: deadlines, `100 Continue`, the connection cap, the budget of
    /// large bodies in flight and the access log. `start()` is not needed.
    public func respond(to bytes: [UInt8], remoteAddress: String = "127.0.0.1") async -> [UInt8] {
        var parser = HTTPRequestParser(limits: core.parserLimits)
        parser.append(bytes)
        var head: HTTPRequestHead?
        var bodyLimit = core.configuration.maxBodyBytes
        var match = Router.Match.notFound
        var body: [UInt8] = []
        var bodyBytes = 0
        var spool: SpooledBody?
        defer { spool?.remove() }
        while true {
            let event: HTTPParserEvent
            do {
                event = try parser.next()
            } catch {
                return serialized(refusal: error.status, error.reason, head: head)
            }
            switch event {
            case .needMoreData:
                return serialized(refusal: .badRequest, "The request ended before it was complete.", head: head)
            case .head(let next):
                head = next
                let request = HTTPRequest(head: next)
                match = core.router.match(method: next.method, path: request.path)
                bodyLimit = core.bodyLimit(for: match)
                if let host = next.headers["Host"], let refusal = core.hostRefusal(host) {
                    return serialized(refusal: refusal.status, refusal.message, head: next)
                }
                if let declared = next.declaredBodyLength, declared > bodyLimit {
                    return serialized(refusal: .contentTooLarge, Connection.tooLargeMessage(bodyLimit), head: next)
                }
                if case .found(let route, _) = match, route.spoolsBody, next.framing != .none {
                    guard let file = SpooledBody(directory: core.configuration.spoolDirectory) else {
                        return serialized(refusal: .serviceUnavailable, Connection.spoolFailedMessage, head: next, headers: ["Retry-After": "5"])
                    }
                    spool = file
                }
            case .body(let piece):
                bodyBytes += piece.count
                if bodyBytes > bodyLimit {
                    return serialized(refusal: .contentTooLarge, Connection.tooLargeMessage(bodyLimit), head: head)
                }
                if let spool {
                    guard spool.append(piece) else {
                        return serialized(refusal: .serviceUnavailable, Connection.spoolFailedMessage, head: head, headers: ["Retry-After": "5"])
                    }
                } else {
                    body += piece
                }
            case .end:
                guard let head else { return serialized(refusal: .badRequest, "Unexpected request framing.", head: nil) }
                var request = HTTPRequest(
                    method: head.method, target: head.target, version: head.version, headers: head.headers,
                    pathParameters: match.parameters, remoteAddress: remoteAddress)
                if !body.isEmpty { request.body = body }
                if let spool { request.bodyFile = spool }
                let response: HTTPResponse
                switch core.answer(match, to: request, head: head) {
                case .now(let answer): response = answer
                case .later(let handler, let request): response = await core.response(of: handler, to: request)
                }
                return serialized(response, method: head.method, version: head.version)
            }
        }
    }

    /// An error the server finds itself, as a connection sends it (`Connection.answerAndClose`).
    private func serialized(refusal status: HTTPStatus, _ message: String, head: HTTPRequestHead?, headers: HTTPHeaders = HTTPHeaders()) -> [UInt8] {
        var response = core.errorResponder(status, message, head.map { HTTPRequest(head: $0) })
        for field in headers { response.headers[field.name] = field.value }
        return serialized(response, method: head?.method ?? .get, version: .http1_1)
    }

    /// `response` as bytes on the wire: the head `ServerCore.writeHead` writes, then the body a
    /// connection sends (a file read whole, a stream in chunks).
    private func serialized(_ response: HTTPResponse, method: HTTPMethod, version: HTTPVersion) -> [UInt8] {
        var response = response
        var fileBytes: [UInt8] = []
        if case .file(let path, _) = response.body, ServerCore.sendsBody(method: method, status: response.status) {
            if let data = FileManager.default.contents(atPath: path) {
                fileBytes = Array(data)
            } else {
                core.configuration.logger.log(.error, "could not open \(path) to send it")
                response = core.errorResponder(.notFound, "There is nothing at this address.", nil)
            }
        }
        let out = OutputBuffer()
        core.writeHead(
            of: response, keepAlive: false, version: version, into: out, statusLine: EventLoop.serializeStatusLine(response.status),
            dateLine: Array("Date: \(HTTPDate.format(secondsSince1970: time(nil)))\r\n".utf8))
        var bytes = Array(out.bytes)
        guard ServerCore.sendsBody(method: method, status: response.status) else { return bytes }
        switch response.body {
        case .bytes(let body):
            bytes += body
        case .file:
            bytes += fileBytes
        case .stream(let stream):
            while let piece = stream.next() {
                guard !piece.isEmpty else { continue }
                bytes += version == .http1_0 ? piece : BodyStream.chunk(piece)
            }
            if version != .http1_0 { bytes += BodyStream.lastChunk }
        }
        return bytes
    }
}
