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
    /// Every product, counted in the background (the overview, the CSV export, "My products").
    let catalog: CatalogSnapshotStore
    /// The vendor whose products this dashboard may edit and delete.
    let ownVendor: OwnVendor
    /// The JSON caches in front of the market (tests await its refreshes).
    let gateway: MarketGateway
    /// The dashboard's own SQLite database in the data directory.
    let database: DashboardDatabase
    /// Every write, and what changed on the market elsewhere (`/history`).
    let journal: HistoryJournal
    /// Deleted products, kept to be registered again (`/trash`).
    let recycleBin: RecycleBin
    /// Prunes the journal and the recycle bin once a day.
    private let housekeeping: Task<Void, Never>
    private let logger: ServerLogger
    /// Applies batches in the background (tests reach its crash points and awaits).
    let batchRunner: BatchRunner
    /// Starts and ends scheduled batches on time (tests drive its clock).
    let scheduler: BatchScheduler

    /// `startEmbedded` runs only when no upstream is configured.
    public convenience init(configuration: DashboardConfiguration, startEmbedded: EmbeddedMarket.Starter) throws {
        try self.init(configuration: configuration, startEmbedded: startEmbedded, clock: SystemWallClock())
    }

    /// As above, with the clock schedules and the checks of lost answers wait on (tests drive it).
    convenience init(configuration: DashboardConfiguration, startEmbedded: EmbeddedMarket.Starter, clock: any WallClock) throws {
        try Self.checkFolders(configuration)
        let logger = ServerLogger(level: configuration.logLevel)
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
            let marketLogger = ServerLogger(level: max(configuration.logLevel, .warning)) { line in
                ServerLogger.standardError("market: " + line)
            }
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
    /// `clock` is what schedules and the checks of lost answers wait on: tests drive it.
    convenience init(
        configuration: DashboardConfiguration, api: any MarketAPI, ownVendorID: Int?, images: RecycleBin.ImageFetcher? = nil,
        clock: any WallClock = SystemWallClock()
    ) throws {
        let marketURL = configuration.marketURL ?? URL(fileURLWithPath: "/")
        let ownVendor = OwnVendor.resolve(
            configured: ownVendorID, embedded: nil, dataDirectory: configuration.dataDirectory,
            market: marketURL, identifier: configuration.identifier ?? "")
        try self.init(
            configuration: configuration, logger: ServerLogger(level: configuration.logLevel), api: api,
            marketURL: marketURL, market: nil, ownVendor: ownVendor, trashImages: images, clock: clock)
    }

    private init(
        configuration: DashboardConfiguration, logger: ServerLogger, api: any MarketAPI, marketURL: URL,
        market: EmbeddedMarket?, ownVendor: OwnVendor, trashImages: RecycleBin.ImageFetcher? = nil, clock: any WallClock
    ) throws {
        self.configuration = configuration
        self.logger = logger
        self.market = market
        self.marketURL = marketURL
        self.ownVendor = ownVendor
        database = try DashboardDatabase(
            directory: configuration.dataDirectory, migrations: DashboardDatabase.migrations, durable: configuration.durableStorage)
        let templates = try TemplateRenderer(directory: configuration.templatesDirectory.path, developmentMode: configuration.developmentMode)
        let renderer = PageRenderer(templates: templates, logger: logger)
        let registry = ImageURLRegistry()
        let redirects = ImageRedirectRule(registry: registry, marketURL: marketURL)
        let imageCache = try ImageCache(
            directory: configuration.cacheDirectory.appendingPathComponent("images", isDirectory: true),
            memoryCapacity: configuration.imageMemoryCacheBytes,
            diskCapacity: configuration.imageDiskCacheBytes,
            // An image is a read: it has the read deadline (--read-timeout).
            fetcher: ImageDownloader.fetcher(requestTimeout: configuration.readTimeout, allowsRedirect: { redirects.allows($0) }))

        let gateway = MarketGateway(api: api, freshFor: configuration.jsonFreshFor, slowAfter: configuration.jsonRefreshSlowAfter)
        self.gateway = gateway
        // The bin's times come from the journal's clock: an item and its delete's entry agree.
        recycleBin = try RecycleBin(
            database: database, dataDirectory: configuration.dataDirectory, settings: configuration.trash,
            durable: configuration.durableStorage, now: { clock.now() }, logger: logger,
            fetchImage: trashImages ?? { [imageCache] url in try await imageCache.image(for: url).bytes })
        // A write whose answer was lost is checked with the market after its deadline, never
        // sent again blind (the journal's entries and the batches' rows alike).
        let outcomeCheck = OutcomeCheck(
            api: api, ownVendorID: { [ownVendor] in ownVendor.id }, writeTimeout: configuration.writeTimeout.timeInterval)
        // The journal's and the batches' times come from the same clock their waits use, so a
        // write's send time and its deadline are on one clock.
        journal = try HistoryJournal(
            database: database, recycleBin: recycleBin, retentionDays: configuration.historyDays, now: { clock.now() },
            logger: logger, outcomeCheck: outcomeCheck, clock: clock)
        let batchStore = BatchStore(database: database, now: { clock.now() })
        Self.pruneBatches(batchStore, logger)
        housekeeping = Self.pruneDaily(journal, recycleBin, batchStore, logger)
        let flash = FlashMessages()
        // The catalog features read the own vendor as it is known now (it may be learned later).
        let ownVendorID: @Sendable () -> Int? = { [ownVendor] in ownVendor.id }
        // Each count tells the journal what changed on the market since the last one. Its time
        // is on the journal's clock: the journal compares it with the times of its own checks.
        catalog = CatalogSnapshotStore.crawling(
            gateway, settings: configuration.catalog, ownVendorID: ownVendorID, recounts: journal, now: { clock.now() })
        // Each write drops the cached JSON it changed, then patches the catalog snapshot.
        let writer = MarketWriter(api: api, log: journal, observers: [gateway, catalog])
        let catalogListing = CatalogListing(
            catalog: catalog, renderer: renderer, flash: flash, marketReadFailure: { [gateway] in gateway.readFailure })
        let forms = ProductForms(
            api: api, gateway: gateway, writer: writer, renderer: renderer, images: registry,
            stash: try ImageStash(directory: configuration.dataDirectory.appendingPathComponent("form-images", isDirectory: true)),
            ledger: SubmissionLedger(), flash: flash, ownVendor: ownVendor, recycleBin: recycleBin, journal: journal)
        batchRunner = BatchRunner(
            store: batchStore, writer: writer, ownVendor: ownVendor, logger: logger, outcomeCheck: outcomeCheck, clock: clock)
        scheduler = BatchScheduler(store: batchStore, runner: batchRunner, clock: clock, logger: logger)
        let settings = PageSettings(lowStockThreshold: configuration.lowStockThreshold, timeZone: configuration.timeZone)
        let contexts = RequestContext.Maker(settings: settings, ownVendor: ownVendor)
        // The server's own error pages (no route, a body too large, …) in the site's frame.
        let errorPage = ErrorPage(renderer: renderer, contexts: contexts)
        let browsing = ProductBrowsing(
            gateway: gateway, images: registry, renderer: renderer, ownVendor: ownVendor, flash: flash,
            keepsRenderedPages: configuration.pageCache && !configuration.developmentMode, scheduler: scheduler,
            catalogListing: catalogListing, recycleBin: recycleBin)
        let router = Self.routes(Handlers(
            contexts: contexts,
            errors: errorPage,
            staticFiles: StaticFileHandler(root: configuration.publicDirectory.path),
            images: try ImageHandler(registry: registry, cache: imageCache, publicDirectory: configuration.publicDirectory, logger: logger),
            health: HealthHandler(
                api: api, imageCache: imageCache, marketDescription: HealthHandler.describe(marketURL), ownVendor: ownVendor),
            browsing: browsing,
            catalogListing: catalogListing,
            forms: forms,
            export: ProductExport(catalog: catalog, renderer: renderer),
            overview: OverviewPages(catalog: catalog, renderer: renderer),
            history: HistoryPages(
                journal: journal, catalog: catalog, api: api, writer: writer, ownVendor: ownVendor, renderer: renderer, flash: flash,
                recycleBin: recycleBin, batches: batchStore),
            trash: TrashPages(bin: recycleBin, writer: writer, forms: forms, ownVendor: ownVendor, renderer: renderer, flash: flash),
            batches: BatchRoutes(
                store: batchStore, runner: batchRunner, scheduler: scheduler, catalog: catalog, gateway: gateway, renderer: renderer,
                flash: flash, ownVendor: ownVendor, trashDays: configuration.trash.retentionDays, listing: browsing),
            sheet: SheetRoutes(store: batchStore, catalog: catalog, gateway: gateway, renderer: renderer, flash: flash)))

        var serverConfiguration = ServerConfiguration(host: configuration.host, port: configuration.port)
        serverConfiguration.logger = logger
        serverConfiguration.defaultHeaders = Self.securityHeaders
        serverConfiguration.maxBodyBytes = Self.defaultBodyLimit
        serverConfiguration.requestTimeout = configuration.requestTimeout
        serverConfiguration.spoolDirectory = Self.spoolDirectory(configuration)
        var errorPages = errorPage
        errorPages.opensPage = { [router] path in
            if case .found = router.match(method: .get, path: path) { true } else { false }
        }
        server = HTTPServer(configuration: serverConfiguration, router: router, errorResponder: errorPages.response)
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

    /// Binds the port and starts serving; batches that were applying when the dashboard
    /// stopped go on in the background.
    public func start() throws {
        try server.start()
        batchRunner.resumeInterrupted()
        // Schedules whose time passed while the dashboard was off are settled, then the timer
        // waits for the next start or end. Writes whose answers were lost are checked once
        // their deadlines pass.
        let scheduler = self.scheduler
        Task { await scheduler.resume() }
        let journal = self.journal
        Task { await journal.resumeChecks() }
    }

    /// Where large uploads (CSV imports) are spooled while they are read: `uploads/` in the
    /// cache directory, emptied at start-up (a file left there is from a process that died);
    /// `/tmp` if that folder cannot be made.
    static func spoolDirectory(_ configuration: DashboardConfiguration) -> String {
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

    public func shutdown() {
        housekeeping.cancel()
        scheduler.shutdown()
        batchRunner.shutdown()
        journal.stopChecks()
        catalog.shutdown()
        server.shutdown()
        market?.shutdown()
        do {
            try database.checkpoint()
        } catch {
            logger.log(.warning, "the dashboard's database was not checkpointed at the stop (its -wal file holds the rest): \(error)")
        }
    }

    /// Prunes the journal, the recycle bin and the batches every 24 hours (all prune at start-up too),
    /// until cancelled.
    static func pruneDaily(_ journal: HistoryJournal, _ bin: RecycleBin, _ batches: BatchStore, _ logger: ServerLogger) -> Task<Void, Never> {
        Task.detached(priority: .background) {
            while (try? await Task.sleep(for: .seconds(24 * 3600))) != nil {
                await journal.prune()
                await bin.prune()
                pruneBatches(batches, logger)
            }
        }
    }

    /// Removes the batches past `BatchStore.keptFor`, at start-up and then daily: a dashboard
    /// left running keeps them no longer than its pages say.
    static func pruneBatches(_ store: BatchStore, _ logger: ServerLogger) {
        do {
            let pruned = try store.prune()
            if pruned > 0 { logger.log(.info, "removed \(pruned) batch(es) older than \(BatchStore.keptDays) days") }
        } catch {
            logger.log(.warning, "could not remove old batches: \(error)")
        }
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
