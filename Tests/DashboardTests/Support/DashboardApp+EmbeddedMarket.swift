import Foundation
import HTTPServer
import LocalMarket

@testable import Dashboard

extension DashboardApp {
    /// As `dashboard` starts it: with the embedded market when no upstream is configured.
    convenience init(configuration: DashboardConfiguration) throws {
        try self.init(configuration: configuration, startEmbedded: LocalMarket.embeddedUpstream)
    }
}

extension LocalMarket {
    /// The embedded market as the executable runs it (Sources/dashboard/LocalMarket+EmbeddedUpstream.swift).
    static func embeddedUpstream(dataDirectory: URL, logger: ServerLogger) throws -> EmbeddedUpstream {
        let market = try LocalMarket(dataDirectory: dataDirectory, logger: logger)
        let url = try market.start()
        return EmbeddedUpstream(
            url: url, identifier: defaultVendor.identifier, secret: defaultVendor.secret,
            vendorIDs: Dictionary(vendors.map { ($0.identifier, $0.id) }, uniquingKeysWith: { first, _ in first }),
            shutdown: { market.shutdown() })
    }
}
