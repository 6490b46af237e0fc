// swift-tools-version: 6.0
// No package dependencies by design: only the toolchain's own Foundation, FoundationNetworking,
// Dispatch, Glibc, Synchronization, XCTest and Swift Testing.
import PackageDescription

let package = Package(
    name: "OpenMarketDashboard",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "dashboard", targets: ["dashboard"]),
        .executable(name: "local-market", targets: ["local-market"]),
    ],
    targets: [
        // epoll(7) and eventfd(2), which Glibc's Swift module does not export (a few lines of C).
        .target(name: "CEpoll"),
        // Our SQLite layer: a connection, cached prepared statements, bound values, rows,
        // transactions and `SQLiteError`; for the embedded market's storage and the dashboard's.
        // It binds the system's libsqlite3 at run time (dlopen), so the build needs no SQLite
        // header: nothing beyond the Swift toolchain.
        .target(name: "SQLite"),
        // A reader-writer lock for state read on every request and written rarely.
        .target(name: "Locks"),
        // How the executables end: SIGINT or SIGTERM runs a graceful shutdown once.
        .target(name: "Lifecycle"),
        // The byte-level parsers (HTTP/1.1 requests, multipart, urlencoded) and the message types
        // they produce; no C, so Scripts/fuzz builds them alone.
        .target(name: "HTTPParsing"),
        // The leveled logger and the access log batched off the serving threads (no HTTP in it).
        .target(name: "ServerLogging"),
        // Sockets, event loops, responses, routing, static files, limits (re-exports HTTPParsing
        // and ServerLogging).
        .target(name: "HTTPServer", dependencies: ["CEpoll", "Locks", "HTTPParsing", "ServerLogging"]),
        // A Mustache-compatible template engine.
        .target(name: "Templating"),
        // The Open Market API: models, requests, multipart encoding, errors, retries.
        .target(name: "MarketClient"),
        // The embedded Open Market server with durable storage and seed data.
        .target(
            name: "LocalMarket",
            dependencies: ["HTTPServer", "SQLite"],
            resources: [.copy("Seed")]
        ),
        // What keeps the dashboard's writes safe and must survive a crash, under the pages:
        // the market gateway and its caches, the catalog snapshot and its queries, every write,
        // the history journal, the recycle bin, batches, the product rules, the dashboard's
        // database and the own vendor. No HTTP, no HTML, no wording: its problems are codes.
        .target(
            name: "DashboardEngine",
            dependencies: ["MarketClient", "SQLite", "ServerLogging", "Locks"]
        ),
        // Routes, pages, forms, view models, wording, image cache, configuration.
        .target(
            name: "Dashboard",
            dependencies: ["DashboardEngine", "HTTPServer", "Templating", "MarketClient", "Locks"]
        ),
        // The embedded market as the dashboard's upstream: the one place that knows both, so the
        // Dashboard library does not link LocalMarket; the executable and the tests wire it in.
        .target(name: "LocalMarketEmbedding", dependencies: ["Dashboard", "LocalMarket", "HTTPServer"]),
        .executableTarget(name: "dashboard", dependencies: ["Dashboard", "HTTPServer", "LocalMarket", "LocalMarketEmbedding", "Lifecycle"]),
        .executableTarget(name: "local-market", dependencies: ["LocalMarket", "HTTPServer", "Lifecycle"]),
        // Benchmarks (run by Scripts/, never by tests).
        .executableTarget(name: "http-bench", dependencies: ["HTTPServer"]),
        .executableTarget(name: "template-bench", dependencies: ["Templating", "Dashboard", "DashboardEngine", "HTTPServer", "MarketClient"]),
        .executableTarget(name: "catalog-bench", dependencies: ["Dashboard", "DashboardEngine", "MarketClient", "SQLite"]),

        // Helpers more than one test target needs (a seeded generator, a gate, the hang guard,
        // child processes, loopback sockets, the hostile market), in one copy; no module of ours.
        .target(name: "TestSupport", path: "Tests/TestSupport", exclude: ["README.md"]),
        // The doubles the engine and page tests share (the scripted market, the hand-moved
        // clocks, the batch waits, the data directory an older version wrote): they need the
        // engine's and the market client's types, so the parser, SQLite and template tests do
        // not link them. Re-exports TestSupport.
        .target(
            name: "EngineTestSupport", dependencies: ["TestSupport", "MarketClient", "DashboardEngine", "SQLite"], path: "Tests/EngineTestSupport",
            resources: [.copy("Fixtures")]),
        // The byte parsers' tests, on bytes alone (no sockets, no C).
        .testTarget(name: "HTTPParsingTests", dependencies: ["HTTPParsing", "TestSupport"], resources: [.copy("Fixtures")]),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer", "TestSupport"]),
        .testTarget(name: "LocksTests", dependencies: ["Locks"]),
        .testTarget(name: "SQLiteTests", dependencies: ["SQLite", "TestSupport"]),
        .testTarget(name: "TemplatingTests", dependencies: ["Templating", "TestSupport"]),
        .testTarget(name: "MarketClientTests", dependencies: ["MarketClient", "LocalMarket", "HTTPServer", "TestSupport"]),
        .testTarget(name: "LocalMarketTests", dependencies: ["LocalMarket", "HTTPServer", "SQLite", "TestSupport"]),
        // The engine's unit tests (batches, planners, journal, recycle bin, catalog snapshot,
        // caches, database, product rules, CSV), built without the HTTP server or templates.
        .testTarget(name: "DashboardEngineTests", dependencies: ["DashboardEngine", "MarketClient", "SQLite", "EngineTestSupport"]),
        .testTarget(
            name: "DashboardTests",
            dependencies: [
                "Dashboard", "DashboardEngine", "HTTPServer", "LocalMarket", "LocalMarketEmbedding", "MarketClient", "SQLite",
                "EngineTestSupport",
            ]),
    ],
    swiftLanguageModes: [.v6]
)
