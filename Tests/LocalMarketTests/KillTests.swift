import Foundation
import Glibc
import Synchronization
import Testing
@testable import LocalMarket
import TestSupport

/// Where `swift build` put the `local-market` executable (beside the test bundle), if it did.
enum LocalMarketExecutable {
    static let url: URL? = {
        let folder = URL(fileURLWithPath: CommandLine.arguments.first ?? "").deletingLastPathComponent()
        let candidate = folder.appendingPathComponent("local-market")
        return FileManager.default.isExecutableFile(atPath: candidate.path) ? candidate : nil
    }()

    /// The tests that start it are skipped, saying why, when it was not built.
    static let isBuilt = Testing.ConditionTrait.enabled(
        if: url != nil, "needs the local-market executable beside the tests: run `swift build` first")

    /// Starts `local-market` on port 0 and returns it with the URL it printed.
    static func launch(dataDirectory: URL) async throws -> (ChildProcess, URL) {
        guard let url else { throw FixtureError("no local-market executable beside the tests") }
        let process = try ChildProcess(executable: url.path, arguments: ["--port", "0", "--data-dir", dataDirectory.path])
        let line = await process.readLine()
        guard line.hasPrefix("Listening on "), let base = URL(string: String(line.dropFirst("Listening on ".count))) else {
            throw FixtureError("local-market printed \(line)")  // deinit kills it
        }
        return (process, base)
    }
}

@Suite("SIGKILL in the middle of writes")
struct KillTests {
    /// Three writers create products one after another until the market dies; the kill lands
    /// once `acknowledgedBeforeKill` creates have been answered 201 and at least one more has
    /// been sent whole and not yet answered. Every create answered 201, before or after the
    /// kill, must be in the market that starts again on the same folder.
    @Test(LocalMarketExecutable.isBuilt, arguments: [1, 3])
    func killedMidWriteKeepsEveryAcknowledgedProduct(acknowledgedBeforeKill: Int) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lm-kill-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let (process, base) = try await LocalMarketExecutable.launch(dataDirectory: directory)
        let port = try #require(base.port)
        let log = WriteLog()

        let writers = (0..<3).map { writer in
            Task { await KillTests.onOwnThread { KillTests.write(port: port, writer: writer, log: log) } }
        }
        let killed = try await eventually {
            log.state.withLock { state in
                guard state.acknowledged.count >= acknowledgedBeforeKill, state.outstanding >= 1 else { return false }
                // Under the lock: no answer can be counted between the check and the kill.
                process.signal(SIGKILL)
                state.killed = true
                state.outstandingAtKill = state.outstanding
                return true
            }
        }
        if !killed { process.signal(SIGKILL) }
        #expect(killed, "\(acknowledgedBeforeKill) creates answered with another in flight")
        #expect(await process.waitForEnd(patience: Patience.hangGuard) == .signalled(SIGKILL))
        for writer in writers { await writer.value }

        let seen = log.state.withLock { $0 }
        #expect(seen.failures.isEmpty, "\(seen.failures)")
        #expect(seen.outstandingAtKill >= 1)
        #expect(seen.acknowledged.count >= acknowledgedBeforeKill)

