import Foundation
import MarketClient

/// The overview's numbers for a set of products (the whole catalog or one vendor's). Sums
/// never trap on what the market sent: stock totals saturate at `Int.max`, negative stock
/// counts as none, and values are `Decimal` (which overflows to NaN, shown as such, not a crash).
package struct CatalogFigures: Sendable {
    package struct VendorCount: Sendable, Equatable {
        package var vendorID: Int
        package var name: String
        package var products: Int
    }

    package struct WeekCount: Sendable, Equatable {
        /// Monday 00:00 UTC.
        package var start: Date
        package var products: Int
    }

    package var products = 0
    package var soldOut = 0
    package var onSale = 0
    /// 1 to the low-stock threshold left.
    package var lowStock = 0
    package var stockTotal = 0
    /// Stock × the price to pay, per currency (by code, KRW before USD).
    package var stockValue: [(currency: Currency, amount: Decimal)] = []
    /// The ten vendors with the most products, most first (ties by name).
    package var topVendors: [VendorCount] = []
    /// One histogram per currency (prices in different currencies do not share an axis).
    package var priceHistograms: [PriceHistogram] = []
    /// Registrations in the 12 weeks up to the newest registration's week, oldest first.
    package var weeks: [WeekCount] = []

    package static let topVendorCount = 10
    package static let weekCount = 12

    package init(_ products: [CatalogProduct], lowStockThreshold: Int = CatalogFilter.defaultLowStockThreshold) {
        var values: [Currency: Decimal] = [:]
        var perVendor: [Int: VendorCount] = [:]
        var prices: [Currency: [Decimal]] = [:]
        var newest: Date?
        for product in products {
            self.products += 1
            if product.isSoldOut { soldOut += 1 }
            if product.isOnSale { onSale += 1 }
            if product.isLowStock(lowStockThreshold) { lowStock += 1 }
            let stock = max(0, product.stock)
            stockTotal = Self.saturatingSum(stockTotal, stock)
            values[product.currency, default: 0] += product.bargainPrice * Decimal(stock)
            perVendor[product.vendorID, default: VendorCount(vendorID: product.vendorID, name: product.vendorName, products: 0)].products += 1
            prices[product.currency, default: []].append(product.bargainPrice)
            if let created = product.createdAt, created > (newest ?? .distantPast) { newest = created }
        }
        stockValue = values.sorted { $0.key.rawValue < $1.key.rawValue }.map { ($0.key, $0.value) }
        topVendors = Array(perVendor.values.sorted {
            $0.products != $1.products ? $0.products > $1.products : ($0.name, $0.vendorID) < ($1.name, $1.vendorID)
        }.prefix(Self.topVendorCount))
        priceHistograms = prices.sorted { $0.key.rawValue < $1.key.rawValue }.map { PriceHistogram(currency: $0.key, prices: $0.value) }
        if let newest { weeks = Self.weeks(endingAt: newest, products) }
    }

    static func saturatingSum(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? (b > 0 ? Int.max : Int.min) : sum
    }

    package static let utc: Calendar = {
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar
    }()

    /// Counts per week for the `weekCount` weeks that end with the week of `newest`.
    static func weeks(endingAt newest: Date, _ products: [CatalogProduct]) -> [WeekCount] {
        guard let lastWeek = utc.dateInterval(of: .weekOfYear, for: newest)?.start else { return [] }
        let week: TimeInterval = 7 * 24 * 3600
        let first = lastWeek.addingTimeInterval(-week * Double(weekCount - 1))
        var counts = [Int](repeating: 0, count: weekCount)
        for product in products {
            guard let created = product.createdAt, created >= first else { continue }
            let index = Int(created.timeIntervalSince(first) / week)
            if counts.indices.contains(index) { counts[index] += 1 }
        }
        return counts.enumerated().map { WeekCount(start: first.addingTimeInterval(week * Double($0.offset)), products: $0.element) }
    }
}
