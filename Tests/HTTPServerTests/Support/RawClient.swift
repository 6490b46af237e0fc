import Foundation
import Glibc
import Testing

/// A deliberately dumb HTTP client over a raw socket: it sends exactly the bytes a test gives
/// it (no normalisation of `..`, no added headers) and parses responses over bytes.
///
/// Every call that may block runs on its own thread (see `onOwnThread`), so tests never hold
/// one of the cooperative pool's few threads while the server's handlers need them. A client
/// belongs to one test task and is used by one call at a time, hence `@unchecked Sendable`.
final class RawClient: @unchecked Sendable {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let fd: Int32
    /// Bytes received but not yet consumed by `readResponse`.
    private var pending: [UInt8] = []
    private var peerClosed = false

    /// Connects to `host` (an IPv4 or IPv6 literal) on `port`.
    init(port: Int, host: String = "127.0.0.1") throws {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_NUMERICHOST | AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let info = list else {
            throw Failure(description: "cannot resolve \(host)")
        }
        defer { freeaddrinfo(info) }
        let fd = socket(info.pointee.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        var connected: Int32
        repeat {
            connected = Glibc.connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen)
        } while connected < 0 && errno == EINTR
        guard connected == 0 else {
            let code = errno
            Glibc.close(fd)
            throw Failure(description: "connect to \(host):\(port): \(String(cString: strerror(code)))")
        }
        self.fd = fd
    }

    private var closed = false

    deinit { close() }

    /// Closes the socket now (a FIN, or a RST after `setLingerZero`). Safe to call twice.
    func close() {
        guard !closed else { return }
        closed = true
        Glibc.close(fd)
    }

    /// Connects on a thread of its own (a refused or slow connect never blocks the pool).
    static func connect(port: Int, host: String = "127.0.0.1") async throws -> RawClient {
        try await onOwnThread { try RawClient(port: port, host: host) }
    }

    /// Connects and sends at once, on one thread: for tests whose deadlines are short enough
    /// that a hop between connecting and sending could already cost the connection.
    static func connect(port: Int, host: String = "127.0.0.1", sending text: String) async throws -> RawClient {
        try await onOwnThread {
            let client = try RawClient(port: port, host: host)
            try client.sendNow(Array(text.utf8))
            return client
        }
    }

    // MARK: Sending

    func send(_ text: String) async throws {
        try await send(Array(text.utf8))
    }

    func send(_ bytes: [UInt8]) async throws {
        try await onOwnThread { try self.sendNow(bytes) }
    }

    private func sendNow(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw Failure(description: "send: \(String(cString: strerror(errno)))") }
            offset += n
        }
    }

    /// Makes `close` send RST instead of FIN, as a client that crashes or is killed does.
    func setLingerZero() {
        var option = linger(l_onoff: 1, l_linger: 0)
        setsockopt(fd, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
    }

    /// Shrinks the receive buffer, so a large response stalls in the server's send path.
    func setReceiveBuffer(bytes: Int32) {
        var value = bytes
        setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &value, socklen_t(MemoryLayout<Int32>.size))
    }

    // MARK: Receiving

    /// Reads and parses the next response. `expectBody: false` for answers to HEAD.
    /// Throws when the peer closes or `timeout` passes before the response is complete.
    func readResponse(timeout: Duration = Patience.hangGuard, expectBody: Bool = true) async throws -> RawResponse {
        try await onOwnThread { try self.readResponseNow(timeout: timeout, expectBody: expectBody) }
    }

    /// Reads until the server closes the connection; returns whatever arrived (may be empty).
    /// Throws if the connection is still open after `timeout`.
    func readUntilClosed(timeout: Duration = Patience.hangGuard) async throws -> [UInt8] {
        try await onOwnThread {
            let deadline = ContinuousClock.now + timeout
            while !self.peerClosed {
                guard try self.receiveSome(until: deadline) else {
                    throw Failure(description: "the connection is still open after \(timeout)")
                }
            }
            defer { self.pending.removeAll() }
            return self.pending
        }
    }

    /// The bytes received so far once there are at least `count` of them, left unconsumed.
    /// Throws if the peer closes or `timeout` passes first.
    func received(atLeast count: Int, timeout: Duration = Patience.hangGuard) async throws -> [UInt8] {
        try await onOwnThread {
            let deadline = ContinuousClock.now + timeout
            while self.pending.count < count {
                if self.peerClosed {
                    throw Failure(description: "the server closed the connection after \(self.pending.count) bytes")
                }
                guard try self.receiveSome(until: deadline) else {
                    throw Failure(description: "\(self.pending.count) of \(count) bytes within \(timeout)")
                }
            }
            return self.pending
        }
    }

    /// True when the server closed the connection (read returned 0 or reset) within `timeout`
    /// without sending anything more.
    func isClosedByPeer(within timeout: Duration = Patience.hangGuard) async throws -> Bool {
        let rest = try await readUntilClosed(timeout: timeout)
        return rest.isEmpty
    }

    private func readResponseNow(timeout: Duration, expectBody: Bool) throws -> RawResponse {
        let deadline = ContinuousClock.now + timeout
        while true {
            switch RawResponse.parse(pending, expectBody: expectBody, peerClosed: peerClosed) {
            case .complete(let response, let consumed):
                pending.removeFirst(consumed)
                return response
            case .invalid(let reason):
                throw Failure(description: "malformed response (\(reason)): \(String(decoding: pending.prefix(200), as: UTF8.self))")
            case .incomplete:
                if peerClosed {
                    throw Failure(description: "the server closed the connection after \(pending.count) bytes of a response")
                }
                guard try receiveSome(until: deadline) else {
                    throw Failure(description: "no complete response within \(timeout) (\(pending.count) bytes)")
                }
            }
        }
    }

    /// One `recv` once the socket is readable. False on timeout; sets `peerClosed` on EOF or reset.
    private func receiveSome(until deadline: ContinuousClock.Instant) throws -> Bool {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { return false }
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ms = Int32(clamping: left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1)
            let ready = poll(&descriptor, 1, ms)
            if ready < 0 && errno == EINTR { continue }
            if ready <= 0 { continue }
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n > 0 {
                pending.append(contentsOf: buffer[0..<n])
                return true
            }
            if n < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            peerClosed = true
            return true
        }
    }
}

/// Runs blocking work on a fresh thread and resumes when it is done. The cooperative pool has
/// two threads on this machine; a test blocking one in `poll` could starve the handlers it waits for.
func onOwnThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Result { try work() }) }
        thread.start()
    }
}
