import Foundation
import Glibc

/// A minimal HTTP/1.1 client for tests over 127.0.0.1: one request per connection
/// (`Connection: close`), the answer read to the end and split over bytes. The blocking socket
/// calls run on a thread of their own: on the 2-thread cooperative pool they would starve the
/// server's handler tasks when tests run in parallel.
struct LoopbackResponse {
    var status: Int
    /// Header names lowercased.
    var headers: [String: String]
    var body: [UInt8]
}

enum LoopbackHTTPClient {
    struct Failure: Error { var step: String }

    static func request(
        port: Int, method: String = "GET", path: String, headers: [(String, String)] = []
    ) async throws -> LoopbackResponse {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(with: Result {
                    try blockingRequest(port: port, method: method, path: path, headers: headers)
                })
            }.start()
        }
    }

    private static func blockingRequest(
        port: Int, method: String, path: String, headers: [(String, String)]
    ) throws -> LoopbackResponse {
        // A server that never answers fails the test instead of hanging it.
        let fd: Int32
        do {
            fd = try LoopbackSocket.connect(port: port, receiveTimeoutSeconds: 60)  // a hang guard, see HTTPTestClient
        } catch {
            throw Failure(step: "connect")
        }
        defer { close(fd) }

        var request = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for (name, value) in headers { request += "\(name): \(value)\r\n" }
        request += "\r\n"
        let bytes = Array(request.utf8)
        do {
            try LoopbackSocket.sendAll(fd, bytes)
        } catch {
            throw Failure(step: "send")
        }

        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw Failure(step: "recv errno \(errno)") }
            guard n > 0 else { break }
            answer.append(contentsOf: buffer[..<n])
        }
        return try parse(answer)
    }

    static func parse(_ answer: [UInt8]) throws -> LoopbackResponse {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let end = answer.indices.first(where: { answer[$0...].starts(with: separator) }) else {
            throw Failure(step: "no header end")
        }
        let lines = answer[..<end].split(separator: 10).map { line in
            String(decoding: line.last == 13 ? line.dropLast() : line, as: UTF8.self)
        }
        guard let statusLine = lines.first, statusLine.split(separator: " ").count >= 2,
              let status = Int(statusLine.split(separator: " ")[1])
        else { throw Failure(step: "status line") }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return LoopbackResponse(status: status, headers: headers, body: Array(answer[(end + 4)...]))
    }
}
