import DashboardEngine
import HTTPServer

/// The answers a page built on the catalog snapshot gives when it cannot be built yet.
extension PageRenderer {
    /// `mine=1` without a known own vendor: how to tell the dashboard which vendor is yours.
    func unknownOwnVendor(_ context: RequestContext) -> HTTPResponse {
        error(.conflict, context.wording.vendorUnknown, retryHref: nil, for: context)
    }

    /// Still counting after the wait (503 with `Retry-After`), or counting failed with nothing
    /// counted before (502), worded by what the seller asked for (`use`).
    func catalogNotReady(
        _ status: CatalogStatus, retryHref: String, _ context: RequestContext, for use: Wording.CatalogUse = .other
    ) -> HTTPResponse {
        if status.progress == nil, let failure = status.failure {
            return error(.badGateway, context.wording.catalogNotCounted(failure.reason, for: use), retryHref: retryHref, for: context)
        }
        let wording = context.wording
        var response = error(.serviceUnavailable, wording.stillCounting(status.progress.map(OverviewPage.progressNumbers)), retryHref: retryHref, for: context)
        response.headers["Retry-After"] = String(Self.retryAfterSeconds)
        return response
    }

    static let retryAfterSeconds = 5
}
