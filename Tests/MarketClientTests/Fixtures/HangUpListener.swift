import Foundation
import Glibc
import Synchronization

/// A loopback server that reads each request whole (its head, then the body its
/// `Content-Length` announces), records its method, and closes the connection without a word:
/// a market that may have acted on a request but whose answer never comes back.
final class HangUpListener: Sendable {
    let port: Int
    private let listener: Int32
    private let stopped = Atomic<Bool>(false)
    private let methods = Mutex<[String]>([])

    init?() {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(fd, pointer, length) == 0 && listen(fd, 16) == 0 && getsockname(fd, pointer, &length) == 0
            }
        }
        guard bound else {
            close(fd)
            return nil
        }
        listener = fd
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread { [self] in acceptLoop() }.start()
    }

    var baseURL: URL? { URL(string: "http://127.0.0.1:\(port)") }
    /// The methods of the requests read whole, in order.
    var received: [String] { methods.withLock { $0 } }

    func stop() {
        guard !stopped.exchange(true, ordering: .sequentiallyConsistent) else { return }
        Glibc.shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    deinit { stop() }

    private func acceptLoop() {
        while !stopped.load(ordering: .relaxed) {
            let client = accept(listener, nil, nil)
            if client < 0 {
                if errno == EINTR { continue }
                return
            }
            Thread { [self] in readWhole(client) }.start()
        }
    }

    /// Reads one request whole, records it, and closes.
    private func readWhole(_ fd: Int32) {
        defer { close(fd) }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        let end: [UInt8] = [13, 10, 13, 10]
        var wanted: Int?
        while wanted.map({ bytes.count < $0 }) ?? true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return }
            bytes += buffer[0..<n]
            if wanted == nil, let headEnd = bytes.firstRange(of: end)?.upperBound {
                let head = String(decoding: bytes[..<headEnd], as: UTF8.self).lowercased()
                let length = head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
                    .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
                wanted = headEnd + length
            }
        }
        let method = String(decoding: bytes.prefix { $0 != UInt8(ascii: " ") }, as: UTF8.self)
        methods.withLock { $0.append(method) }
    }
}
