import Foundation

@testable import Dashboard

/// A dashboard started as a person would against a real market (`--upstream URL --identifier
/// ID --secret S`, with `--vendor-id` when `vendorID` is set), over `market`. `dataDirectory`
/// lets two dashboards in a row share one (a restart).
func withFieldDashboard<T: Sendable>(
    _ market: FieldMarket, vendorID: Int? = nil, dataDirectory: URL? = nil,
    _ adjust: (inout DashboardConfiguration) -> Void = { _ in }, _ body: (DashboardHarness) async throws -> T
) async throws -> T {
    let harness = try DashboardHarness { configuration in
        configuration.upstream = market.baseURL
        configuration.identifier = FieldMarket.identifier
        configuration.secret = FieldMarket.secret
        configuration.vendorID = vendorID
        if let dataDirectory { configuration.dataDirectory = dataDirectory }
        adjust(&configuration)
    }
    defer { harness.stop() }
    return try await body(harness)
}

/// Runs `body` with a fresh field market and always stops it.
func withFieldMarket<T: Sendable>(_ body: (FieldMarket) async throws -> T) async throws -> T {
    let market = try FieldMarket()
    defer { market.stop() }
    return try await body(market)
}
