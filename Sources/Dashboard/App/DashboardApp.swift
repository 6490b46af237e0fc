import Foundation
import HTTPServer
import LocalMarket
import MarketClient
import Templating

/// The running dashboard: configuration in, a listening server out. Without an upstream it
/// starts the embedded market in-process on its own loopback port and uses its vendor.
public final class DashboardApp: Sendable {
    public let configuration: DashboardConfiguration
    public let server: HTTPServer
    /// The embedded market, when no upstream was configured.
    public let market: LocalMarket?
    /// The API base URL in use (the embedded market's or the configured one).
    public let upstreamURL: URL
    /// The JSON caches in front of the market (tests await its refreshes).
    let gateway: MarketGateway

    public convenience init(configuration: DashboardConfiguration) throws {
        try Self.checkFolders(configuration)
        let logger = ServerLogger(level: configuration.logLevel)
        if let upstream = configuration.upstream {
            let credentials = MarketCredentials(identifier: configuration.identifier ?? "", secret: configuration.secret ?? "")
            let api = MarketClient(configuration: .init(baseURL: upstream, credentials: credentials))
            try self.init(configuration: configuration, logger: logger, api: api, upstreamURL: upstream, market: nil, ownVendorID: nil)
        } else {
            let vendor = LocalMarket.defaultVendor
            // The market's own access log would repeat every page's API calls; it speaks up
            // for warnings and errors only, marked as the market's.
            let marketLogger = ServerLogger(level: max(configuration.logLevel, .warning)) { line in
                ServerLogger.standardError("market: " + line)
            }
            let market = try LocalMarket(
                dataDirectory: configuration.dataDirectory.appendingPathComponent("market", isDirectory: true),
                logger: marketLogger)
            let url = try market.start()
            let credentials = MarketCredentials(
                identifier: configuration.identifier ?? vendor.identifier, secret: configuration.secret ?? vendor.secret)
            let api = MarketClient(configuration: .init(baseURL: url, credentials: credentials))
            do {
                try self.init(configuration: configuration, logger: logger, api: api, upstreamURL: url, market: market, ownVendorID: vendor.id)
            } catch {
                market.shutdown()
                throw error
            }
        }
    }

    /// The seam for tests: any `MarketAPI` (a double that fails on cue), no embedded market.
    convenience init(configuration: DashboardConfiguration, api: any MarketAPI, ownVendorID: Int?) throws {
        try self.init(
            configuration: configuration, logger: ServerLogger(level: configuration.logLevel), api: api,
            upstreamURL: configuration.upstream ?? URL(fileURLWithPath: "/"), market: nil, ownVendorID: ownVendorID)
    }

    private init(
        configuration: DashboardConfiguration, logger: ServerLogger, api: any MarketAPI, upstreamURL: URL,
        market: LocalMarket?, ownVendorID: Int?
    ) throws {
        self.configuration = configuration
        self.market = market
        self.upstreamURL = upstreamURL
        let templates = try TemplateRenderer(directory: configuration.templatesDirectory.path, developmentMode: configuration.developmentMode)
        let renderer = PageRenderer(templates: templates, logger: logger)
        let registry = ImageURLRegistry()
        let imageCache = try ImageCache(
            directory: configuration.cacheDirectory.appendingPathComponent("images", isDirectory: true),
            memoryCapacity: configuration.imageMemoryCacheBytes,
            diskCapacity: configuration.imageDiskCacheBytes,
            fetcher: ImageDownloader.fetcher())

        var router = Router()
        router.get("/") { _ in .redirect(to: "/products", status: .found) }
        router.add(.get, "/static/{path...}", StaticFileHandler(root: configuration.publicDirectory.path))
        let gateway = MarketGateway(api: api, freshFor: configuration.jsonFreshFor, slowAfter: configuration.jsonRefreshSlowAfter)
        self.gateway = gateway
        let flash = FlashMessages()
        ProductForms(
            api: api, gateway: gateway, renderer: renderer, images: registry,
            stash: try ImageStash(directory: configuration.dataDirectory.appendingPathComponent("form-images", isDirectory: true)),
            ledger: SubmissionLedger(), flash: flash, ownVendorID: ownVendorID
        ).register(in: &router)
        ProductPages(
            gateway: gateway, images: registry, renderer: renderer, ownVendorID: ownVendorID, flash: flash,
            keepsRenderedPages: configuration.pageCache && !configuration.developmentMode)
            .register(in: &router)
        router.add(.get, "/images/{key}", try ImageHandler(
            registry: registry, cache: imageCache, publicDirectory: configuration.publicDirectory, logger: logger))
        router.add(.get, "/healthz", HealthHandler(api: api, imageCache: imageCache, upstreamDescription: upstreamURL.absoluteString))

        var serverConfiguration = ServerConfiguration(host: configuration.host, port: configuration.port)
        serverConfiguration.logger = logger
        serverConfiguration.defaultHeaders = Self.securityHeaders
        serverConfiguration.maxBodyBytes = Self.defaultBodyLimit
        server = HTTPServer(configuration: serverConfiguration, router: router, errorResponder: ErrorPage.response)
    }

    /// Catches the likely mistakes (a wrong `--public-dir` or `--templates-dir`) before anything
    /// starts, with one line that names the folder and what is missing.
    static func checkFolders(_ configuration: DashboardConfiguration) throws(ConfigurationError) {
        let files = FileManager.default
        let placeholder = configuration.publicDirectory.appendingPathComponent("images/placeholder.png").path
        guard files.fileExists(atPath: placeholder) else {
            throw .invalid("\(configuration.publicDirectory.path) is not the dashboard's Public/ folder (images/placeholder.png is missing); see --public-dir")
        }
        let layout = configuration.templatesDirectory.appendingPathComponent("layout/head.html").path
        guard files.fileExists(atPath: layout) else {
            throw .invalid("\(configuration.templatesDirectory.path) is not the dashboard's Templates/ folder (layout/head.html is missing); see --templates-dir")
        }
    }

    /// Binds the port and starts serving.
    public func start() throws {
        try server.start()
    }

    /// `http://HOST:PORT` as a person would type it.
    public var url: String { "http://\(configuration.listenURLHost):\(server.port)" }

    public func shutdown() {
        server.shutdown()
        market?.shutdown()
    }

    /// Bodies of ordinary routes; form routes declare their own, larger cap.
    static let defaultBodyLimit = 64 * 1024

    /// design.md, "Security rules": on every response unless a handler sets its own.
    static let securityHeaders: HTTPHeaders = [
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "same-origin",
        "Content-Security-Policy":
            "default-src 'self'; img-src 'self' data: blob:; style-src 'self'; script-src 'self'; "
            + "form-action 'self'; frame-ancestors 'none'; base-uri 'none'; object-src 'none'",
        "X-Frame-Options": "DENY",
    ]
}
