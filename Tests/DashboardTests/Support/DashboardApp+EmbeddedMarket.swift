import LocalMarket
import LocalMarketEmbedding

@testable import Dashboard

extension DashboardApp {
    /// As `dashboard` starts it: with the embedded market when no upstream is configured.
    convenience init(configuration: DashboardConfiguration) throws {
        try self.init(configuration: configuration, startEmbedded: LocalMarket.embeddedMarket)
    }
}
