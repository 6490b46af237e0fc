import Foundation

/// Every product of the market at one moment, counted by crawling the list page by page
/// (the API has no totals, no vendor filter and no export). Immutable once made.
struct CatalogSnapshot: Sendable {
    /// Newest first, as the market lists them; each id once.
    let products: [CatalogProduct]
    /// When the crawl that made it started: the figures are at least this fresh.
    let takenAt: Date
    /// The crawl stopped at the product limit: the figures cover `products` only.
    let isPartial: Bool
    /// The total the market reported on its first page.
    let reportedTotal: Int
    /// Tells snapshots apart (figures are kept per snapshot).
    let generation: Int

    /// The products of one vendor, newest first.
    func products(ofVendor vendorID: Int) -> [CatalogProduct] {
        products.filter { $0.vendorID == vendorID }
    }
}

/// How far the running crawl has got: "Counting products: 1,200 of 3,400".
struct CatalogProgress: Sendable, Equatable {
    var pagesDone = 0
    /// The pages the market said it has (capped at the crawl's page limit).
    var pagesTotal = 0
    var productsDone = 0
    /// The products the market said it has (capped at the product limit).
    var productsTotal = 0
}

/// What a page reads: the last good snapshot, the crawl in progress, the last failure.
struct CatalogStatus: Sendable {
    var snapshot: CatalogSnapshot?
    /// Set while a crawl runs.
    var progress: CatalogProgress?
    /// Set when the last crawl failed (the snapshot, if any, is the one before it).
    var failure: CatalogFailure?
    /// A write by this dashboard happened after `snapshot` was taken; a new crawl is running
    /// or about to.
    var isOutdatedByWrite = false
}

struct CatalogFailure: Sendable {
    var message: String
    var at: Date
}
