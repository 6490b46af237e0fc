import Foundation
import HTTPServer
import Synchronization

/// The embedded Open Market: the real API's paths, JSON and quirks (see
/// `docs/market-api.md`), durable storage in a data directory, seed data on first start.
///
/// ```swift
/// let market = try LocalMarket(dataDirectory: url)   // loads or seeds the data
/// let base = try market.start()                      // http://127.0.0.1:PORT
/// ...
/// market.shutdown()
/// ```
/// Or serve `makeRouter()` on a server of your own, with `MarketRefusalBody.responder` as its
/// error responder so unknown routes answer `{"code":404,...}` too.
public final class LocalMarket: Sendable {
    /// The vendor whose credentials the dashboard uses against the embedded market.
    public static let defaultVendor: MarketVendor = .localTeam
    /// All three vendors of the market, with their identifiers and secrets.
    public static let vendors: [MarketVendor] = MarketVendor.all

    public let host: String
    public let port: Int
    let logger: ServerLogger
    let store: MarketStore
    private let running = Mutex<Running>(Running())

    private struct Running {
        var server: HTTPServer?
        var baseURL: URL?
    }

    /// Opens (or creates and seeds) the market in `dataDirectory`.
    /// - Parameters:
    ///   - seed: install the sample products when the directory holds no market yet; false
    ///     starts an empty market (for tests that count from zero).
    ///   - catalog: what a new directory gets instead (`.generated(count:)` for
    ///     `--seed-count`); nil follows `seed`.
    /// - Throws: `StorageError`, e.g. `.corruptState` with a sentence a person can act on.
    /// - Parameter logger: where the market's own access log and errors go.
    public convenience init(
        dataDirectory: URL, host: String = "127.0.0.1", port: Int = 0, seed: Bool = true,
        catalog: MarketCatalog? = nil, logger: ServerLogger = ServerLogger()
    ) throws {
        try self.init(
            dataDirectory: dataDirectory, host: host, port: port, catalog: catalog ?? (seed ? .samples : .empty),
            syncsToDisk: true, logger: logger)
    }

    /// `syncsToDisk: false` is for tests: writes stay atomic but skip `fsync`.
    convenience init(
        dataDirectory: URL, host: String, port: Int, seed: Bool, syncsToDisk: Bool, logger: ServerLogger = ServerLogger()
    ) throws {
        try self.init(
            dataDirectory: dataDirectory, host: host, port: port, catalog: seed ? .samples : .empty,
            syncsToDisk: syncsToDisk, logger: logger)
    }

    init(
        dataDirectory: URL, host: String, port: Int, catalog: MarketCatalog, syncsToDisk: Bool,
        logger: ServerLogger = ServerLogger()
    ) throws {
        self.host = host
        self.port = port
        self.logger = logger
        store = try MarketStore(
            files: MarketFiles(directory: dataDirectory, syncsToDisk: syncsToDisk), catalog: catalog)
    }

    /// The routes of the API. Image URLs in product JSON use `baseURL` once `start()` has set
    /// it, otherwise the `Host` the client connected to.
    public func makeRouter() -> Router {
        MarketRoutes(store: store, publicBaseURL: { [weak self] in
            guard var text = self?.baseURL?.absoluteString else { return nil }
            while text.hasSuffix("/") { text.removeLast() }
            return text
        }).makeRouter()
    }

    /// Binds `host:port` (0 picks a free port), serves in the background and returns the base
    /// URL, e.g. `http://127.0.0.1:49152`, which product JSON uses from then on. Calling it
    /// again while running returns the same URL.
    @discardableResult
    public func start() throws -> URL {
        if let url = running.withLock({ $0.server == nil ? nil : $0.baseURL }) { return url }
        var configuration = ServerConfiguration(host: host, port: port)
        configuration.logger = logger
        // An API server bound to every interface answers whatever name reaches it.
        if host == "0.0.0.0" || host == "::" { configuration.allowedHosts = [] }
        let server = HTTPServer(
            configuration: configuration, router: makeRouter(), errorResponder: MarketRefusalBody.responder)
        try server.start()
        let hostPart = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        guard let url = URL(string: "http://\(hostPart):\(server.port)") else {
            server.shutdown()
            throw StorageError.system("no URL for \(hostPart):\(server.port)", 0)
        }
        running.withLock {
            $0.server = server
            $0.baseURL = url
        }
        return url
    }

    /// `http://HOST:PORT` once started, else nil.
    public var baseURL: URL? {
        running.withLock { $0.baseURL }
    }

    /// Tells the market where it is served when it runs on someone else's server, so product
    /// JSON carries absolute image URLs on that address.
    public func setBaseURL(_ url: URL) {
        running.withLock { $0.baseURL = url }
    }

    /// Stops the server started by `start()`, letting requests in flight finish.
    public func shutdown() {
        let server = running.withLock { state -> HTTPServer? in
            defer { state.server = nil }
            return state.server
        }
        server?.shutdown()
    }
}
