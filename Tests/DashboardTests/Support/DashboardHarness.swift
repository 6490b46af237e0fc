import Foundation
import Glibc
import HTTPServer
import LocalMarket
import LocalMarketEmbedding
import MarketClient
import Synchronization
import Testing

@testable import Dashboard
import DashboardEngine

/// The market a dashboard under test talks to, and how the dashboard reaches it: the one
/// argument of `withDashboard` that tells one kind of dashboard test from another.
enum TestMarket: Sendable {
    /// The embedded market, started by the dashboard as `dashboard` starts it without
    /// `--upstream`: seeded, in the dashboard's data folder, on its own loopback port.
    case embedded
    /// The one dashboard over the embedded market that the tests which only read share: started
    /// on first use, left running until the test process ends. Never adjusted, never written to.
    case shared
    /// The one dashboard the sort and filter tests which only read share: `--upstream` to a
    /// live-shaped market holding `ListMatrixCatalog`, the own vendor known, `--low-stock 7`.
    case sharedCatalog
    /// `market` through the dashboard's test seam (no HTTP), for failures a real market will
    /// not produce on cue; the own vendor is `ownVendorID` (nil: unknown, learned as with
    /// `--upstream`).
    case scripted(ScriptedMarket, ownVendorID: Int? = ScriptedMarket.vendorID)
    /// `market` served over HTTP as the live market serves it (live-shaped JSON), the dashboard
    /// started as a person starts it: `--upstream URL --identifier ID --secret S`, and
    /// `--vendor-id` when `vendorID` is given. No read deadline is under test here (10 minutes)
    /// unless the test sets one.
    case liveShaped(ScriptedMarket, vendorID: Int? = nil)
    /// The embedded market behind a server that records every request: `--upstream` with its
    /// vendor's credentials and id. The market's JSON is never fresh, so every page asks the
    /// market and a change made behind the dashboard's back shows at once.
    case recording(RecordingMarket)
    /// A market misbehaving at the HTTP level, with `--upstream`; with `client`, the dashboard
    /// talks to it through a `MarketClient` configured so (caps, deadlines, retries), its own
    /// vendor unknown.
    case hostile(HostileMarket, client: (@Sendable (inout MarketClient.Configuration) -> Void)? = nil)
}

/// How a test's requests reach the dashboard (`HTTPTestClient.Transport`).
enum TestTransport: Sendable {
    /// A real loopback socket to the server on port 0: what a browser does. The default, and
    /// what the integration tests use.
    case live
    /// No socket: each request's bytes go to `HTTPServer.respond(to:)`, through the same
    /// parser, routes, limits, error pages and headers as a connection's.
    case inProcess
}

/// A real dashboard over the market a test chose, on loopback port 0, in temp folders removed
/// afterwards. Made by `withDashboard`; tests talk HTTP to it (`get`, `head`, `post`, `client`
/// and `session()` for `HTTPTestClient` and `FormSession`, over the harness's transport) and
/// reach into `app` for the seams (the caches' awaits, the batch runner's crash points).
final class DashboardHarness: Sendable {
    let market: TestMarket
    let transport: TestTransport
    let root: URL
    private let makeApp: @Sendable (DashboardConfiguration) throws -> DashboardApp
    private let running: Mutex<DashboardApp>
    /// The server showing a `.liveShaped` market, for as long as the harness runs.
    private let served: HTTPServer?
    /// The stopped market's port, held (see `stopMarket`).
    private let marketPortHold = Mutex<Int32?>(nil)

    static let checkout = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Starts a dashboard over `market` (not a shared one); `adjust` changes its configuration
    /// last.
    /// `clock`: what its schedules and checks of lost answers wait on (nil: the system's).
    ///
    /// The start-up blocks (the embedded market seeds its database, the dashboard opens its own
    /// and parses every template, the servers bind and start their threads): it runs on a
    /// thread of its own, never on one of Swift's few shared task threads, which every other
    /// test and every test server's handlers wait for. `adjust` runs here, on the caller.
    fileprivate static func started(
        _ market: TestMarket, transport: TestTransport = .live, clock: (any WallClock)? = nil, adjust: (inout DashboardConfiguration) -> Void
    ) async throws -> DashboardHarness {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("dashboard-test-\(UUID().uuidString)")
        var configuration = DashboardConfiguration(
            dataDirectory: root.appendingPathComponent("data"),
            cacheDirectory: root.appendingPathComponent("cache"),
            publicDirectory: Self.checkout.appendingPathComponent("Public"),
            templatesDirectory: Self.checkout.appendingPathComponent("Templates"))
        configuration.port = 0
        configuration.logLevel = .off
        // A test's process is killed at most, never its machine's power: no fsync per commit.
        configuration.durableStorage = false
        // A password hash at the real 600,000 iterations takes seconds in a debug build.
        configuration.passwordHashing = .testsOnly(iterations: 2)
        // The catalog's pages wait for the count however long it takes on a busy machine: its
        // end is what they wait for, not a clock. A test of the wait itself sets its own.
        configuration.catalog.waitLimit = .seconds(600)
        // The market's answers may wait for a thread on a busy machine: its reads get an hour,
        // as a hang guard, and its writes two minutes (the tests that pass a write's deadline
        // on their clock move it minutes on). A test of a deadline sets its own.
        configuration.readTimeout = .seconds(3600)
        configuration.writeTimeout = .seconds(120)
        var served: HTTPServer?
        if case .liveShaped(let market, _) = market {
            let server = try await offTheTaskPool { try market.serve() }
            configuration.marketURL = ScriptedMarket.url(of: server)
            served = server
        }
        let makeApp = Self.reach(market, &configuration, clock: clock ?? SystemWallClock())
        adjust(&configuration)
        let ready = configuration
        let server = served
        return try await offTheTaskPool {
            try DashboardHarness(market, transport: transport, root: root, served: server, makeApp: makeApp, configuration: ready)
        }
    }

