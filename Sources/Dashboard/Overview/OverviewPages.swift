import DashboardEngine
import Foundation
import HTTPServer
import Synchronization

/// `GET /overview`: the catalog at a glance, read from the catalog snapshot, and the on-sale
/// products above their reference price from the price timeline's sales in memory. Never waits
/// for the market: while the first count runs it shows its progress and reloads itself.
final class OverviewPages: Sendable {
    let catalog: CatalogSnapshotStore
    let renderer: PageRenderer
    /// The snapshot's age is measured on it (the engine's clock).
    let clock: any WallClock
    /// Each on-sale product's sale and its reference (nil: no figure of sales above it).
    let prices: PriceTimeline?
    /// Figures are counted once per snapshot, sales, vendor and threshold, not on every page view.
    private let memo = Mutex<FiguresMemo?>(nil)

    init(catalog: CatalogSnapshotStore, renderer: PageRenderer, clock: any WallClock, prices: PriceTimeline? = nil) {
        self.catalog = catalog
        self.renderer = renderer
        self.clock = clock
        self.prices = prices
    }

    private struct FiguresMemo: Sendable {
        var generation: Int
        var revision: Int
        var salesRevision: Int?
        var vendorID: Int?
        var lowStockThreshold: Int
        var catalog: CatalogFigures
        var mine: CatalogFigures?
        /// The counted products above their reference, all and the own vendor's.
        var aboveReference: (catalog: Int, mine: Int?)?
    }

    /// `GET /overview`: `overview`.
    func overviewPage(_ context: RequestContext) -> HTTPResponse {
        let status = catalog.status()
        let vendorID = context.ownVendorID
        let lowStockThreshold = context.settings.lowStockThreshold
        if status.snapshot == nil, status.progress == nil, let failure = status.failure {
            return renderer.error(.badGateway, context.wording.catalogNotCounted(failure.code, for: .overview), retryHref: "/overview", for: context)
        }
        let counted = status.snapshot.map { figures(for: $0, vendorID: vendorID, lowStockThreshold: lowStockThreshold) }
        var page = OverviewPage(
            status: status, catalog: counted?.catalog, mine: counted.flatMap { $0.mine }, ownVendorID: vendorID, now: clock.now(),
            language: context.language, lowStockThreshold: lowStockThreshold, zone: context.settings.timeZone)
        page.aboveReference = counted?.aboveReference
        page.referenceDays = context.settings.referenceDays
        var response = renderer.page("overview", page.context, for: context)
        response.headers["Cache-Control"] = "no-store"
        return response
    }

    private func figures(for snapshot: CatalogSnapshot, vendorID: Int?, lowStockThreshold: Int) -> FiguresMemo {
        let sales = prices?.currentSales()
        if let kept = memo.withLock({ $0 }), kept.generation == snapshot.generation, kept.revision == snapshot.revision,
            kept.salesRevision == sales?.revision, kept.vendorID == vendorID, kept.lowStockThreshold == lowStockThreshold
        {
            return kept
        }
        var made = FiguresMemo(
            generation: snapshot.generation, revision: snapshot.revision, salesRevision: sales?.revision, vendorID: vendorID,
            lowStockThreshold: lowStockThreshold, catalog: CatalogFigures(snapshot.products, lowStockThreshold: lowStockThreshold),
            mine: vendorID.map { id in CatalogFigures(snapshot.products.filter { $0.vendorID == id }, lowStockThreshold: lowStockThreshold) })
        if let above = sales?.aboveReference {
            // The counted products the list's `sale=above-reference` keeps: the same count.
            let counted = snapshot.products.filter { $0.isOnSale && above.contains($0.id) }
            made.aboveReference = (counted.count, vendorID.map { id in counted.filter { $0.vendorID == id }.count })
        }
        memo.withLock { $0 = made }
        return made
    }
}
