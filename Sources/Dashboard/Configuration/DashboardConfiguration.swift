import DashboardEngine
import Foundation
import HTTPServer

/// Everything the dashboard can be told at start-up: flags first, then environment, then
/// defaults (every option is listed in `docs/operations.md`). Parsing never crashes: bad
/// input is a `ConfigurationError` with one line a person can act on.
public struct DashboardConfiguration: Sendable, Equatable {
    var host = "127.0.0.1"
    var port = 8080
    /// The market's base URL (`--upstream`); nil starts the embedded market.
    var marketURL: URL?
    var identifier: String?
    var secret: String?
    /// The `vendor_id` of `identifier` (`--vendor-id`); nil: known for the embedded market,
    /// else learned from the first own create (see `OwnVendor`).
    var vendorID: Int?
    /// The whole of one upstream read (GET) attempt; connecting gets 2 s of it.
    var readTimeout: Duration = .seconds(8)
    /// The whole of one upstream write (create, edit, archived lookup, delete).
    var writeTimeout: Duration = .seconds(30)
    var dataDirectory: URL
    var cacheDirectory: URL
    var publicDirectory: URL
    var templatesDirectory: URL
    var logLevel: ServerLogger.Level = .info
    /// Where the log's lines go: standard error, unless a test reads them.
    var logSink = LogSink.standardError
    /// How long a request's head and body together may take to arrive (`ServerConfiguration.requestTimeout`).
    var requestTimeout: Duration = .seconds(60)
    /// Bytes of product images kept in memory and on disk.
    var imageMemoryCacheBytes = 32 * 1024 * 1024
    var imageDiskCacheBytes = 256 * 1024 * 1024
    /// How long upstream JSON (product lists and details) is served without asking the market
    /// again; after that it is served stale while one refresh runs.
    /// Tests set it to zero so every page load asks the market.
    var jsonFreshFor: Duration = .seconds(10)
    /// A refresh of stale JSON that has not answered after this long makes pages say the market
    /// is slow (the client's connect deadline: a healthy market has answered by then). Without
    /// it the notice would wait for the refresh to give up, deadline and retries included.
    var jsonRefreshSlowAfter: Duration = .seconds(2)
    /// Re-read templates when their files change (for people editing `Templates/`).
    var developmentMode = false
    /// Keep each list page's rendered HTML for as long as the market JSON it shows (see
    /// `ListPageMemo`); off in development mode, where templates change under it.
    var pageCache = true
    /// The catalog snapshot behind `/overview`, `/products.csv`, "My products" and every
    /// sorted or filtered list.
    var catalog = CatalogSettings()
    /// A product with 1 to this many left is low on stock: marked "Only N left", counted on
    /// the overview, and what `stock=low` lists (`--low-stock`).
    var lowStockThreshold = Self.defaultLowStock
    /// fsync each commit of the dashboard's database (batches, history, recycle bin); tests
    /// turn it off, which keeps a killed process safe but not a machine that loses power.
    var durableStorage = true
    /// The zone pages show times in, named beside every time (`--time-zone`): by default the
    /// machine's, from `TZ` or `/etc/localtime`, which Foundation takes as UTC when neither
    /// names a zone. Tests set one so they do not depend on the machine.
    var timeZone = TimeZone.current
    /// Days the history journal keeps an entry (`--history-days`).
    var historyDays = HistoryJournal.defaultRetentionDays
    /// Days each product's price states are kept (`--price-history-days`).
    var priceHistoryDays = PriceTimeline.defaultRetentionDays
    /// Days before a sale whose lowest price is its reference (`--reference-days`).
    var referenceDays = ReferencePrice.defaultDays
    /// How long the recycle bin keeps a deleted product, and the bytes of images it keeps
    /// (`--trash-days`, `--trash-bytes`).
    var trash = RecycleBin.Settings()
    /// When accounts are on (`--accounts`): `auto` once any account exists, `required` always.
    var accounts = AccountsSetting.auto
    /// Peers whose `X-Forwarded-For` and `X-Forwarded-Proto` are believed (`--trusted-proxy`),
    /// as canonical address literals; from any other peer those headers are ignored.
    var trustedProxies: [String] = []
    /// Host names the `Host` check accepts besides the loopback names and `--host`
    /// (`--public-name`): the names a reverse proxy or the shop's network gives the dashboard.
    var publicNames: [String] = []
    /// The iterations of new password hashes; tests lower it (`PasswordHashing.testsOnly`).
    var passwordHashing = PasswordHashing.standard
    static let defaultLowStock = CatalogFilter.defaultLowStockThreshold

    init(
        dataDirectory: URL, cacheDirectory: URL,
        publicDirectory: URL = DashboardConfiguration.defaultResourceDirectory("Public"),
        templatesDirectory: URL = DashboardConfiguration.defaultResourceDirectory("Templates")
    ) {
        self.dataDirectory = dataDirectory
        self.cacheDirectory = cacheDirectory
        self.publicDirectory = publicDirectory
        self.templatesDirectory = templatesDirectory
    }

    var listenURLHost: String {
        host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
    }

    /// Whether `--host` reaches this machine only: `localhost`, an address in 127.0.0.0/8, or
    /// `::1`. Any other address lets the shop's network in.
    var listensOnLoopbackOnly: Bool {
        let name = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        if name.lowercased() == "localhost" { return true }
        guard let address = NetworkAddress(name) else { return false }
        return address.isLoopback
    }
}
extension DashboardConfiguration {
    /// The `--upstream` address as a page or `/healthz` may show it: without what may be secret
    /// in it (`shownAddress(_:)`); nil for the embedded market.
    var shownUpstream: String? { marketURL.map(Self.shownAddress) }

    /// A market's address without what may be secret in it: `user:password@`, the query and
    /// the fragment (`https://user:pw@market.example/api?token=x` → `https://market.example/api`).
    static func shownAddress(_ url: URL) -> String {
        guard var parts = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return "(unreadable URL)" }
        parts.user = nil
        parts.password = nil
        parts.query = nil
        parts.fragment = nil
        return parts.string ?? "(unreadable URL)"
    }
}

/// When the dashboard asks who is there (`--accounts`).
enum AccountsSetting: String, Sendable, Equatable, CaseIterable {
    /// On once any account exists; off on a fresh dashboard, for the single seller.
    case auto
    /// Always on, for a machine several people use at 127.0.0.1.
    case required
}

public enum ConfigurationError: Error, Equatable, CustomStringConvertible {
    case helpRequested
    case invalid(String)

    public var description: String {
        switch self {
        case .helpRequested: "help requested"
        case .invalid(let message): message
        }
    }
}

extension DashboardConfiguration {
    /// Where the dashboard's log lines go (the embedded market's too, marked as its own):
    /// standard error, with access lines batched, or a function a test gives.
    struct LogSink: Sendable, Equatable {
        /// Tells one sink from another: functions cannot be compared.
        let name: String
        let write: (@Sendable (String) -> Void)?

        static let standardError = LogSink(name: "standard error", write: nil)

        static func == (a: LogSink, b: LogSink) -> Bool { a.name == b.name }

        /// A logger at `level` that writes here.
        func logger(_ level: ServerLogger.Level, prefix: String = "") -> ServerLogger {
            guard let write else {
                if prefix.isEmpty { return ServerLogger(level: level) }
                return ServerLogger(level: level) { line in ServerLogger.standardError(prefix + line) }
            }
            return ServerLogger(level: level) { line in write(prefix + line) }
        }
    }
}