    /// Makes and starts the dashboard (blocking: see `started`); shuts `served` down if it cannot.
    private init(
        _ market: TestMarket, transport: TestTransport, root: URL, served: HTTPServer?,
        makeApp: @escaping @Sendable (DashboardConfiguration) throws -> DashboardApp, configuration: DashboardConfiguration
    ) throws {
        self.market = market
        self.transport = transport
        self.root = root
        self.served = served
        self.makeApp = makeApp
        do {
            let app = try makeApp(configuration)
            running = Mutex(app)
            try Self.start(app, transport)
        } catch {
            served?.shutdown()
            throw error
        }
    }

    /// Sets up `configuration` for `market`; the dashboard it returns is made from it.
    private static func reach(
        _ market: TestMarket, _ configuration: inout DashboardConfiguration, clock: any WallClock
    ) -> @Sendable (DashboardConfiguration) throws -> DashboardApp {
        let started: @Sendable (DashboardConfiguration) throws -> DashboardApp = {
            try DashboardApp(configuration: $0, startEmbedded: LocalMarket.embeddedMarket, clock: clock)
        }
        switch market {
        case .embedded, .shared, .sharedCatalog:
            return started
        case .scripted(let market, let ownVendorID):
            return { try DashboardApp(configuration: $0, api: market, ownVendorID: ownVendorID, images: market, clock: clock) }
        case .liveShaped(_, let vendorID):
            configuration.identifier = ScriptedMarket.identifier
            configuration.secret = ScriptedMarket.secret
            configuration.vendorID = vendorID
        case .recording(let market):
            configuration.marketURL = market.baseURL
            configuration.identifier = RecordingMarket.vendor.identifier
            configuration.secret = RecordingMarket.vendor.secret
            configuration.vendorID = RecordingMarket.vendor.id
            configuration.jsonFreshFor = .zero
        case .hostile(let market, nil):
            configuration.marketURL = URL(string: market.baseURL)
            configuration.identifier = HostileMarket.identifier
            configuration.secret = HostileMarket.secret
        case .hostile(let market, let configure?):
            return { configuration in
                var client = MarketClient.Configuration(
                    baseURL: URL(string: market.baseURL)!,
                    credentials: MarketCredentials(identifier: HostileMarket.identifier, secret: HostileMarket.secret))
                configure(&client)
                return try DashboardApp(configuration: configuration, api: MarketClient(configuration: client), ownVendorID: nil, clock: clock)
            }
        }
        return started
    }

    /// The dashboard running now (another one after `restart`).
    var app: DashboardApp { running.withLock { $0 } }
    var port: Int { app.server.port }

    /// A client over the harness's transport to the dashboard running now.
    var client: HTTPTestClient {
        switch transport {
        case .live: HTTPTestClient(port: port)
        case .inProcess: inProcessClient
        }
    }

    /// A client that hands requests to the running dashboard's server in this process, whatever
    /// the harness's transport (a live harness can be asked both ways).
    var inProcessClient: HTTPTestClient { HTTPTestClient(.inProcess(app.server)) }

    /// A browser's form session over the harness's transport.
    func session() -> FormSession { FormSession(client: client) }

    func get(_ path: String, headers: [String: String] = [:]) async throws -> TestResponse {
        try await client.get(path, headers: headers)
    }

    func head(_ path: String, headers: [String: String] = [:]) async throws -> TestResponse {
        try await client.head(path, headers: headers)
    }

    func post(_ path: String, headers: [String: String] = [:], body: [UInt8]) async throws -> TestResponse {
        try await client.post(path, headers: headers, body: body)
    }

