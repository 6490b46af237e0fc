import DashboardEngine
import Foundation
import HTTPServer
import Synchronization

/// `GET /overview`: the catalog at a glance, read from the catalog snapshot. Never waits for
/// the market: while the first count runs it shows its progress and reloads itself.
final class OverviewPages: Sendable {
    let catalog: CatalogSnapshotStore
    /// The own vendor's id as it is known now (the one seam for it; it may be learned later).
    let ownVendorID: @Sendable () -> Int?
    let renderer: PageRenderer
    let lowStockThreshold: Int
    /// The zone times are shown in (`DashboardConfiguration.timeZone`).
    let zone: TimeZone
    let now: @Sendable () -> Date
    /// Figures are counted once per snapshot and vendor, not on every page view.
    private let memo = Mutex<FiguresMemo?>(nil)

    init(
        catalog: CatalogSnapshotStore, ownVendorID: @escaping @Sendable () -> Int?, renderer: PageRenderer,
        lowStockThreshold: Int = DashboardConfiguration.defaultLowStock, zone: TimeZone = .current,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.catalog = catalog
        self.ownVendorID = ownVendorID
        self.renderer = renderer
        self.lowStockThreshold = lowStockThreshold
        self.zone = zone
        self.now = now
    }

    private struct FiguresMemo: Sendable {
        var generation: Int
        var revision: Int
        var vendorID: Int?
        var catalog: CatalogFigures
        var mine: CatalogFigures?
    }

    /// `GET /overview`: `overview`.
    func overviewPage(_ request: HTTPRequest) -> HTTPResponse {
        let status = catalog.status()
        let vendorID = ownVendorID()
        if status.snapshot == nil, status.progress == nil, let failure = status.failure {
            return renderer.error(.badGateway, Wording(Language(request)).catalogNotCounted(failure.reason), retryHref: "/overview", for: request)
        }
        let counted = status.snapshot.map { figures(for: $0, vendorID: vendorID) }
        let page = OverviewPage(
            status: status, catalog: counted?.catalog, mine: counted.flatMap { $0.mine }, ownVendorID: vendorID, now: now(),
            language: Language(request), lowStockThreshold: lowStockThreshold, zone: zone)
        var response = renderer.page("overview", page.context, for: request)
        response.headers["Cache-Control"] = "no-store"
        return response
    }

    private func figures(for snapshot: CatalogSnapshot, vendorID: Int?) -> FiguresMemo {
        if let kept = memo.withLock({ $0 }), kept.generation == snapshot.generation, kept.revision == snapshot.revision,
            kept.vendorID == vendorID
        {
            return kept
        }
        let made = FiguresMemo(
            generation: snapshot.generation, revision: snapshot.revision, vendorID: vendorID,
            catalog: CatalogFigures(snapshot.products, lowStockThreshold: lowStockThreshold),
            mine: vendorID.map { id in CatalogFigures(snapshot.products.filter { $0.vendorID == id }, lowStockThreshold: lowStockThreshold) })
        memo.withLock { $0 = made }
        return made
    }
}
