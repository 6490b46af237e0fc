import DashboardEngine
import Foundation
import HTTPServer
import MarketClient

/// The catalog snapshot's own code, reachable from the `catalog-bench` executable (same
/// package, `package` access), which times it without HTTP: making the snapshot's products,
/// building the orders, and answering a list query the way `CatalogListing` does (parse,
/// filter, walk an order, cut a page). Nothing of the dashboard calls it.
package struct CatalogBenchmark: Sendable {
    /// A list query as plain values, for running the same question in another engine.
    package struct Question: Sendable {
        /// `newest`, `oldest`, `price`, `-price`, `stock`, `-stock`, `name`.
        package var sort: String
        package var korean: Bool
        package var vendorID: Int?
        /// Stock bounds, both included (`stock=in`: 1 and nil; `low`: 1 and the threshold;
        /// `out`: nil and 0).
        package var stockAtLeast: Int?
        package var stockAtMost: Int?
        package var onSale: Bool
        package var currency: String?
        /// The price paid in hundredths, both bounds included.
        package var minHundredths: Int64?
        package var maxHundredths: Int64?
        /// Case folded as the snapshot folds names (`searchName`); empty for none.
        package var search: String
        package var page: Int
        package var perPage: Int
    }

    let snapshot: CatalogSnapshot
    private let memo = CatalogQueryMemo()
    private let lowStock: Int

    /// The snapshot of `summaries` (newest first, as a count meets them): the products are made
    /// as a count makes them, the orders as `CatalogSnapshot` builds them.
    package init(_ summaries: [ProductSummary], lowStock: Int = DashboardConfiguration.defaultLowStock) {
        self.init(products: Self.products(summaries), lowStock: lowStock)
    }

    private init(products: CatalogProducts, lowStock: Int) {
        // A fixed instant: the benchmark measures queries, and no page reads the age.
        snapshot = CatalogSnapshot(products: products.items, takenAt: Date(timeIntervalSince1970: 0), isPartial: false, reportedTotal: products.items.count, generation: 1)
        self.lowStock = lowStock
    }

    /// The products as the snapshot keeps them (thumbnails dropped, vendor names shared).
    package struct CatalogProducts: Sendable {
        fileprivate let items: [CatalogProduct]
        package var count: Int { items.count }
    }

    package static func products(_ summaries: [ProductSummary]) -> CatalogProducts {
        var names: [Int: String] = [:]
        return CatalogProducts(items: summaries.map { summary in
            let vendorName = names[summary.vendorID] ?? {
                names[summary.vendorID] = summary.vendorName ?? ""
                return summary.vendorName ?? ""
            }()
            return CatalogProduct(summary, vendorName: vendorName, keepsThumbnail: false)
        })
    }

    /// Builds the orders over `products` (what a count does once it has every page).
    package static func snapshot(_ products: CatalogProducts, lowStock: Int = DashboardConfiguration.defaultLowStock) -> CatalogBenchmark {
        CatalogBenchmark(products: products, lowStock: lowStock)
    }

    /// Bytes the orders take.
    package var orderingsBytes: Int { snapshot.orderings.byteCount }

    /// Bytes the search names take.
    package var columnsBytes: Int { snapshot.searchNames.byteCount }

    /// The ids of one page of `/products?…` (`target`) and how many products match: the list's
    /// own parsing, filter and order. `memo` answers a repeated question from the query memo,
    /// as paging does; without it every call walks the order.
    package func page(_ target: String, ownVendorID: Int? = nil, memo useMemo: Bool = false) -> (ids: [Int], total: Int) {
        let request = HTTPRequest(method: .get, target: target)
        let query = ProductListQuery(request)
        let question = query.catalogQuery(
            vendorID: query.mine ? ownVendorID : nil, lowStockThreshold: lowStock, language: Language(request))
        let found = useMemo ? memo.matching(snapshot, question) : snapshot.matching(question)
        let start = min(found.count, (query.page - 1) * query.perPage)
        let ids = found[start..<min(found.count, start + query.perPage)].map { snapshot.products[Int($0)].id }
        return (ids, found.count)
    }

    /// The question `target` asks, as plain values.
    package func question(_ target: String, ownVendorID: Int? = nil) -> Question {
        let request = HTTPRequest(method: .get, target: target)
        let query = ProductListQuery(request)
        let filter = query.catalogQuery(vendorID: query.mine ? ownVendorID : nil, lowStockThreshold: lowStock, language: .en).filter
        var question = Question(
            sort: query.sort.parameter, korean: Language(request).collation == .hangulFirst, vendorID: filter.vendorID, onSale: filter.onSale,
            currency: filter.currency?.rawValue, minHundredths: filter.minHundredths, maxHundredths: filter.maxHundredths,
            search: String(decoding: filter.search.bytes, as: UTF8.self), page: query.page, perPage: query.perPage)
        switch filter.stock {
        case .inStock?: question.stockAtLeast = 1
        case .low?: (question.stockAtLeast, question.stockAtMost) = (1, lowStock)
        case .out?: question.stockAtMost = 0
        case nil: break
        }
        return question
    }

    /// A product's name as search compares it (`CatalogSearch.fold`).
    package static func searchName(_ name: String) -> String { CatalogSearch.fold(name) }

    /// A product's place in the name order as text that sorts the same way byte by byte
    /// (`CatalogNameKey`'s scalars, 7 hex digits each), for an engine that sorts text.
    package static func nameSortText(_ name: String, korean: Bool) -> String {
        CatalogNameKey(name, korean ? .hangulFirst : .latinFirst).hexText
    }

    /// Hundredths of the price paid, as the snapshot compares prices.
    package static func hundredths(_ amount: Decimal) -> Int64 { CatalogProduct.hundredths(amount) }
}
