import DashboardEngine
import Foundation
import HTTPServer

/// `GET /products.csv` (`q`, `mine=1`, `sort` and the filters): every product of the catalog
/// snapshot that the list with the same parameters would show, in the same order, streamed as
/// CSV. While the first count runs it waits for it up to `CatalogSettings.waitLimit`, then
/// answers 503 with `Retry-After`.
struct ProductExport: Sendable {
    let catalog: CatalogSnapshotStore
    let renderer: PageRenderer

    /// `GET /products.csv`.
    func csvExport(_ context: RequestContext) async -> HTTPResponse {
        let query = context.listQuery
        let vendorID: Int?
        if query.mine {
            guard let own = context.ownVendorID else { return renderer.unknownOwnVendor(context) }
            vendorID = own
        } else {
            vendorID = nil
        }
        let status = await catalog.waitForSnapshot(upTo: catalog.settings.waitLimit)
        guard let snapshot = status.snapshot else {
            return renderer.catalogNotReady(status, retryHref: context.request.target, context, for: .csv)
        }
        let language = context.language
        let order = snapshot.matching(query.catalogQuery(
            vendorID: vendorID, lowStockThreshold: context.settings.lowStockThreshold, language: language,
            salesAboveReference: context.salesAboveReference))
        // The header row is in the reader's language; the file's name stays ASCII in both.
        let stream = ProductCSVStream(products: snapshot.products, order: order, language: language)
        return HTTPResponse(
            status: .ok,
            headers: [
                "Content-Type": "text/csv; charset=utf-8",
                "Content-Disposition": "attachment; filename=\"\(Self.filename(for: snapshot.takenAt, zone: context.settings.timeZone))\"",
                "Content-Language": language.rawValue,
                "Vary": "Accept-Language, Cookie",
                "Cache-Control": "no-store",
            ],
            body: .stream(stream.body))
    }

    /// `products-YYYY-MM-DD.csv`, the day in `zone` the snapshot was counted.
    static func filename(for date: Date, zone: TimeZone) -> String {
        "products-\(LocalTime.isoDay(date, zone: zone)).csv"
    }
}
