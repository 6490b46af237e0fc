import HTTPServer

/// The answers a page built on the catalog snapshot gives when it cannot be built yet.
extension PageRenderer {
    /// `mine=1` without a known own vendor: how to tell the dashboard which vendor is yours.
    func unknownOwnVendor(_ request: HTTPRequest) -> HTTPResponse {
        error(.conflict, heading: "Your vendor is not known yet",
            message: "To show your own products, start the dashboard with --vendor-id N (or set OPENMARKET_VENDOR_ID=N), "
                + "where N is the vendor_id of your products. Registering a product through this dashboard also tells it.",
            retryHref: nil, for: request)
    }

    /// Still counting after the wait (503 with `Retry-After`), or counting failed with nothing
    /// counted before (502).
    func catalogNotReady(_ status: CatalogStatus, retryHref: String, _ request: HTTPRequest) -> HTTPResponse {
        if status.progress == nil, let failure = status.failure {
            return error(.badGateway, Catalog(Language(request)).catalogNotCounted(failure.message), retryHref: retryHref, for: request)
        }
        let counted = status.progress.map { " (\(OverviewPage.progressText($0).lowercased()))" } ?? ""
        var response = error(.serviceUnavailable, heading: "Still counting products",
            message: "The dashboard is counting the market's products for the first time\(counted). "
                + "Please try again in a few seconds; the overview shows how far it has got.",
            retryHref: retryHref, for: request)
        response.headers["Retry-After"] = String(Self.retryAfterSeconds)
        return response
    }

    static let retryAfterSeconds = 5
}
