import Foundation
import Glibc
import HTTPServer

// In-process HTTP benchmark: serves one static file from a temp folder and drives it with
// keep-alive clients over loopback. Prints requests per second. Usable under valgrind
// (`--requests` small) to count instructions per request.
//   http-bench [--clients N] [--requests N] [--size BYTES]

var clients = 8
var requestsPerClient = 20_000
var size = 10_240
var arguments = Array(CommandLine.arguments.dropFirst())
while arguments.count >= 2 {
    let (flag, value) = (arguments.removeFirst(), arguments.removeFirst())
    switch flag {
    case "--clients": clients = Int(value) ?? clients
    case "--requests": requestsPerClient = Int(value) ?? requestsPerClient
    case "--size": size = Int(value) ?? size
    default: break
    }
}

let root = FileManager.default.temporaryDirectory.appendingPathComponent("http-bench-\(getpid())")
try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: root) }
try Data(repeating: UInt8(ascii: "a"), count: size).write(to: root.appendingPathComponent("file.txt"))

var router = Router()
router.add(.get, "/static/{path...}", StaticFileHandler(root: root.path))
var configuration = ServerConfiguration(host: "127.0.0.1", port: 0)
configuration.logger = ServerLogger(level: .warning)
let server = HTTPServer(configuration: configuration, router: router)
try server.start()
let port = server.port

/// One keep-alive client: sends a request, reads exactly one response, repeats.
func runClient(requests: Int) -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port)).bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard connected == 0 else { return 0 }
    defer { close(fd) }
    var one: Int32 = 1
    setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
    let request = Array("GET /static/file.txt HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    var done = 0
    for _ in 0..<requests {
        guard request.withUnsafeBytes({ send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == request.count else { break }
        var received = 0
        var expected = -1
        while expected < 0 || received < expected {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress.map { $0 + received }, $0.count - received, 0) }
            guard n > 0 else { return done }
            received += n
            if expected < 0, let end = find(buffer[0..<received], headEnd) {
                // Count only real answers: a 404 is fast too, and would flatter the numbers.
                guard buffer[0..<end].starts(with: okStatusLine) else { return done }
                expected = end + 4 + contentLength(buffer[0..<end])
            }
        }
        done += 1
    }
    return done
}

let headEnd = Array("\r\n\r\n".utf8)
let okStatusLine = Array("HTTP/1.1 200 ".utf8)
let contentLengthName = Array("content-length:".utf8)

/// Where `needle` first occurs in `haystack`, over bytes (the client must stay cheap: its
/// instructions share the profile with the server's).
func find(_ haystack: ArraySlice<UInt8>, _ needle: [UInt8]) -> Int? {
    guard haystack.count >= needle.count else { return nil }
    for i in haystack.startIndex...(haystack.endIndex - needle.count) where haystack[i..<(i + needle.count)].elementsEqual(needle) {
        return i
    }
    return nil
}

/// The `Content-Length` value of a response head (0 when absent), read over bytes.
func contentLength(_ head: ArraySlice<UInt8>) -> Int {
    var lineStart = head.startIndex
    while lineStart < head.endIndex {
        let lineEnd = head[lineStart...].firstIndex(of: 0x0D) ?? head.endIndex
        let line = head[lineStart..<lineEnd]
        if line.count > contentLengthName.count,
            zip(line, contentLengthName).allSatisfy({ $0 | 0x20 == $1 | 0x20 })
        {
            var value = 0
            for b in line.dropFirst(contentLengthName.count) where (0x30...0x39).contains(b) {
                value = value * 10 + Int(b - 0x30)
            }
            return value
        }
        lineStart = lineEnd + 2
    }
    return 0
}

let start = Date()
let group = DispatchGroup()
let total = RequestTally(0)
let perClient = requestsPerClient
for _ in 0..<clients {
    group.enter()
    Thread {
        total.add(runClient(requests: perClient))
        group.leave()
    }.start()
}
group.wait()
let seconds = Date().timeIntervalSince(start)
print(String(format: "%d requests in %.2f s: %.0f requests/s (%d clients, %d-byte file)", total.load(), seconds, Double(total.load()) / seconds, clients, size))
server.shutdown()

/// A tiny lock-based counter (the benchmark's only shared state).
final class RequestTally: @unchecked Sendable {
    private var value: Int
    private let lock = NSLock()
    init(_ value: Int) { self.value = value }
    func add(_ n: Int) { lock.lock(); value += n; lock.unlock() }
    func load() -> Int { lock.lock(); defer { lock.unlock() }; return value }
}
