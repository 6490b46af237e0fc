import Dashboard
import Foundation
import HTTPServer
import LocalMarket

extension LocalMarket {
    /// The embedded market as the dashboard runs it (`EmbeddedMarket.Starter`): what
    /// `dashboard` passes to `DashboardApp`, and the tests' harness too.
    public static func embeddedMarket(dataDirectory: URL, logger: ServerLogger) throws -> EmbeddedMarket {
        let market = try LocalMarket(dataDirectory: dataDirectory, logger: logger)
        let url = try market.start()
        return EmbeddedMarket(
            url: url, identifier: defaultVendor.identifier, secret: defaultVendor.secret,
            vendorIDs: Dictionary(vendors.map { ($0.identifier, $0.id) }, uniquingKeysWith: { first, _ in first }),
            shutdown: { market.shutdown() })
    }
}
