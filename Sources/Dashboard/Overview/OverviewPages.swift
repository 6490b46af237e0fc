import DashboardEngine
import Foundation
import HTTPServer
import Synchronization

/// `GET /overview`: the catalog at a glance, read from the catalog snapshot. Never waits for
/// the market: while the first count runs it shows its progress and reloads itself.
final class OverviewPages: Sendable {
    let catalog: CatalogSnapshotStore
    let renderer: PageRenderer
    /// The snapshot's age is measured on it (the engine's clock).
    let clock: any WallClock
    /// Figures are counted once per snapshot, vendor and threshold, not on every page view.
    private let memo = Mutex<FiguresMemo?>(nil)

    init(catalog: CatalogSnapshotStore, renderer: PageRenderer, clock: any WallClock) {
        self.catalog = catalog
        self.renderer = renderer
        self.clock = clock
    }

    private struct FiguresMemo: Sendable {
        var generation: Int
        var revision: Int
        var vendorID: Int?
        var lowStockThreshold: Int
        var catalog: CatalogFigures
        var mine: CatalogFigures?
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
        let page = OverviewPage(
            status: status, catalog: counted?.catalog, mine: counted.flatMap { $0.mine }, ownVendorID: vendorID, now: clock.now(),
            language: context.language, lowStockThreshold: lowStockThreshold, zone: context.settings.timeZone)
        var response = renderer.page("overview", page.context, for: context)
        response.headers["Cache-Control"] = "no-store"
        return response
    }

    private func figures(for snapshot: CatalogSnapshot, vendorID: Int?, lowStockThreshold: Int) -> FiguresMemo {
        if let kept = memo.withLock({ $0 }), kept.generation == snapshot.generation, kept.revision == snapshot.revision,
            kept.vendorID == vendorID, kept.lowStockThreshold == lowStockThreshold
        {
            return kept
        }
        let made = FiguresMemo(
            generation: snapshot.generation, revision: snapshot.revision, vendorID: vendorID, lowStockThreshold: lowStockThreshold,
            catalog: CatalogFigures(snapshot.products, lowStockThreshold: lowStockThreshold),
            mine: vendorID.map { id in CatalogFigures(snapshot.products.filter { $0.vendorID == id }, lowStockThreshold: lowStockThreshold) })
        memo.withLock { $0 = made }
        return made
    }
}
