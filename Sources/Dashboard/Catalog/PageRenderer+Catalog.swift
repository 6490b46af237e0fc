import DashboardEngine
import HTTPServer

/// The answers a page built on the catalog snapshot gives when it cannot be built yet.
extension PageRenderer {
    /// `mine=1` without a known own vendor: how to tell the dashboard which vendor is yours.
    /// When the market is not answering (`marketFailure`), that comes first (502, Try again):
    /// adding a product, the usual way to learn the vendor, fails too until it answers.
    func unknownOwnVendor(_ context: RequestContext, marketFailure: CatalogError.Code? = nil) -> HTTPResponse {
        if let marketFailure {
            return error(
                .badGateway, context.wording.vendorUnknown(marketFailure), retryHref: PageRenderer.retryHref(for: context.request), for: context)
        }
        return error(.conflict, context.wording.vendorUnknown, retryHref: nil, for: context)
    }

    /// Why the market did not answer, if it did not: its latest read (`MarketGateway.readFailure`),
    /// else the catalog's latest count, once the first count has had its usual wait.
    static func marketFailure(_ catalog: CatalogSnapshotStore, latestRead: CatalogError.Code?) async -> CatalogError.Code? {
        if let latestRead { return latestRead }
        return await catalog.waitForSnapshot(upTo: catalog.settings.waitLimit).failure?.code
    }

    /// Still counting after the wait (503 with `Retry-After`), or counting failed with nothing
    /// counted before (502), worded by what the seller asked for (`use`).
    func catalogNotReady(
        _ status: CatalogStatus, retryHref: String, _ context: RequestContext, for use: Wording.CatalogUse = .other
    ) -> HTTPResponse {
        if status.progress == nil, let failure = status.failure {
            return error(.badGateway, context.wording.catalogNotCounted(failure.code, for: use), retryHref: retryHref, for: context)
        }
        let wording = context.wording
        var response = error(.serviceUnavailable, wording.stillCounting(status.progress.map(CatalogProgressText.numbers)), retryHref: retryHref, for: context)
        response.headers["Retry-After"] = String(Self.retryAfterSeconds)
        return response
    }

    static let retryAfterSeconds = 5
}
