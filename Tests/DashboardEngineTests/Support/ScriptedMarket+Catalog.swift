import Foundation
import MarketClient

@testable import DashboardEngine

/// The scripted market as the catalog's count reads it: numbered products of a few vendors,
/// and the snapshot store over its list pages.
extension ScriptedMarket {
    /// `count` numbered products (`numbered(_:)`), newest (highest id) first.
    convenience init(numbered count: Int, vendors: Int = 3) {
        self.init(products: (1...max(1, count)).prefix(count).map { Self.numbered($0, vendors: vendors) })
    }

    /// Product `id` of vendor `id % vendors + 1`: KRW when `id` is even, USD otherwise, price
    /// `id × 100`, 10 off every fifth, sold out every fourth.
    static func numbered(_ id: Int, vendors: Int = 3, stock: Int = 2) -> ProductDetail {
        product(
            id: id, name: "Product \(id)", vendor: Vendor(id: id % vendors + 1, name: "Vendor \(id % vendors + 1)"),
            price: Money(Decimal(id * 100)), discount: id % 5 == 0 ? 10 : .zero, currency: id % 2 == 0 ? .krw : .usd,
            stock: id % 4 == 0 ? 0 : stock, description: "A product the tests made up.", imageIDs: [id])
    }

    /// A snapshot store counting this market's products.
    func catalogStore(
        _ settings: CatalogSettings = CatalogSettings(), clock: FakeCalendar = FakeCalendar(), countObserver: (any CountObserver)? = nil
    ) -> CatalogSnapshotStore {
        CatalogSnapshotStore(settings: settings, clock: clock, countObservers: countObserver.map { [$0] } ?? []) { page, perPage in try await self.page(page, perPage) }
    }
}
