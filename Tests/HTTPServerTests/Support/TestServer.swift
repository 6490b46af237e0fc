import Foundation
import HTTPServer

extension ServerConfiguration {
    /// Loopback, port 0, quiet logs and short deadlines, so a test that goes wrong fails fast.
    static func testing(host: String = "127.0.0.1", _ adjust: (inout ServerConfiguration) -> Void = { _ in }) -> ServerConfiguration {
        var configuration = ServerConfiguration(host: host, port: 0)
        configuration.logger = ServerLogger(level: .off)
        configuration.headerTimeout = .seconds(3)
        configuration.bodyIdleTimeout = .seconds(3)
        configuration.keepAliveTimeout = .seconds(3)
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
    do {
        let result = try await body(server)
        try await onOwnThread { server.shutdown() }
        return result
    } catch {
        try? await onOwnThread { server.shutdown() }
        throw error
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