    /// Stops the embedded market and holds its port, so the market stays unreachable. The
    /// market's shutdown waits for its connections, on a thread of its own.
    func stopMarket(sourceLocation: SourceLocation = #_sourceLocation) async {
        if let market = app.market {
            await offTheTaskPool { market.shutdown() }
        }
        guard let port = app.marketURL.port, let fd = HeldPort.hold(port) else {
            Issue.record("the stopped market's port was taken before the test could hold it", sourceLocation: sourceLocation)
            return
        }
        marketPortHold.withLock { $0 = fd }
    }

    /// Shuts the dashboard down, its folders left as they are, then starts another over the same
    /// market on the same data directory, `adjust` applied to the same configuration. `app` is the new one from then on; the old one is returned, shut down,
    /// for a test that looks at what it does afterwards. The shutdown and the start-up block, so
    /// they run on a thread of their own (see `started`); `adjust` runs on the caller, between them.
    @discardableResult
    func restart(_ adjust: (inout DashboardConfiguration) -> Void = { _ in }) async throws -> DashboardApp {
        let old = app
        await offTheTaskPool { old.shutdown() }
        var configuration = old.configuration
        adjust(&configuration)
        let (makeApp, transport, ready) = (self.makeApp, self.transport, configuration)
        let new = try await offTheTaskPool {
            let new = try makeApp(ready)
            try Self.start(new, transport)
            return new
        }
        running.withLock { $0 = new }
        return old
    }

    /// Starts `app` for `transport`: listening on its port for `.live`, no socket for
    /// `.inProcess` (its requests go to `server.respond(to:)`).
    private static func start(_ app: DashboardApp, _ transport: TestTransport) throws {
        switch transport {
        case .live: try app.start()
        case .inProcess: app.startWithoutListening()
        }
    }

    fileprivate func stop() {
        app.shutdown()
        if case .liveShaped(let market, _) = market {
            market.releaseAll()
            served?.shutdown()
        }
        if let fd = marketPortHold.withLock({ $0.take() }) { close(fd) }
        try? FileManager.default.removeItem(at: root)
    }

    /// The dashboards the read-only tests share, each started on first use and left running
    /// until the test process ends, when their folders are removed. Each is a task: a test that
    /// asks while it starts waits for it suspended, never blocked on a shared task thread (as
    /// behind a `static let` whose initialiser starts it).
    private static let sharedEmbedded = startShared(.embedded) { _ in }
    private static let sharedCatalog = startShared(.liveShaped(ListMatrixCatalog.market(), vendorID: ListMatrixCatalog.ownVendorID)) {
        $0.lowStockThreshold = ListMatrixCatalog.lowStock
    }
    /// The shared dashboards' folders, removed when the process exits.
    private static let sharedRoots = Mutex<[URL]>([])
    private static let removesSharedFolders: Void = {
        atexit {
            for root in DashboardHarness.sharedRoots.withLock({ $0 }) {
                try? FileManager.default.removeItem(at: root)
            }
        }
    }()

    private static func startShared(
        _ market: TestMarket, adjust: @escaping @Sendable (inout DashboardConfiguration) -> Void
    ) -> Task<DashboardHarness, any Error> {
        Task {
            let harness = try await started(market, adjust: adjust)
            sharedRoots.withLock { $0.append(harness.root) }
            return harness
        }
    }

    fileprivate static func shared(_ market: TestMarket) async throws -> DashboardHarness {
        _ = removesSharedFolders
        if case .sharedCatalog = market { return try await sharedCatalog.value }
        return try await sharedEmbedded.value
    }
}

/// Runs `body` with a dashboard over `market`, its configuration changed by `adjust`, and
/// always stops it (off Swift's shared threads: a server's shutdown waits for its connections).
/// `.shared` and `.sharedCatalog` hand over the dashboard every read-only test shares, which
/// cannot be adjusted and is not stopped. `transport` is how the harness's requests travel
/// (`.live` unless a test asks for `.inProcess`).
func withDashboard<T: Sendable>(
    _ market: TestMarket = .embedded,
    transport: TestTransport = .live,
    clock: (any WallClock)? = nil,
    adjust: ((inout DashboardConfiguration) -> Void)? = nil,
    _ body: (DashboardHarness) async throws -> T
) async throws -> T {
    switch market {
    case .shared, .sharedCatalog:
        guard adjust == nil, clock == nil, case .live = transport else {
            throw HTTPTestClient.Failure(description: "a shared dashboard is live and cannot be adjusted: start one of the test's own")
        }
        return try await body(try await DashboardHarness.shared(market))
    default:
        let harness = try await DashboardHarness.started(market, transport: transport, clock: clock, adjust: adjust ?? { _ in })
        let outcome = await Result { try await body(harness) }
        await offTheTaskPool { harness.stop() }
        return try outcome.get()
    }
}
