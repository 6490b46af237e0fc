import Foundation
import MarketClient

/// Every product of the market at one moment, counted by counting the list page by page (the
/// API has no totals, no vendor filter and no export), with the orders lists are sorted by.
/// Changed only by this dashboard's own writes (`apply`), between counts.
package struct CatalogSnapshot: Sendable {
    /// Each product once, in no meaningful order: `orderings` say where each goes.
    package private(set) var products: [CatalogProduct]
    /// Each product's name as search compares it, by the same position.
    package private(set) var searchNames: CatalogSearch.Names
    package private(set) var orderings: CatalogOrderings
    /// When the count that made it started: the figures are at least this fresh.
    package let takenAt: Date
    /// The count stopped at the product limit: the figures cover `products` only.
    package let isPartial: Bool
    /// The total the market reported on its first page.
    package let reportedTotal: Int
    /// Tells counts apart.
    package let generation: Int
    /// Changes applied since the count; with `generation`, tells snapshots apart (figures and
    /// query results are kept per revision).
    package private(set) var revision = 0

    /// `products` newest first, as the count met them; the orders are built here (in the
    /// count's task, never on a server thread).
    package init(products: [CatalogProduct], takenAt: Date, isPartial: Bool, reportedTotal: Int, generation: Int) {
        self.products = products
        searchNames = CatalogSearch.Names(products)
        orderings = CatalogOrderings(products)
        self.takenAt = takenAt
        self.isPartial = isPartial
        self.reportedTotal = reportedTotal
        self.generation = generation
    }

    /// Every product, newest first.
    var newestFirst: [CatalogProduct] {
        orderings.order(for: .newest, collation: .latinFirst).entries.map { products[Int($0.index)] }
    }

    /// The products of one vendor, newest first.
    func products(ofVendor vendorID: Int) -> [CatalogProduct] {
        newestFirst.filter { $0.vendorID == vendorID }
    }

    /// The positions in `products` of those `query` keeps, in its order: one walk of a kept
    /// order, front to back, no sorting; a product itself is read only for what its entry
    /// cannot tell (see `CatalogFilter.Walk`); a search is one pass over `searchNames` first.
    package func matching(_ query: CatalogQuery) -> [Int32] {
        let filter = query.filter
        let (order, reversed) = orderings.order(for: query.sort, collation: query.collation)
        if filter.keepsEverything {
            return reversed ? order.reversed().map(\.index) : order.map(\.index)
        }
        let walk = filter.walk
        let searches = !filter.search.isEmpty
        let named = searches ? searchNames.matching(filter.search) : []
        var found: [Int32] = []
        products.withUnsafeBufferPointer { products in
            named.withUnsafeBufferPointer { named in
                order.withUnsafeBufferPointer { order in
                    func keeps(_ entry: CatalogOrderings.Entry) -> Bool {
                        guard walk.matches(entry) else { return false }
                        if let ids = filter.productIDs, !ids.contains(products[Int(entry.index)].id) { return false }
                        if walk.needsProduct {
                            let product = products[Int(entry.index)]
                            if let vendorID = filter.vendorID, product.vendorID != vendorID { return false }
                            if let currency = filter.currency, product.currency != currency { return false }
                        }
                        return !searches || named[Int(entry.index) >> 6] & (1 << UInt64(entry.index & 63)) != 0
                    }
                    if reversed {
                        for entry in order.reversed() where keeps(entry) { found.append(entry.index) }
                    } else {
                        for entry in order where keeps(entry) { found.append(entry.index) }
                    }
                }
            }
        }
        return found
    }

    /// A change this dashboard made on the market, applied from the market's answer: the
    /// product's entry replaced, added or removed, and every order kept in step.
    /// `keepsThumbnail` says whose thumbnails the snapshot keeps (see `CatalogProduct`).
    /// A write whose outcome is unknown changes nothing here (the store counts again).
    mutating func apply(_ change: WriteEffect, keepsThumbnail: (Int) -> Bool) {
        if case .unknown = change { return }
        revision += 1
        switch change {
        case .unknown:
            return
        case .saved(let detail):
            let position = products.firstIndex { $0.id == detail.id }
            // The list's vendor name (the detail's is the account's): kept from the product,
            // or from another product of that vendor, else the detail's.
            let vendorName = position.map { products[$0].vendorName }
                ?? products.first { $0.vendorID == detail.vendorID }?.vendorName
                ?? detail.vendorName ?? ""
            let product = CatalogProduct(detail, vendorName: vendorName, keepsThumbnail: keepsThumbnail(detail.vendorID))
            if let position {
                orderings.remove(Int32(position))
                products[position] = product
                searchNames.replace(position, with: product.name)
                orderings.insert(Int32(position), products)
            } else {
                products.append(product)
                searchNames.append(product.name)
                orderings.insert(Int32(products.count - 1), products)
            }
        case .removed(let id):
            guard let position = products.firstIndex(where: { $0.id == id }) else { return }
            orderings.remove(Int32(position))
            let last = products.count - 1
            if position != last {
                products[position] = products[last]
                searchNames.moveLast(to: position)
                orderings.renumber(Int32(last), to: Int32(position))
            }
            products.removeLast()
            searchNames.removeLast()
        }
    }
}

/// How far the running count has got: "Counting products: 1,200 of 3,400".
package struct CatalogProgress: Sendable, Equatable {
    package var pagesDone = 0
    /// The pages the market said it has (capped at the count's page limit).
    package var pagesTotal = 0
    package var productsDone = 0
    /// The products the market said it has (capped at the product limit).
    package var productsTotal = 0

    package init(pagesDone: Int = 0, pagesTotal: Int = 0, productsDone: Int = 0, productsTotal: Int = 0) {
        self.pagesDone = pagesDone
        self.pagesTotal = pagesTotal
        self.productsDone = productsDone
        self.productsTotal = productsTotal
    }
}

/// What a page reads: the last good snapshot, the count in progress, the last failure.
package struct CatalogStatus: Sendable {
    package var snapshot: CatalogSnapshot?
    /// Set while a count runs.
    package var progress: CatalogProgress?
    /// Set when the last count failed (the snapshot, if any, is the one before it).
    package var failure: CatalogError?
    /// A write by this dashboard whose outcome is unknown happened after `snapshot` was
    /// taken; a new count is running or about to.
    package var isOutdatedByWrite = false

    /// A status as the store answers it, or as a page's test shows one.
    package init(snapshot: CatalogSnapshot? = nil, progress: CatalogProgress? = nil, failure: CatalogError? = nil, isOutdatedByWrite: Bool = false) {
        self.snapshot = snapshot
        self.progress = progress
        self.failure = failure
        self.isOutdatedByWrite = isOutdatedByWrite
    }
}

/// A count of the catalog that failed: what the market did, and when.
package struct CatalogError: Error, Sendable {
    /// Why a count failed, as a code: a page words it in its reader's language
    /// (`Wording.countFailure`), never with the error's own text (it could name the request).
    package enum Code: Sendable, Equatable, CaseIterable {
        case timeout, unreadableAnswer, refused, unreachable
    }

    package var code: Code
    package var at: Date

    /// A failure with its code and time, as the store records it or a page's test shows one.
    package init(code: Code, at: Date) {
        self.code = code
        self.at = at
    }
}
