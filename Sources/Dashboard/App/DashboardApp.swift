import Foundation
import HTTPServer

/// The running dashboard: configuration in, a listening server out.
public final class DashboardApp: Sendable {
    public let configuration: DashboardConfiguration
    public let server: HTTPServer

    public init(configuration: DashboardConfiguration) throws {
        self.configuration = configuration
        var serverConfiguration = ServerConfiguration(host: configuration.host, port: configuration.port)
        serverConfiguration.logger = ServerLogger(level: configuration.logLevel)
        serverConfiguration.defaultHeaders = Self.securityHeaders
        serverConfiguration.maxBodyBytes = Self.defaultBodyLimit
        server = HTTPServer(
            configuration: serverConfiguration,
            router: Self.makeRouter(configuration),
            errorResponder: ErrorPage.response)
    }

    /// Binds the port and starts serving.
    public func start() throws {
        try server.start()
    }

    /// `http://HOST:PORT` as a person would type it.
    public var url: String { "http://\(configuration.listenURLHost):\(server.port)" }

    public func shutdown() {
        server.shutdown()
    }

    /// Bodies of ordinary routes; form routes declare their own, larger cap.
    static let defaultBodyLimit = 64 * 1024

    /// design.md, "Security rules": on every response unless a handler sets its own.
    static let securityHeaders: HTTPHeaders = [
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "same-origin",
        "Content-Security-Policy":
            "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
            + "form-action 'self'; frame-ancestors 'none'; base-uri 'none'; object-src 'none'",
        "X-Frame-Options": "DENY",
    ]

    static func makeRouter(_ configuration: DashboardConfiguration) -> Router {
        var router = Router()
        router.add(.get, "/static/{path...}", StaticFileHandler(root: configuration.publicDirectory.path))
        router.get("/") { _ in
            HTTPResponse.html(HomePage.html)
        }
        router.get("/healthz") { _ in
            .json(Array(#"{"status":"ok"}"#.utf8))
        }
        return router
    }
}
