import Foundation
import MarketClient

/// One count of the catalog: asks for the list page by page, one request at a time, until
/// the market says there is no next page, the pages it announced are done, or the product
/// limit is reached. Products that move between pages while it runs (a product registered
/// meanwhile shifts everything by one) are kept once, by id.
struct CatalogCount: Sendable {
    typealias PageFetcher = @Sendable (_ page: Int, _ perPage: Int) async throws -> ProductPageEnvelope

    let settings: CatalogSettings
    let fetchPage: PageFetcher
    /// Whose products keep their thumbnail URL (by vendor id; see `CatalogProduct.thumbnail`).
    let keepsThumbnail: @Sendable (Int) -> Bool

    init(settings: CatalogSettings, keepsThumbnail: @escaping @Sendable (Int) -> Bool = { _ in true }, fetchPage: @escaping PageFetcher) {
        self.settings = settings
        self.keepsThumbnail = keepsThumbnail
        self.fetchPage = fetchPage
    }

    /// Counts the catalog; `progress` hears after each page. Throws the market's error or
    /// `CancellationError` (a count stops between pages when its task is cancelled).
    func run(startedAt: Date, generation: Int, progress: @Sendable (CatalogProgress) -> Void) async throws -> CatalogSnapshot {
        let pageSize = max(1, settings.pageSize)
        let limit = max(0, settings.productLimit)
        // A market that announces more pages than the limit needs, or says "next" forever,
        // is not followed past the pages the limit can fill (plus one for duplicates).
        let pageLimit = limit / pageSize + 2
        var products: [CatalogProduct] = []
        var seen = Set<Int>()
        var vendorNames: [Int: String] = [:]
        var state = CatalogProgress()
        var reportedTotal = 0
        var isPartial = false
        var page = 1
        while true {
            try Task.checkCancellation()
            let answer = try await fetchPage(page, pageSize)
            try Task.checkCancellation()
            if page == 1 {
                reportedTotal = max(0, answer.totalCount)
                // One allocation of the right size, not a doubling array that leaves its
                // outgrown buffers behind in the heap (a few more products than reported
                // still fit: the array grows once then).
                products.reserveCapacity(min(reportedTotal, limit))
                seen.reserveCapacity(min(reportedTotal, limit))
            }
            for summary in answer.products where seen.insert(summary.id).inserted {
                guard products.count < limit else {
                    isPartial = true
                    break
                }
                // One string per vendor, shared by all its products.
                let vendorName = vendorNames[summary.vendorID] ?? {
                    let name = summary.vendorName ?? ""
                    vendorNames[summary.vendorID] = name
                    return name
                }()
                products.append(CatalogProduct(summary, vendorName: vendorName, keepsThumbnail: keepsThumbnail(summary.vendorID)))
            }
            state.pagesDone = page
            state.pagesTotal = min(max(answer.lastPage, page), pageLimit)
            state.productsDone = products.count
            state.productsTotal = min(max(reportedTotal, products.count), limit)
            progress(state)
            if isPartial || answer.products.isEmpty || !answer.hasNext || page >= answer.lastPage { break }
            guard page < pageLimit else {
                isPartial = true
                break
            }
            page += 1
        }
        if reportedTotal > limit { isPartial = true }
        return CatalogSnapshot(
            products: products, takenAt: startedAt, isPartial: isPartial, reportedTotal: reportedTotal,
            generation: generation)
    }
}
