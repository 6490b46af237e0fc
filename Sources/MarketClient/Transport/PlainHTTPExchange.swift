import Foundation
import Glibc
import Synchronization

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One `http:` request over a socket of our own, the answer read with `HTTPAnswerReader`.
///
/// Why not URLSession for plain HTTP: corelibs' URLSession hands every piece of a body to its
/// delegate through an operation queue and cannot be paused; a loopback server sending as fast
/// as it can gets 100 MB queued (RSS +114 MB) before a cancel takes effect. Here nothing
/// is read past the cap: the connection is closed instead, and TCP makes the sender wait.
/// `https:` keeps URLSession (TLS), where `BoundedTransfer`'s delegate does what it can.
///
/// A connection that fails while the request is being sent throws
/// `URLError(.cannotConnectToHost)`: the market never had the whole request. One that fails or
/// closes after it was sent, before a whole answer came, throws
/// `URLError(.networkConnectionLost)`: the market may have acted on it.
///
/// One connection per request (`Connection: close`), no redirects (the caller decides), no
/// cookies, no compression, no proxy (`http_proxy` is not read). Blocking calls run on a
/// thread of their own, never on Swift's shared pool; every wait is a `poll` bounded by the
/// deadline and by cancellation.
enum PlainHTTPExchange {
    /// Cancellation reaches the I/O thread through this.
    final class Cancellation: Sendable {
        let isCancelled = Atomic<Bool>(false)
    }

