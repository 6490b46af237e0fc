import Foundation
import Glibc
import Synchronization

/// A raw HTTP/1.1 server on 127.0.0.1, port 0, for upstreams that misbehave as our own
/// `HTTPServer` never would: bodies that never end, answers dripped a byte at a time, redirects
/// to wherever a test says. A thread per connection (blocking sockets, never Swift's shared
/// pool); every request head is recorded before it is answered; one answer per connection,
/// then close. `stop()` closes the listener and ends every connection's loop.
public final class HostileMarket: Sendable {
    public enum Answer: Sendable {
        /// Written whole, then the connection is closed.
        case bytes([UInt8])
        /// `head` (which should announce `Transfer-Encoding: chunked`), then 64 KB chunks of
        /// `fill` until the peer leaves or the server stops.
        case endless(head: String, fill: UInt8)
        /// `bytes` one at a time, `interval` apart, until done, the peer leaves or the server stops.
        case drip([UInt8], interval: Duration)
    }

    public struct Received: Sendable {
        public var method: String
        public var target: String
        /// Names lowercased.
        public var headers: [String: String]
    }

    /// The credentials a dashboard over it is started with (any will do: it checks none).
    public static let identifier = "7184295e-4aa2-11ed-a200-81a344d1e7cb"
    public static let secret = "s3cr3t"

    public let port: Int
    private let listener: Int32
    private let stopped = Atomic<Bool>(false)
    private let log = Mutex<[Received]>([])
    private let respond: @Sendable (Received) -> Answer

    public init(_ respond: @escaping @Sendable (Received) -> Answer) throws {
        self.respond = respond
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(fd, pointer, length) == 0 && listen(fd, 64) == 0 && getsockname(fd, pointer, &length) == 0
            }
        }
        guard fd >= 0, bound else {
            close(fd)
            throw LoopbackSocket.Failure(description: "could not listen on 127.0.0.1")
        }
        listener = fd
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread { [self] in acceptLoop() }.start()
    }

    public var baseURL: String { "http://127.0.0.1:\(port)" }
    public var received: [Received] { log.withLock { $0 } }

    public func stop() {
        guard !stopped.exchange(true, ordering: .sequentiallyConsistent) else { return }
        Glibc.shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    deinit { stop() }

    // MARK: Answers

    public static func answer(status: Int, headers: [(String, String)] = [], body: [UInt8] = []) -> Answer {
        var head = "HTTP/1.1 \(status) Hostile\r\nConnection: close\r\nContent-Length: \(body.count)\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        return .bytes(Array((head + "\r\n").utf8) + body)
    }

    /// Nothing: the request is read whole and the connection closed without a word, as by a
    /// market (or a proxy) that may have acted on it but whose answer is lost.
    public static let hangUp: Answer = .bytes([])

    public static func json(_ text: String, status: Int = 200) -> Answer {
        answer(status: status, headers: [("Content-Type", "application/json")], body: Array(text.utf8))
    }

    public static func redirect(_ status: Int = 302, to location: String) -> Answer {
        answer(status: status, headers: [("Location", location)])
    }

    public static func endless(contentType: String, prefix: String = "", fill: UInt8) -> Answer {
        var head = "HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Type: \(contentType)\r\nTransfer-Encoding: chunked\r\n\r\n"
        if !prefix.isEmpty { head += String(prefix.utf8.count, radix: 16) + "\r\n" + prefix + "\r\n" }
        return .endless(head: head, fill: fill)
    }

    /// A list envelope of `items`, its integer fields as given in `numbers` (JSON text) or
    /// plain.
    public static func list(_ numbers: [String: String] = [:], items: [String]) -> String {
        var fields = ["pageNo": "1", "itemsPerPage": "20", "totalCount": "\(items.count)", "lastPage": "1"]
        for (name, value) in numbers { fields[name] = value }
        let envelope = fields.sorted { $0.key < $1.key }.map { "\"\($0.key)\":\($0.value)" }.joined(separator: ",")
        return "{\(envelope),\"pages\":[\(items.joined(separator: ","))]}"
    }

    /// A list item, its numbers as given (JSON text).
    public static func item(id: String = "7", vendor: String = "1", stock: String = "3", price: String = "1000", discount: String = "0", thumbnail: String = "") -> String {
        """
        {"id":\(id),"vendor_id":\(vendor),"vendorName":"v","name":"Hostile \(id)","description":"d",\
        "thumbnail":"\(thumbnail)","currency":"KRW","price":\(price),"discounted_price":\(discount),"stock":\(stock)}
        """
    }

    // MARK: Serving

    private func acceptLoop() {
        while !stopped.load(ordering: .relaxed) {
            let client = accept(listener, nil, nil)
            if client < 0 {
                if errno == EINTR { continue }
                return
            }
            Thread { [self] in serve(client) }.start()
        }
    }

    private func serve(_ fd: Int32) {
        defer { close(fd) }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        guard let request = readHead(fd) else { return }
        log.withLock { $0.append(request) }
        switch respond(request) {
        case .bytes(let bytes):
            _ = write(fd, bytes)
        case .endless(let head, let fill):
            guard write(fd, Array(head.utf8)) else { return }
            let size = 64 * 1024
            let chunk = Array((String(size, radix: 16) + "\r\n").utf8) + [UInt8](repeating: fill, count: size) + [13, 10]
            while !stopped.load(ordering: .relaxed), write(fd, chunk) {}
        case .drip(let bytes, let interval):
            for byte in bytes {
                guard !stopped.load(ordering: .relaxed), write(fd, [byte]) else { return }
                Thread.sleep(forTimeInterval: Double(interval.components.attoseconds) / 1e18 + Double(interval.components.seconds))
            }
        }
    }

    /// The request line and headers (and any `Content-Length` body, read and dropped).
    private func readHead(_ fd: Int32) -> Received? {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let end: Int
        while true {
            if let found = bytes.indices.dropLast(3).first(where: { bytes[$0..<$0 + 4].elementsEqual([13, 10, 13, 10]) }) {
                end = found
                break
            }
            guard bytes.count < 64 * 1024 else { return nil }
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return nil }
            bytes += buffer[0..<n]
        }
        let lines = String(decoding: bytes[0..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let parts = lines[0].split(separator: " ")
        guard parts.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var pending = (headers["content-length"].flatMap { Int($0) } ?? 0) - (bytes.count - end - 4)
        while pending > 0 {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, min($0.count, pending), 0) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            pending -= n
        }
        return Received(method: String(parts[0]), target: String(parts[1]), headers: headers)
    }

    /// False once the peer has gone.
    private func write(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        (try? LoopbackSocket.sendAll(fd, bytes)) != nil
    }
}
