import Foundation

@testable import Dashboard

/// A dashboard started as a person would against a real market (`--upstream URL --identifier
/// ID --secret S`, with `--vendor-id` when `vendorID` is set), over `market`. `dataDirectory`
/// lets two dashboards in a row share one (a restart).
func withLiveShapedDashboard<T: Sendable>(
    _ market: LiveShapedMarket, vendorID: Int? = nil, dataDirectory: URL? = nil,
    _ adjust: (inout DashboardConfiguration) -> Void = { _ in }, _ body: (DashboardHarness) async throws -> T
) async throws -> T {
    let harness = try DashboardHarness { configuration in
        configuration.marketURL = market.baseURL
        configuration.identifier = LiveShapedMarket.identifier
        configuration.secret = LiveShapedMarket.secret
        configuration.vendorID = vendorID
        if let dataDirectory { configuration.dataDirectory = dataDirectory }
        adjust(&configuration)
    }
    let outcome = await Result { try await body(harness) }
    await offTheTaskPool { harness.stop() }
    return try outcome.get()
}

/// Runs `body` with a fresh live-shaped market and always stops it.
func withLiveShapedMarket<T: Sendable>(_ body: (LiveShapedMarket) async throws -> T) async throws -> T {
    let market = try LiveShapedMarket()
    let outcome = await Result { try await body(market) }
    await offTheTaskPool { market.stop() }
    return try outcome.get()
}

/// Runs blocking work (a server's shutdown waits up to its grace period for connections to
/// finish) on a thread of its own: on one of Swift's few shared task threads it would hold up
/// the handlers that those connections are waiting for, in every test running beside it.
func offTheTaskPool(_ work: @escaping @Sendable () -> Void) async {
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        Thread.detachNewThread {
            work()
            done.resume()
        }
    }
}

extension Result where Failure == any Error {
    /// The outcome of async `work`, kept so cleanup can run before it is rethrown.
    init(_ work: () async throws -> Success) async {
        do {
            self = .success(try await work())
        } catch {
            self = .failure(error)
        }
    }
}