    static func fetch(
        _ request: URLRequest, extraHeaders: [String: String], maxBytes: Int,
        connectTimeout: Duration, deadline: ContinuousClock.Instant
    ) async throws -> BoundedAnswer {
        let cancellation = Cancellation()
        let request = UncheckedRequest(value: request)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                Thread {
                    continuation.resume(with: Result {
                        try exchange(request.value, extraHeaders: extraHeaders, maxBytes: maxBytes,
                                     connectTimeout: connectTimeout, deadline: deadline, cancellation: cancellation)
                    })
                }.start()
            }
        } onCancel: {
            cancellation.isCancelled.store(true, ordering: .relaxed)
        }
    }

    /// `URLRequest` is a value; corelibs does not mark it Sendable.
    private struct UncheckedRequest: @unchecked Sendable { let value: URLRequest }

    private static func exchange(
        _ request: URLRequest, extraHeaders: [String: String], maxBytes: Int,
        connectTimeout: Duration, deadline: ContinuousClock.Instant, cancellation: Cancellation
    ) throws -> BoundedAnswer {
        guard let url = request.url, url.scheme?.lowercased() == "http", var host = url.host, !host.isEmpty else {
            throw URLError(.unsupportedURL)
        }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }  // [::1]
        let port = url.port ?? 80
        let connectBy = min(deadline, ContinuousClock.now + connectTimeout)
        let fd = try connect(host: host, port: port, by: connectBy, cancellation: cancellation)
        defer { close(fd) }
        try send(fd, requestBytes(request, url: url, host: host, port: port, extraHeaders: extraHeaders),
                 by: deadline, cancellation: cancellation)
        var reader = HTTPAnswerReader(maxBytes: maxBytes, expectsBody: request.httpMethod != "HEAD")
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            try wait(fd, for: Int16(POLLIN), by: deadline, cancellation: cancellation)
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n < 0 {
                if errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK { continue }
                throw URLError(.networkConnectionLost)
            }
            let answer: HTTPAnswerReader.Answer?
            do {
                answer = n == 0 ? try reader.finish() : try reader.append(buffer[0..<n])
            } catch .tooLarge(let limit) {
                throw TransferRefusal.tooLarge(limit: limit)
            } catch {
                throw n == 0 ? URLError(.networkConnectionLost) : URLError(.badServerResponse)
            }
            if let answer {
                return BoundedAnswer(
                    status: answer.status, url: url, contentType: answer.header("content-type"), body: answer.body,
                    location: answer.header("location"))
            }
        }
    }

    /// The request as bytes: origin-form target, `Host`, the session's and the request's headers,
    /// `Content-Length` when there is a body, `Connection: close`.
    static func requestBytes(
        _ request: URLRequest, url: URL, host: String, port: Int, extraHeaders: [String: String]
    ) throws -> [UInt8] {
        var target = url.path(percentEncoded: true)
        if target.isEmpty { target = "/" }
        if let query = url.query(percentEncoded: true) { target += "?" + query }
        let method = request.httpMethod ?? "GET"
        let hostField = host.contains(":") ? "[\(host)]" : host
        var fields: [(String, String)] = [("Host", port == 80 ? hostField : "\(hostField):\(port)")]
        for (name, value) in extraHeaders.sorted(by: { $0.key < $1.key }) { fields.append((name, value)) }
        for (name, value) in request.allHTTPHeaderFields ?? [:] where !fields.contains(where: { $0.0.lowercased() == name.lowercased() }) {
            fields.append((name, value))
        }
        let body = request.httpBody.map { [UInt8]($0) } ?? []
        if !body.isEmpty || ["POST", "PUT", "PATCH"].contains(method) { fields.append(("Content-Length", String(body.count))) }
        fields.append(("Connection", "close"))
        var head = "\(method) \(target) HTTP/1.1\r\n"
        for (name, value) in fields {
            // A header that could split the request is refused, never sent.
            guard !(name + value).utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0 }) else {
                throw URLError(.badURL)
            }
            head += "\(name): \(value)\r\n"
        }
        return Array((head + "\r\n").utf8) + body
    }

    private static func connect(
        host: String, port: Int, by deadline: ContinuousClock.Instant, cancellation: Cancellation
    ) throws -> Int32 {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else { throw URLError(.cannotFindHost) }
        defer { freeaddrinfo(list) }
        var failure = URLError(.cannotConnectToHost)
        for info in sequence(first: first, next: { $0.pointee.ai_next }) {
            let fd = socket(info.pointee.ai_family, Int32(SOCK_STREAM.rawValue), 0)
            guard fd >= 0 else { continue }
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            if Glibc.connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 { return fd }
            guard errno == EINPROGRESS else {
                close(fd)
                continue
            }
            do {
                try wait(fd, for: Int16(POLLOUT), by: deadline, cancellation: cancellation)
                var error: Int32 = 0
                var length = socklen_t(MemoryLayout<Int32>.size)
                getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length)
                if error == 0 { return fd }
                close(fd)
            } catch let error as URLError {
                close(fd)
                failure = error
                if error.code == .timedOut { break }
            } catch {
                close(fd)
                throw error
            }
        }
        throw failure
    }

    private static func send(
        _ fd: Int32, _ bytes: [UInt8], by deadline: ContinuousClock.Instant, cancellation: Cancellation
    ) throws {
        var offset = 0
        while offset < bytes.count {
            try wait(fd, for: Int16(POLLOUT), by: deadline, cancellation: cancellation)
            let n = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n < 0 {
                if errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK { continue }
                // The request did not get through whole, so the market cannot have acted on
                // it (its length is announced): as if it had never been reached.
                throw URLError(.cannotConnectToHost)
            }
            offset += n
        }
    }

    /// Until `fd` is ready for `events`, in slices of at most 100 ms so that cancellation is
    /// noticed; throws `URLError(.timedOut)` at the deadline, `CancellationError` when cancelled.
    private static func wait(
        _ fd: Int32, for events: Int16, by deadline: ContinuousClock.Instant, cancellation: Cancellation
    ) throws {
        while true {
            if cancellation.isCancelled.load(ordering: .relaxed) { throw CancellationError() }
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { throw URLError(.timedOut) }
            let milliseconds: Int32 = left >= .milliseconds(100) ? 100 : Int32(max(1, (left / .milliseconds(1)).rounded(.up)))
            var entry = pollfd(fd: fd, events: events, revents: 0)
            let ready = poll(&entry, 1, milliseconds)
            if ready > 0 { return }
            if ready < 0 && errno != EINTR { throw URLError(.networkConnectionLost) }
        }
    }
}
