import DashboardEngine
import Foundation
import HTTPServer

/// `GET /products.csv` (`q`, `mine=1`, `sort` and the filters): every product of the catalog
/// snapshot that the list with the same parameters would show, in the same order, streamed as
/// CSV. While the first count runs it waits for it up to `CatalogSettings.waitLimit`, then
/// answers 503 with `Retry-After`.
struct ProductExport: Sendable {
    let catalog: CatalogSnapshotStore
    /// The own vendor's id as known now (the one seam for it).
    let ownVendorID: @Sendable () -> Int?
    let renderer: PageRenderer
    var lowStockThreshold = DashboardConfiguration.defaultLowStock
    /// The zone of the day in the file's name (`DashboardConfiguration.timeZone`).
    var zone = TimeZone.current

    /// `GET /products.csv`.
    func csvExport(_ request: HTTPRequest) async -> HTTPResponse {
        let query = ProductListQuery(request)
        let vendorID: Int?
        if query.mine {
            guard let own = ownVendorID() else { return renderer.unknownOwnVendor(request) }
            vendorID = own
        } else {
            vendorID = nil
        }
        let status = await catalog.waitForSnapshot(upTo: catalog.settings.waitLimit)
        guard let snapshot = status.snapshot else { return renderer.catalogNotReady(status, retryHref: request.target, request) }
        let language = Language(request)
        let order = snapshot.matching(query.catalogQuery(vendorID: vendorID, lowStockThreshold: lowStockThreshold, language: language))
        // The header row is in the reader's language; the file's name stays ASCII in both.
        let stream = ProductCSVStream(products: snapshot.products, order: order, language: language)
        return HTTPResponse(
            status: .ok,
            headers: [
                "Content-Type": "text/csv; charset=utf-8",
                "Content-Disposition": "attachment; filename=\"\(Self.filename(for: snapshot.takenAt, zone: zone))\"",
                "Content-Language": language.rawValue,
                "Vary": "Accept-Language, Cookie",
                "Cache-Control": "no-store",
            ],
            body: .stream(stream.body))
    }

    /// `products-YYYY-MM-DD.csv`, the day in `zone` the snapshot was counted.
    static func filename(for date: Date, zone: TimeZone = .current) -> String {
        "products-\(LocalTime.isoDay(date, zone: zone)).csv"
    }
}
