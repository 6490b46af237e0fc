import DashboardEngine
import Foundation
import HTTPServer
import MarketClient
import Templating

/// The running dashboard: configuration in, a listening server out. Without an upstream it
/// starts the embedded market (given by the executable) in-process on its own loopback port
/// and uses its vendor.
public final class DashboardApp: Sendable {
    let configuration: DashboardConfiguration
    let server: HTTPServer
    /// The embedded market, when no upstream was configured.
    let market: EmbeddedMarket?
    /// The API base URL in use (the embedded market's or the configured one).
    let marketURL: URL
    /// What keeps state and works in the background: the pages are built from its parts.
    let engine: Engine
    /// Whether pages ask who is there: `--accounts required`, or an account existed at
    /// start-up (`--accounts auto`).
    let accountsOn: Bool
    /// Every route with the permission it needs, as the route table gives them.
    let routeRules: [RouteTable.Rule]
    private let logger: ServerLogger

    /// The engine's parts the tests reach (their awaits, crash points and clocks).
    var catalog: CatalogSnapshotStore { engine.catalog }
    var ownVendor: OwnVendor { engine.ownVendor }
    var gateway: MarketGateway { engine.gateway }
    var database: DashboardDatabase { engine.database }
    var journal: HistoryJournal { engine.journal }
    var recycleBin: RecycleBin { engine.recycleBin }
    var batchRunner: BatchRunner { engine.batchRunner }
    var scheduler: BatchScheduler { engine.scheduler }

    /// `startEmbedded` runs only when no upstream is configured. The program's entry and the one
    /// place the machine's clock is chosen, here rather than in `main.swift`: `WallClock` is the
    /// engine's package type, which a public initialiser cannot take and the executable does not
    /// import. Every part below is handed this clock; none has one of its own.
    public convenience init(configuration: DashboardConfiguration, startEmbedded: EmbeddedMarket.Starter) throws {
        try self.init(configuration: configuration, startEmbedded: startEmbedded, clock: SystemWallClock())
    }

    /// As above, with the one clock the engine tells time and waits on (tests drive it).
    convenience init(configuration: DashboardConfiguration, startEmbedded: EmbeddedMarket.Starter, clock: any WallClock) throws {
        try Self.checkFolders(configuration)
        let logger = configuration.logSink.logger(configuration.logLevel)
        if let upstream = configuration.marketURL {
            let credentials = MarketCredentials(identifier: configuration.identifier ?? "", secret: configuration.secret ?? "")
            let api = MarketClient(configuration: Self.clientConfiguration(configuration, baseURL: upstream, credentials: credentials))
            let ownVendor = OwnVendor.resolve(
                configured: configuration.vendorID, embedded: nil, dataDirectory: configuration.dataDirectory,
                market: upstream, identifier: credentials.identifier)
            try self.init(
                configuration: configuration, logger: logger, api: api, marketURL: upstream, market: nil, ownVendor: ownVendor, clock: clock)
        } else {
            // The market's own access log would repeat every page's API calls; it speaks up
            // for warnings and errors only, marked as the market's.
            let marketLogger = configuration.logSink.logger(max(configuration.logLevel, .warning), prefix: "market: ")
            let market = try startEmbedded(
                configuration.dataDirectory.appendingPathComponent("market", isDirectory: true), marketLogger)
            let url = market.url
            let credentials = MarketCredentials(
                identifier: configuration.identifier ?? market.identifier, secret: configuration.secret ?? market.secret)
            let api = MarketClient(configuration: Self.clientConfiguration(configuration, baseURL: url, credentials: credentials))
            // The embedded market's vendors are ours to know: the one the identifier names.
            let embedded = market.vendorIDs[credentials.identifier]
            let ownVendor = OwnVendor.resolve(
                configured: configuration.vendorID, embedded: embedded, dataDirectory: configuration.dataDirectory,
                market: url, identifier: credentials.identifier)
            do {
                try self.init(
                    configuration: configuration, logger: logger, api: api, marketURL: url, market: market, ownVendor: ownVendor, clock: clock)
            } catch {
                market.shutdown()
                throw error
            }
        }
    }