        let market = try LocalMarket(dataDirectory: directory, host: "127.0.0.1", port: 0, seed: true, syncsToDisk: true)
        let state = try market.store.snapshot()
        #expect(state.products.count >= 60 + seen.acknowledged.count)
        for id in seen.acknowledged {
            let product = try #require(state.product(id: id), "product \(id) was answered 201, then lost")
            for image in product.images {
                let path = try #require(market.store.files.imageFile(image.originPath))
                #expect(FileManager.default.contents(atPath: path).map { StoredImageFormat(sniffing: $0) != nil } == true)
            }
        }
        // Every image referenced exists; nothing unreferenced or temporary remains.
        let referenced = Set(state.products.flatMap { $0.images.flatMap { [$0.originPath, $0.thumbnailPath] } })
        #expect(Set(market.store.files.allImageFiles()) == referenced)
        // No write was left half done: no marker of an image write in progress remains.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path + "/incoming").isEmpty)
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: directory.path))
        #expect(names.isSubset(of: ["images", "incoming", "market.sqlite", "market.sqlite-wal", "market.sqlite-shm"]))
    }

    /// What the writers saw, and when the kill landed.
    final class WriteLog: Sendable {
        struct State: Sendable {
            /// Ids of the creates answered 201.
            var acknowledged: [Int] = []
            /// Creates sent whole and not answered yet.
            var outstanding = 0
            var outstandingAtKill = 0
            var killed = false
            var writes = 0
            /// Anything that went wrong before the kill, or an answer other than 201.
            var failures: [String] = []
        }

        let state = Mutex(State())
    }

    /// One writer: a create per connection (`Connection: close`), again and again, until the
    /// market is gone. Blocking socket calls, so it runs on a thread of its own.
    static func write(port: Int, writer: Int, log: WriteLog) {
        let vendor = MarketVendor.localTeam
        while true {
            let index = log.state.withLock { state -> Int? in
                guard !state.killed else { return nil }
                defer { state.writes += 1 }
                return state.writes
            }
            guard let index else { return }
            let body = MultipartBody()
                .json("params", Products.valid().merging(["secret": vendor.secret, "name": "Written \(index)"]) { $1 })
                .files("images", [Images.jpeg(size: 100_000, seed: UInt8(truncatingIfNeeded: index)), Images.png(seed: UInt8(truncatingIfNeeded: index))])
            let head = "POST /api/products HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nidentifier: \(vendor.identifier)\r\n"
                + "Content-Type: \(body.contentType)\r\nContent-Length: \(body.bytes.count)\r\nConnection: close\r\n\r\n"
            let fd = LoopbackClient.connect(port: port)
            guard fd >= 0 else {
                log.fail(unlessKilled: "writer \(writer): connect: \(String(cString: strerror(errno)))")
                return
            }
            defer { close(fd) }
            guard LoopbackClient.sendAll(fd, Array(head.utf8) + body.bytes) else {
                log.fail(unlessKilled: "writer \(writer): send: \(String(cString: strerror(errno)))")
                return
            }
            log.state.withLock { $0.outstanding += 1 }
            let answer = LoopbackClient.receiveAll(fd)
            let outcome = LoopbackClient.created(answer)
            log.state.withLock { state in
                state.outstanding -= 1
                switch outcome {
                case .created(let id): state.acknowledged.append(id)
                case .unanswered where state.killed: break  // in flight when the market died
                case .unanswered: state.failures.append("writer \(writer): no complete answer before the kill")
                case .other(let status): state.failures.append("writer \(writer): answered \(status)")
                }
            }
            if case .unanswered = outcome { return }
        }
    }

    /// Runs blocking work on a fresh thread (never one of Swift's few pool threads).
    static func onOwnThread(_ work: @escaping @Sendable () -> Void) async {
        await withCheckedContinuation { continuation in
            Thread {
                work()
                continuation.resume()
            }.start()
        }
    }
}

extension KillTests.WriteLog {
    /// Records `failure` if the market was not killed yet (after the kill, failing is expected).
    func fail(unlessKilled failure: String) {
        state.withLock { state in
            if !state.killed { state.failures.append(failure) }
        }
    }
}

/// Blocking loopback sockets for `KillTests`' writers, with `Patience.hangGuard` as the send
/// and receive timeouts.
enum LoopbackClient {
    enum Outcome {
        case created(Int)
        /// No complete answer: the connection ended first.
        case unanswered
        case other(Int)
    }

    /// A connected socket, or -1 with `errno` set.
    static func connect(port: Int) -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return -1 }
        var timeout = timeval(tv_sec: Int(Patience.hangGuard.components.seconds), tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            let code = errno
            close(fd)
            errno = code
            return -1
        }
        return fd
    }

    static func sendAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            offset += n
        }
        return true
    }

    /// Everything until the peer closes or resets the connection.
    static func receiveAll(_ fd: Int32) -> [UInt8] {
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return received }
            received += chunk[0..<n]
        }
    }

    /// The created product's id from a complete 201 answer (`Content-Length` framed).
    static func created(_ answer: [UInt8]) -> Outcome {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard answer.count >= 4, let end = (0...(answer.count - 4)).first(where: { answer[$0..<($0 + 4)].elementsEqual(separator) }) else {
            return .unanswered
        }
        let lines = String(decoding: answer[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = lines[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { return .unanswered }
        let length = lines.dropFirst().compactMap { line -> Int? in
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "content-length" else { return nil }
            return Int(parts[1].trimmingCharacters(in: .whitespaces))
        }.first
        let body = Array(answer[(end + 4)...])
        guard let length, body.count >= length else { return .unanswered }
        guard status == 201 else { return .other(status) }
        guard let id = (try? JSONValue.parse(Array(body.prefix(length))))?["id"]?.int else { return .other(status) }
        return .created(id)
    }
}
