import Foundation
import HTTPServer
import Synchronization
import Testing

extension ServerConfiguration {
    /// Loopback, port 0, quiet logs. Deadlines not under test are five minutes: the whole
    /// suite runs in parallel on a 2-core machine shared with other builds, where a test may
    /// wait many seconds for a thread, and a deadline that expires then would fail a test that
    /// did nothing wrong (15 s is too short at a load average of 11). Tests of the deadlines
    /// themselves set short ones.
    static func testing(host: String = "127.0.0.1", _ adjust: (inout ServerConfiguration) -> Void = { _ in }) -> ServerConfiguration {
        var configuration = ServerConfiguration(host: host, port: 0)
        configuration.logger = ServerLogger(level: .off)
        configuration.headerTimeout = .seconds(300)
        configuration.bodyIdleTimeout = .seconds(300)
        configuration.keepAliveTimeout = .seconds(300)
        configuration.sendTimeout = .seconds(300)
        // The whole-request deadline and a large body's minimum rate too: a test that sends a
        // large body in two steps, with other work between them, can outlast the rate rule's
        // 10 s grace on a busy machine.
        configuration.requestTimeout = .seconds(300)
        configuration.slowBodyGrace = .seconds(300)
        configuration.shutdownGracePeriod = .seconds(2)
        adjust(&configuration)
        return configuration
    }
}

/// Starts a server on port 0, runs `body`, and always shuts the server down afterwards.
/// Close every client inside `body`: shutdown waits for connections that are mid-request.
func withServer<T: Sendable>(
    configuration: ServerConfiguration = .testing(), router: Router,
    _ body: (HTTPServer) async throws -> T
) async throws -> T {
    let server = HTTPServer(configuration: configuration, router: router)
    try server.start()
    let result: T
    do {
        result = try await body(server)
    } catch {
        await shutDown(server)
        throw error
    }
    await shutDown(server)
    return result
}

/// Shuts the server down, recording an issue (instead of hanging the run) if that takes
/// longer than the grace period and a margin.
func shutDown(_ server: HTTPServer, sourceLocation: SourceLocation = #_sourceLocation) async {
    let finished = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
        let once = Mutex<CheckedContinuation<Bool, Never>?>(continuation)
        let resume: @Sendable (Bool) -> Void = { value in once.withLock { $0.take() }?.resume(returning: value) }
        Thread {
            server.shutdown()
            resume(true)
        }.start()
        Thread {
            Thread.sleep(forTimeInterval: 60)
            resume(false)
        }.start()
    }
    if !finished {
        Issue.record("shutdown() did not return within 60 s", sourceLocation: sourceLocation)
    }
}

extension Router {
    /// `GET /hello` → `hello`, `POST /echo` → the body back, and whatever `extra` adds.
    static func testing(_ extra: (inout Router) -> Void = { _ in }) -> Router {
        var router = Router()
        router.get("/hello") { _ in .text("hello") }
        router.post("/echo") { request in
            HTTPResponse(status: .ok, headers: ["Content-Type": "application/octet-stream"], bytes: request.body)
        }
        extra(&router)
        return router
    }
}

/// A request with the Host header a browser on this machine would send.
func get(_ target: String, _ extraHeaders: String = "") -> String {
    "GET \(target) HTTP/1.1\r\nHost: localhost\r\n\(extraHeaders)\r\n"
}