    /// The seam for tests: any `MarketAPI` (a double that fails on cue), no embedded market.
    /// A nil `ownVendorID` is unknown, learned (and kept in the data directory) as with `--upstream`.
    /// `images` stands in for the image server of a double whose image URLs lead nowhere (the
    /// recycle bin downloads a product's images before a delete).
    /// `clock` is the one clock the engine tells time and waits on: tests drive it.
    convenience init(
        configuration: DashboardConfiguration, api: any MarketAPI, ownVendorID: Int?, images: (any ImageSource)? = nil,
        clock: any WallClock
    ) throws {
        let marketURL = configuration.marketURL ?? URL(fileURLWithPath: "/")
        let ownVendor = OwnVendor.resolve(
            configured: ownVendorID, embedded: nil, dataDirectory: configuration.dataDirectory,
            market: marketURL, identifier: configuration.identifier ?? "")
        try self.init(
            configuration: configuration, logger: configuration.logSink.logger(configuration.logLevel), api: api,
            marketURL: marketURL, market: nil, ownVendor: ownVendor, trashImages: images, clock: clock)
    }

    /// The engine, then the pages built from it, then the server that routes to them.
    private init(
        configuration: DashboardConfiguration, logger: ServerLogger, api: any MarketAPI, marketURL: URL,
        market: EmbeddedMarket?, ownVendor: OwnVendor, trashImages: (any ImageSource)? = nil, clock: any WallClock
    ) throws {
        self.configuration = configuration
        self.logger = logger
        self.market = market
        self.marketURL = marketURL
        let registry = ImageURLRegistry()
        let redirects = ImageRedirectRule(registry: registry, marketURL: marketURL)
        let imageCache = try ImageCache(
            directory: configuration.cacheDirectory.appendingPathComponent("images", isDirectory: true),
            memoryCapacity: configuration.imageMemoryCacheBytes,
            diskCapacity: configuration.imageDiskCacheBytes,
            // An image is a read: it has the read deadline (--read-timeout).
            fetcher: ImageDownloader.fetcher(requestTimeout: configuration.readTimeout, redirects: redirects))
        let engine = try Engine(
            directory: configuration.dataDirectory, api: api, clock: clock, images: trashImages ?? RegisteredImageSource(cache: imageCache, registry: registry), ownVendor: ownVendor,
            settings: Self.engineSettings(configuration), logger: logger)
        self.engine = engine
        accountsOn = try Self.checkAccounts(configuration, engine.accounts)
        let renderer = PageRenderer(
            templates: try TemplateRenderer(directory: configuration.templatesDirectory.path, developmentMode: configuration.developmentMode),
            logger: logger)
        // Every request's context, a page's or the server's own error page's, carries the texts
        // of every page, so that a text in the frame (a footer link) may live with its page.
        let contexts = RequestContext.Maker(
            settings: PageSettings(
                lowStockThreshold: configuration.lowStockThreshold, timeZone: configuration.timeZone, referenceDays: configuration.referenceDays),
            ownVendor: ownVendor,
            who: RequestContext.Who(accounts: accountsOn ? engine.accounts : nil, trustedProxies: configuration.trustedProxies),
            texts: Self.texts, prices: engine.prices)
        // The server's own error pages (no route, a body too large, …) in the site's frame.
        var errorPage = ErrorPage(renderer: renderer, contexts: contexts)
        let table = Self.routes(try Self.pages(
            engine, configuration, marketURL: marketURL, renderer: renderer, contexts: contexts, errors: errorPage,
            registry: registry, imageCache: imageCache, logger: logger))
        routeRules = table.rules
        errorPage.router = table.router
        server = HTTPServer(
            configuration: Self.serverConfiguration(configuration, logger), router: table.router, errorResponder: errorPage.responder)
    }

    /// The engine's settings from the configuration.
    static func engineSettings(_ configuration: DashboardConfiguration) -> Engine.Settings {
        var settings = Engine.Settings()
        settings.catalog = configuration.catalog
        settings.trash = configuration.trash
        settings.historyDays = configuration.historyDays
        settings.priceHistoryDays = configuration.priceHistoryDays
        settings.referenceDays = configuration.referenceDays
        settings.writeTimeout = configuration.writeTimeout
        settings.jsonFreshFor = configuration.jsonFreshFor
        settings.jsonRefreshSlowAfter = configuration.jsonRefreshSlowAfter
        settings.durable = configuration.durableStorage
        settings.passwordHashing = configuration.passwordHashing
        return settings
    }

