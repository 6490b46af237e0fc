import Foundation
import Glibc
import HTTPServer

/// An answer as a client received it: status, header lines in order, the raw body (chunked
/// framing kept).
struct TestResponse: Sendable {
    var status: Int
    var headers: [(name: String, value: String)]
    var body: [UInt8]

    var text: String { String(decoding: body, as: UTF8.self) }

    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}

/// The dashboard tests' HTTP/1.1 client: one request per connection (`Connection: close`), no
/// redirects followed, the raw answer kept. Two transports behind the one API, as
/// `HummingbirdTesting`'s `.live` and `.router`: `.live` writes the request to a real loopback
/// socket; `.inProcess` hands the same bytes to `HTTPServer.respond(to:)`, which answers them
/// through the server's own parser, routes, limits, error pages and headers without a socket.
struct HTTPTestClient: Sendable {
    enum Transport: Sendable {
        case live(port: Int)
        case inProcess(HTTPServer)
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let transport: Transport

    init(_ transport: Transport) {
        self.transport = transport
    }

    init(port: Int) {
        transport = .live(port: port)
    }

    /// The port the `Host` header names (the server's bound port in process, 0 if none).
    var port: Int {
        switch transport {
        case .live(let port): port
        case .inProcess(let server): server.port
        }
    }

    func get(_ path: String, headers: [String: String] = [:]) async throws -> TestResponse {
        try await request("GET", path, headers: headers)
    }

    func head(_ path: String, headers: [String: String] = [:]) async throws -> TestResponse {
        try await request("HEAD", path, headers: headers)
    }

    func post(_ path: String, headers: [String: String] = [:], body: [UInt8]) async throws -> TestResponse {
        try await request("POST", path, headers: headers, body: body)
    }

    func request(_ method: String, _ path: String, headers: [String: String] = [:], body: [UInt8] = []) async throws -> TestResponse {
        let bytes = Self.encoded(port, method, path, headers: headers, body: body)
        switch transport {
        case .live(let port):
            return try await offTheTaskPool { try Self.exchange(port: port, bytes) }  // blocking socket calls
        case .inProcess(let server):
            return try Self.parse(await server.respond(to: bytes))
        }
    }

    static func get(_ port: Int, _ path: String, headers: [String: String] = [:]) async throws -> TestResponse {
        try await HTTPTestClient(port: port).get(path, headers: headers)
    }

    static func request(
        _ port: Int, _ method: String, _ path: String, headers: [String: String] = [:], body: [UInt8] = []
    ) async throws -> TestResponse {
        try await HTTPTestClient(port: port).request(method, path, headers: headers, body: body)
    }

    /// A request as bytes on the wire, for one connection (`Connection: close`).
    static func encoded(_ port: Int, _ method: String, _ path: String, headers: [String: String] = [:], body: [UInt8] = []) -> [UInt8] {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if !body.isEmpty || method == "POST" { head += "Content-Length: \(body.count)\r\n" }
        head += "\r\n"
        return Array(head.utf8) + body
    }

    /// Sends `requests` (`encoded`) on a connection each, at once: every request but its last
    /// byte first, then all the last bytes, so the server has every request whole at the same
    /// moment, as with a button clicked twice. The answers, in the requests' order.
    static func together(_ port: Int, _ requests: [[UInt8]]) async throws -> [TestResponse] {
        try await offTheTaskPool {
            var sockets: [Int32] = []
            defer { sockets.forEach { close($0) } }
            for _ in requests {
                sockets.append(try LoopbackSocket.connect(port: port, receiveTimeoutSeconds: Int(Patience.hangGuard.components.seconds)))
            }
            for (fd, bytes) in zip(sockets, requests) { try LoopbackSocket.sendAll(fd, Array(bytes.dropLast())) }
            for (fd, bytes) in zip(sockets, requests) { try LoopbackSocket.sendAll(fd, Array(bytes.suffix(1))) }
            return try sockets.map { try parse(receive($0)) }
        }
    }

    private static func exchange(port: Int, _ bytes: [UInt8]) throws -> TestResponse {
        // A guard against a server that never answers, not a measurement: generous, since
        // dashboards render in debug builds on two cores shared with the whole suite.
        let fd = try LoopbackSocket.connect(port: port, receiveTimeoutSeconds: Int(Patience.hangGuard.components.seconds))
        defer { close(fd) }
        // A server may answer (a 413 as soon as the head announces too much) and close before the
        // whole body is sent. Browsers then read the answer anyway, and so does this client: the
        // send's failure counts only when nothing came back.
        var sendFailure: LoopbackSocket.Failure?
        do { try LoopbackSocket.sendAll(fd, bytes) } catch { sendFailure = error }
        let received = receive(fd)
        if received.isEmpty, let sendFailure { throw sendFailure }
        return try parse(received)
    }

    /// Everything the server sends until it closes the connection (or the receive timeout).
    private static func receive(_ fd: Int32) -> [UInt8] {
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            received.append(contentsOf: chunk[0..<n])
        }
        return received
    }

    static func parse(_ bytes: [UInt8]) throws -> TestResponse {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let end = (0..<max(0, bytes.count - 3)).first(where: { Array(bytes[$0..<($0 + 4)]) == separator }) else {
            throw Failure(description: "no complete response head in \(bytes.count) bytes")
        }
        let lines = String(decoding: bytes[0..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = lines[0].split(separator: " ", maxSplits: 2)
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else {
            throw Failure(description: "bad status line \(lines[0])")
        }
        let headers = lines.dropFirst().compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        return TestResponse(status: status, headers: headers, body: Array(bytes[(end + 4)...]))
    }
}
