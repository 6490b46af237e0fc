import Foundation
import HTTPServer
import MarketClient
import Synchronization

/// What a stub server received, in order.
final class RequestLog: Sendable {
    private let requests = Mutex<[HTTPRequest]>([])

    func record(_ request: HTTPRequest) { requests.withLock { $0.append(request) } }
    var all: [HTTPRequest] { requests.withLock { $0 } }
    var count: Int { requests.withLock { $0.count } }
}

/// Records the waits a retry policy asked for, without waiting.
final class SleepLog: Sendable {
    private let durations = Mutex<[Duration]>([])
    var all: [Duration] { durations.withLock { $0 } }

    /// Retries at once, jitter off, every requested wait recorded.
    func policy(maxRetries: Int = 2) -> RetryPolicy {
        RetryPolicy(maxRetries: maxRetries, jitter: { $0 }) { [self] delay in
            durations.withLock { $0.append(delay) }
        }
    }
}

/// Our `HTTPServer` on 127.0.0.1, port 0, with stub routes that record every request first.
struct StubMarket {
    static let credentials = MarketCredentials(identifier: "7184295e-4aa2-11ed-a200-81a344d1e7cb", secret: "s3cr3t-Pa55")

    let server: HTTPServer
    let log: RequestLog
    let baseURL: URL

    /// Runs `body` against a server built from `routes`; the server is shut down afterwards.
    static func run(
        _ routes: (inout Router) -> Void, _ body: (StubMarket) async throws -> Void
    ) async throws {
        let log = RequestLog()
        var stubs = Router()
        routes(&stubs)
        var router = Router()
        for route in stubs.routes {
            let handler = route.handler
            router.add(route.method, route.pattern, maxBodySize: 4 * 1024 * 1024) { request in
                log.record(request)
                return try await handler.handle(request)
            }
        }
        var configuration = ServerConfiguration(host: "127.0.0.1", port: 0)
        configuration.logger = ServerLogger(level: .off)
        configuration.shutdownGracePeriod = .seconds(1)
        let server = HTTPServer(configuration: configuration, router: router)
        try server.start()
        let market = StubMarket(server: server, log: log, baseURL: URL(string: "http://127.0.0.1:\(server.port)")!)
        do {
            try await body(market)
        } catch {
            server.shutdown()
            throw error
        }
        server.shutdown()
    }

    func client(
        retry: RetryPolicy = .none, connectTimeout: Duration = Patience.hangGuard, requestTimeout: Duration = Patience.hangGuard,
        writeTimeout: Duration = Patience.hangGuard, callDeadline: Duration? = nil
    ) -> MarketClient {
        MarketClient(
            configuration: .init(
                baseURL: baseURL, credentials: Self.credentials, connectTimeout: connectTimeout,
                requestTimeout: requestTimeout, writeTimeout: writeTimeout, retry: retry, callDeadline: callDeadline))
    }
}

extension HTTPResponse {
    static func json(_ text: String, status: HTTPStatus = .ok) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "application/json"], bytes: Array(text.utf8))
    }

    static func upstreamError(_ status: Int, _ message: String) -> HTTPResponse {
        .json(#"{"code":\#(status),"message":"\#(message)"}"#, status: HTTPStatus(status))
    }
}