    /// Every page's handler, built from the engine's parts.
    private static func pages(
        _ engine: Engine, _ configuration: DashboardConfiguration, marketURL: URL, renderer: PageRenderer,
        contexts: RequestContext.Maker, errors: ErrorPage, registry: ImageURLRegistry, imageCache: ImageCache, logger: ServerLogger
    ) throws -> Handlers {
        let (api, gateway, catalog, writer, ownVendor) = (engine.api, engine.gateway, engine.catalog, engine.writer, engine.ownVendor)
        let flash = FlashMessages(clock: engine.clock)
        let catalogListing = CatalogListing(
            catalog: catalog, renderer: renderer, flash: flash, clock: engine.clock, gateway: gateway)
        let forms = ProductForms(
            api: api, gateway: gateway, writer: writer, renderer: renderer, images: registry,
            stash: try ImageStash(directory: configuration.dataDirectory.appendingPathComponent("form-images", isDirectory: true)),
            ledger: SubmissionLedger(clock: engine.clock), flash: flash, ownVendor: ownVendor, recycleBin: engine.recycleBin, journal: engine.journal)
        let browsing = ProductBrowsing(
            gateway: gateway, images: registry, renderer: renderer, ownVendor: ownVendor, flash: flash,
            // A kept page would show one role's buttons to another: none is kept with accounts on.
            keepsRenderedPages: configuration.pageCache && !configuration.developmentMode && contexts.who.accounts == nil, scheduler: engine.scheduler,
            catalogListing: catalogListing, recycleBin: engine.recycleBin, prices: engine.prices)
        return Handlers(
            engine: engine,
            configuration: configuration,
            contexts: contexts,
            errors: errors,
            staticFiles: StaticFileHandler(root: configuration.publicDirectory.path),
            images: try ImageHandler(registry: registry, cache: imageCache, publicDirectory: configuration.publicDirectory, logger: logger),
            health: HealthHandler(
                api: api, imageCache: imageCache, marketDescription: DashboardConfiguration.shownAddress(marketURL), ownVendor: ownVendor),
            browsing: browsing,
            catalogListing: catalogListing,
            forms: forms,
            export: ProductExport(catalog: catalog, renderer: renderer),
            overview: OverviewPages(catalog: catalog, renderer: renderer, clock: engine.clock, prices: engine.prices),
            history: HistoryPages(
                journal: engine.journal, api: api, writer: writer, ownVendor: ownVendor, renderer: renderer, flash: flash,
                recycleBin: engine.recycleBin, batches: engine.batchStore),
            trash: TrashPages(
                bin: engine.recycleBin, writer: writer, forms: forms, ownVendor: ownVendor, renderer: renderer, flash: flash,
                restores: SubmissionLedger(clock: engine.clock)),
            batches: BatchRoutes(
                store: engine.batchStore, runner: engine.batchRunner, scheduler: engine.scheduler, catalog: catalog, prices: engine.prices,
                gateway: gateway,
                renderer: renderer, flash: flash, ownVendor: ownVendor, trashDays: configuration.trash.retentionDays, listing: browsing),
            sheet: SheetRoutes(
                store: engine.batchStore, catalog: catalog, gateway: gateway, renderer: renderer, flash: flash,
                ledger: SubmissionLedger(clock: engine.clock)),
            signIn: SignInPages(accounts: engine.accounts, renderer: renderer, flash: flash, clock: engine.clock),
            accounts: AccountPages(accounts: engine.accounts, renderer: renderer, flash: flash),
            prices: PriceHistoryPages(
                gateway: gateway, prices: engine.prices, clock: engine.clock, renderer: renderer, recycleBin: engine.recycleBin),
            pastPrices: PastPriceImportPages(catalog: catalog, gateway: gateway, prices: engine.prices, renderer: renderer, clock: engine.clock))
    }

