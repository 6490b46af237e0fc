import Dispatch
@testable import HTTPServer
import Synchronization
import Testing

/// The access log is written off the serving threads in batches; a full buffer drops and
/// counts lines instead of holding up a request.
@Suite("Server: access log")
struct AccessLogTests {
    /// Collects what the writer hands over; `hold` keeps the writer inside the sink until
    /// `release` is signalled, and `entered` says it got there.
    final class Sink: Sendable {
        let batches = Mutex<[[UInt8]]>([])
        let hold: Bool
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)

        init(hold: Bool = false) { self.hold = hold }

        /// Waits until the writer is inside the sink (60 s at most: a hang guard).
        func waitUntilEntered() throws {
            try #require(entered.wait(timeout: .now() + 60) == .success, "the writer never reached the sink")
        }

        var write: AccessLog.Sink {
            { bytes in
                self.batches.withLock { $0.append(bytes) }
                if self.hold {
                    self.entered.signal()
                    self.release.wait()
                }
            }
        }

        var lines: [String] {
            batches.withLock { $0 }.flatMap { batch in
                batch.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast().map { String(decoding: $0, as: UTF8.self) }
            }
        }
    }

    static func append(_ text: String, to log: AccessLog, shard: Int = 0) {
        log.append(shard: shard) { $0.append(contentsOf: text.utf8) }
    }

    @Test func linesFromManyThreads_arriveWholeAndInEachThreadsOrder() async {
        let sink = Sink()
        let log = AccessLog(capacity: 100_000, sink: sink.write)
        await withTaskGroup(of: Void.self) { group in
            for writer in 0..<4 {
                group.addTask {
                    // Writers 0 and 1 share a buffer (as two connections of one loop do); 2 and 3 have their own.
                    for index in 0..<2_000 {
                        Self.append("writer \(writer) line \(index) " + String(repeating: "x", count: index % 50), to: log, shard: max(0, writer - 1))
                    }
                }
            }
        }
        log.flush()
        let lines = sink.lines
        #expect(lines.count == 8_000)
        for writer in 0..<4 {
            let own = lines.filter { $0.hasPrefix("writer \(writer) ") }
            let expected = (0..<2_000).map { "writer \(writer) line \($0) " + String(repeating: "x", count: $0 % 50) }
            #expect(own == expected)
        }
        #expect(log.droppedLines == 0)
    }

    @Test func fullBuffer_dropsAndCountsLines_insteadOfWaiting() throws {
        let sink = Sink(hold: true)
        let log = AccessLog(capacity: 4, sink: sink.write)
        Self.append("first", to: log)
        try sink.waitUntilEntered()  // the writer is inside the sink with "first" and stays there
        // Ten more while the writer is held: four fit, six are dropped. None of these calls
        // waits for the writer (if one did, the test would never get past this loop).
        for index in 1...10 { Self.append("line \(index)", to: log) }
        sink.release.signal()
        try sink.waitUntilEntered()
        sink.release.signal()
        try sink.waitUntilEntered()
        sink.release.signal()
        #expect(sink.lines == [
            "first", "line 1", "line 2", "line 3", "line 4", "access log: dropped 6 lines; the log could not keep up",
        ])
        #expect(log.droppedLines == 6)
        // After the report the log takes lines again.
        Self.append("later", to: log)
        try sink.waitUntilEntered()
        sink.release.signal()
        #expect(sink.lines.last == "later")
    }

    @Test func server_writesOneLinePerRequest_throughItsAccessLog_flushedAtShutdown() async throws {
        let sink = Sink()
        let direct = Mutex<[String]>([])
        let configuration = ServerConfiguration.testing {
            $0.logger = ServerLogger(level: .info, sink: { line in direct.withLock { $0.append(line) } }, accessLog: AccessLog(sink: sink.write))
        }
        try await withServer(configuration: configuration, router: .testing()) { server in
            let client = try await RawClient.connect(port: server.port)
            try await client.send(get("/hello?q=secret") + get("/missing") + get("/hello"))
            for _ in 0..<3 { _ = try await client.readResponse() }
        }
        // withServer shut the server down, which flushes the access log.
        let fields = sink.lines.map { $0.split(separator: " ").map(String.init) }
        try #require(fields.count == 3 && fields.allSatisfy { $0.count == 6 }, "\(sink.lines)")
        #expect(fields.map { $0[1...3].joined(separator: " ") } == ["GET /hello 200", "GET /missing 404", "GET /hello 200"])
        #expect(fields[0][4] == "5B" && fields[0][5].hasSuffix("ms"))
        let lines = sink.lines
        #expect(!lines.contains { $0.contains("secret") })
        #expect(direct.withLock { $0 }.isEmpty)
    }

    /// The line's fields, as `format` writes them on the event loop: every number whole, the
    /// query cut off, a path's non-ASCII bytes kept as sent.
    @Test(arguments: [
        (200, 10_240, 0, "/static/file.txt", "127.0.0.1:5 GET /static/file.txt 200 10240B 0ms"),
        (404, 0, 1234, "/search?q=hunter2", "127.0.0.1:5 GET /search 404 0B 1234ms"),
        (503, Int.max, Int.max, "/?", "127.0.0.1:5 GET / 503 9223372036854775807B 9223372036854775807ms"),
        (413, -1, Int.min, "/%ED%95%9C/한", "127.0.0.1:5 GET /%ED%95%9C/한 413 0B 0ms"),
    ])
    func line_format(status: Int, bytes: Int, milliseconds: Int, target: String, expected: String) {
        var line: [UInt8] = Array("x".utf8)
        AccessLog.format(
            into: &line, remote: "127.0.0.1:5", method: .get, target: target, status: HTTPStatus(status), bytes: bytes,
            milliseconds: milliseconds)
        #expect(String(decoding: line, as: UTF8.self) == "x" + expected, "appends after what the buffer holds")
    }
}
