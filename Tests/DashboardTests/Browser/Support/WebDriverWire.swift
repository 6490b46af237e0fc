import Foundation
import Glibc

/// HTTP/1.1 to chromedriver over loopback, one request per connection, with a deadline.
///
/// Not URLSession: chromedriver writes headers without a space after the colon
/// (`Content-Length:249`), which this toolchain's FoundationNetworking rejects ("Failed writing
/// header"; fixed upstream in swift-corelibs-foundation#5527). chromedriver also ignores
/// `Connection: close`, so the answer is framed by its `Content-Length`, not by EOF.
enum WebDriverWire {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func request(
        port: Int, _ method: String, _ path: String, json body: [UInt8]?, timeout: TimeInterval
    ) async throws -> TestResponse {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        if let body { head += "Content-Type: application/json; charset=utf-8\r\nContent-Length: \(body.count)\r\n" }
        let bytes = Array((head + "\r\n").utf8) + (body ?? [])
        let deadline = Date().addingTimeInterval(timeout)
        // Blocking socket calls run on their own thread, never on Swift's small shared pool.
        return try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(with: Result { try exchange(port: port, bytes, deadline: deadline, what: "\(method) \(path)") })
            }.start()
        }
    }

    private static func exchange(port: Int, _ bytes: [UInt8], deadline: Date, what: String) throws -> TestResponse {
        let fd: Int32
        do {
            fd = try LoopbackSocket.connect(port: port)
            try LoopbackSocket.sendAll(fd, bytes)
        } catch {
            throw Failure(description: "\(what): \(error)")
        }
        defer { close(fd) }
        var received: [UInt8] = []
        var expectedSize: Int?  // head plus body, known once the head has arrived
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while expectedSize.map({ received.count < $0 }) ?? true {
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let remaining = Int32(max(0, deadline.timeIntervalSinceNow * 1000))
            guard remaining > 0 else { throw Failure(description: "\(what): no complete answer before the deadline") }
            let ready = poll(&descriptor, 1, remaining)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { continue }
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            received.append(contentsOf: chunk[0..<n])
            if expectedSize == nil { expectedSize = try sizeOnceTheHeadIsIn(received, what: what) }
        }
        return try HTTPTestClient.parse(received)
    }

    /// The whole answer's size in bytes, once its head (which must carry `Content-Length`) is in.
    private static func sizeOnceTheHeadIsIn(_ bytes: [UInt8], what: String) throws -> Int? {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard bytes.count >= 4, let end = (0...(bytes.count - 4)).first(where: { bytes[$0..<($0 + 4)].elementsEqual(separator) })
        else { return nil }
        let head = try HTTPTestClient.parse(Array(bytes[..<(end + 4)]))
        guard let length = head.header("Content-Length").flatMap({ Int($0) }) else {
            throw Failure(description: "\(what): answer without Content-Length")
        }
        return end + 4 + length
    }
}