    /// The server's settings: the address, the limits, the headers on every response.
    private static func serverConfiguration(_ configuration: DashboardConfiguration, _ logger: ServerLogger) -> ServerConfiguration {
        var serverConfiguration = ServerConfiguration(host: configuration.host, port: configuration.port)
        serverConfiguration.logger = logger
        serverConfiguration.allowedHosts += configuration.publicNames.filter { !serverConfiguration.allowedHosts.contains($0) }
        serverConfiguration.defaultHeaders = Self.securityHeaders
        serverConfiguration.maxBodyBytes = Self.defaultBodyLimit
        serverConfiguration.requestTimeout = configuration.requestTimeout
        serverConfiguration.spoolDirectory = Self.prepareSpoolDirectory(configuration)
        return serverConfiguration
    }

    /// The client's deadlines from the configuration: connect 2 s, reads and writes as set.
    static func clientConfiguration(
        _ configuration: DashboardConfiguration, baseURL: URL, credentials: MarketCredentials
    ) -> MarketClient.Configuration {
        MarketClient.Configuration(
            baseURL: baseURL, credentials: credentials,
            requestTimeout: configuration.readTimeout, writeTimeout: configuration.writeTimeout)
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

    /// Whether accounts are on, from the setting and the accounts that exist; refuses an address
    /// other machines reach (`--host` not loopback) while no enabled owner exists, with the
    /// one line that says how to make one.
    static func checkAccounts(_ configuration: DashboardConfiguration, _ store: AccountStore) throws -> Bool {
        let accounts = try store.accounts()
        if !configuration.listensOnLoopbackOnly, !accounts.contains(where: { $0.role == .owner && !$0.isDisabled }) {
            throw ConfigurationError.invalid(
                "--host \(configuration.host) lets other machines in, and no owner account exists to sign in with: add one with "
                    + "`dashboard accounts add NAME --role owner` (the same --data-dir), or start on 127.0.0.1 with --accounts required "
                    + "and open the setup address it prints")
        }
        return configuration.accounts == .required || !accounts.isEmpty
    }

    /// With accounts on and no owner yet: a new one-time setup token (valid an hour) and the
    /// sign-in address that carries it, for start-up to print; nil otherwise.
    public func setupAddress() throws -> String? {
        guard accountsOn, try !engine.accounts.accounts().contains(where: { $0.role == .owner && !$0.isDisabled }),
            let token = try engine.accounts.startSetup()
        else { return nil }
        return "\(url)/sign-in?setup=\(token)"
    }

    /// Binds the port and starts serving, then starts the engine's background work (batches
    /// that were applying go on, schedules and checks of lost answers resume).
    public func start() throws {
        try server.start()
        engine.start()
    }

    /// Starts the engine's work (resumes, schedules, counts) without binding a port: for a
    /// caller that hands requests to `server.respond(to:)` itself (the tests' in-process
    /// transport).
    func startWithoutListening() {
        engine.start()
    }

    /// Where large uploads (CSV imports) are spooled while they are read: `uploads/` in the
    /// cache directory, removed and made again empty here (a file left there is from a process
    /// that died); `/tmp` if that folder cannot be made.
    static func prepareSpoolDirectory(_ configuration: DashboardConfiguration) -> String {
        let folder = configuration.cacheDirectory.appendingPathComponent("uploads", isDirectory: true)
        let files = FileManager.default
        try? files.removeItem(at: folder)
        do {
            try files.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            return folder.path
        } catch {
            return "/tmp"
        }
    }

    /// `http://HOST:PORT` as a person would type it.
    public var url: String { "http://\(configuration.listenURLHost):\(server.port)" }

    /// Stops the engine's background work, then the server and the embedded market, then folds
    /// the database's log into its file.
    public func shutdown() {
        engine.shutdown()
        server.shutdown()
        market?.shutdown()
        engine.checkpoint()
    }

    /// Bodies of ordinary routes; form routes declare their own, larger cap.
    static let defaultBodyLimit = 64 * 1024

    /// On every response unless a handler sets its own (see docs/operations.md).
    static let securityHeaders: HTTPHeaders = [
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "same-origin",
        "Content-Security-Policy":
            "default-src 'self'; img-src 'self' data: blob:; style-src 'self'; script-src 'self'; "
            + "form-action 'self'; frame-ancestors 'none'; base-uri 'none'; object-src 'none'",
        "X-Frame-Options": "DENY",
    ]
}
