import Foundation
import HTTPServer
import Synchronization
import Testing

/// Routes that spool their bodies to a temporary file (`Router.add(..., spoolsBody: true)`):
/// the body reaches the handler as a file, charged to the body budget while the file exists,
/// removed with the answer; the caps, the 413 and the budget hold as for bodies in memory.
@Suite("Server: spooled bodies")
struct SpooledBodyTests {
    /// A spool folder of its own per test, removed afterwards.
    final class Folder: Sendable {
        let path: String

        init() throws {
            path = FileManager.default.temporaryDirectory.appendingPathComponent("spool-test-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }

        var files: [String] { (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] }

        deinit { try? FileManager.default.removeItem(atPath: path) }
    }

    /// What the handler saw of the spooled body while it ran.
    struct Seen: Sendable {
        var bodyInMemory = 0
        var path: String?
        var size = 0
        var checksum = 0
        var existed = false
        var budgetWhileRunning = 0
    }

    /// What the handler saw, and the server it runs in (to read the budget while it runs).
    final class Recorder: Sendable {
        let seen = Mutex(Seen())
        let server = Mutex<HTTPServer?>(nil)
    }

    static let cap = 32 * 1024 * 1024

    /// `POST /upload` spools; the handler signals `started`, waits at `gate`, then reads the
    /// mapped file and answers its size.
    static func router(_ recorder: Recorder = Recorder(), started: AsyncStream<Void>.Continuation, gate: Gate = Gate()) -> Router {
        Router.testing { router in
            router.post("/upload", maxBodySize: cap, spoolsBody: true) { request in
                started.yield()
                await gate.wait()
                var record = Seen(bodyInMemory: request.body.count)
                if let file = request.bodyFile {
                    record.path = file.path
                    record.size = file.size
                    record.existed = FileManager.default.fileExists(atPath: file.path)
                    record.checksum = try file.withMappedBytes { bytes in bytes.reduce(0) { ($0 &* 31) &+ Int($1) } }
                }
                record.budgetWhileRunning = recorder.server.withLock { $0?.bodyBytesInFlight ?? -1 }
                recorder.seen.withLock { $0 = record }
                return .text("spooled \(record.size)")
            }
        }
    }

    static func upload(_ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 9) }
    }

    @Test func aTwentyMegabyteUpload_isSpooled_chargedWhileItExists_andRemovedWithTheAnswer() async throws {
        let folder = try Folder()
        let recorder = Recorder()
        let (signals, started) = AsyncStream<Void>.makeStream()
        let gate = Gate()
        let configuration = ServerConfiguration.testing { $0.spoolDirectory = folder.path }
        let body = Self.upload(20 * 1024 * 1024)
        try await withServer(configuration: configuration, router: Self.router(recorder, started: started, gate: gate)) { server in
            recorder.server.withLock { $0 = server }
            let client = try await RawClient.connect(port: server.port)
            defer { client.close() }
            try await client.send(Array("POST /upload HTTP/1.1\r\nHost: localhost\r\nContent-Length: \(body.count)\r\n\r\n".utf8) + body)
            #expect(await firstSignal(signals))
            // The whole body is on disk, in one file of the spool folder, and charged.
            #expect(folder.files.count == 1)
            #expect(server.bodyBytesInFlight == body.count)
            gate.open()
            let answer = try await client.readResponse()
            #expect(answer.status == 200)
            #expect(answer.text == "spooled \(body.count)")
            let record = recorder.seen.withLock { $0 }
            #expect(record.bodyInMemory == 0)
            #expect(record.size == body.count)
            #expect(record.existed)
            #expect(record.checksum == body.reduce(0) { ($0 &* 31) &+ Int($1) })
            #expect(record.budgetWhileRunning == body.count)
            // Removed, and the charge given back, before the answer left.
            #expect(folder.files.isEmpty)
            #expect(!FileManager.default.fileExists(atPath: record.path ?? "/"))
            #expect(server.bodyBytesInFlight == 0)
        }
    }

    @Test func aDeclaredBodyOverTheCap_is413BeforeAnyOfItIsRead_andNoFileIsMade() async throws {
        let folder = try Folder()
        let (_, started) = AsyncStream<Void>.makeStream()
        let configuration = ServerConfiguration.testing { $0.spoolDirectory = folder.path }
        try await withServer(configuration: configuration, router: Self.router(started: started)) { server in
            let client = try await RawClient.connect(port: server.port)
            defer { client.close() }
            // Only the head: the answer must come without the 40 MB.
            try await client.send("POST /upload HTTP/1.1\r\nHost: localhost\r\nContent-Length: \(40 * 1024 * 1024)\r\n\r\n")
            let answer = try await client.readResponse()
            #expect(answer.status == 413)
            #expect(folder.files.isEmpty)
            #expect(server.bodyBytesInFlight == 0)
        }
    }

    /// A chunked body announces no length: it is spooled until it passes the cap, then refused
    /// with 413, its file removed and its charge given back.
    @Test func aChunkedBodyPassingTheCap_is413_andItsFileRemoved() async throws {
        let folder = try Folder()
        let (_, started) = AsyncStream<Void>.makeStream()
        let configuration = ServerConfiguration.testing { $0.spoolDirectory = folder.path }
        try await withServer(configuration: configuration, router: Self.router(started: started)) { server in
            let client = try await RawClient.connect(port: server.port)
            defer { client.close() }
            try await client.send("POST /upload HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n")
            let chunk = [UInt8](repeating: UInt8(ascii: "c"), count: 1024 * 1024)
            let framed = Array("100000\r\n".utf8) + chunk + Array("\r\n".utf8)
            // 33 MB against a 32 MB cap: the server answers at the 33rd and discards the rest
            // while it lingers.
            for _ in 0..<33 { try await client.send(framed) }
            let answer = try await client.readResponse()
            #expect(answer.status == 413)
            #expect(try await eventually { folder.files.isEmpty && server.bodyBytesInFlight == 0 })
        }
    }

    /// A spool folder that cannot take the file: 503 with `Retry-After`, never a crash.
    @Test func aSpoolFolderThatCannotBeWritten_is503() async throws {
        let (_, started) = AsyncStream<Void>.makeStream()
        let configuration = ServerConfiguration.testing { $0.spoolDirectory = "/nonexistent-spool-\(UUID().uuidString)" }
        try await withServer(configuration: configuration, router: Self.router(started: started)) { server in
            let client = try await RawClient.connect(port: server.port)
            defer { client.close() }
            try await client.send("POST /upload HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5\r\n\r\nhello")
            let answer = try await client.readResponse()
            #expect(answer.status == 503)
            #expect(answer.header("Retry-After") == "5")
        }
    }

    /// Routes that do not spool keep their bodies in memory, as before.
    @Test func otherRoutes_keepTheirBodiesInMemory() async throws {
        let folder = try Folder()
        let configuration = ServerConfiguration.testing { $0.spoolDirectory = folder.path }
        try await withServer(configuration: configuration, router: Router.testing()) { server in
            let client = try await RawClient.connect(port: server.port)
            defer { client.close() }
            try await client.send("POST /echo HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5\r\n\r\nhello")
            let answer = try await client.readResponse()
            #expect(answer.text == "hello")
            #expect(folder.files.isEmpty)
        }
    }
}
