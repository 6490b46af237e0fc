import DashboardEngine
import Foundation
import HTTPServer
import MarketClient

/// `GET /products/{id}/prices` and `/products/{id}/prices.csv`: one of the seller's own
/// products' price timeline (`PriceTimeline`) as a page and as CSV. The timeline holds every
/// product a count saw, any seller's (a count compares them all), but a history is the seller's
/// own record: another seller's product answers 404, saying whose it is, once the own vendor is
/// known. The product's name comes from the market (through the gateway's cache); a product the
/// market does not have answers 404, as its own page does (with the recycle bin's word on it),
/// and so does an id that is not a number.
struct PriceHistoryPages: Sendable {
    let gateway: MarketGateway
    let prices: PriceTimeline
    /// The page's now: the chart's end and whether the timeline covers a sale's window.
    let clock: any WallClock
    let renderer: PageRenderer
    /// Where a product the market no longer has may be (nil: a plain "not found").
    var recycleBin: RecycleBin?

    /// `GET /products/{id}/prices`: `prices/history`.
    func pricesPage(_ context: RequestContext) async -> HTTPResponse {
        let found: (product: ProductDetail, states: [PriceState])
        switch await lookUp(context) {
        case .found(let product, let states): found = (product, states)
        case .answered(let response): return response
        }
        var page = PriceHistoryPage(
            productID: found.product.id, name: found.product.name, states: found.states, now: clock.now(),
            referenceDays: prices.referenceDays, language: context.language, zone: context.settings.timeZone)
        // Another seller's product never gets here once the own vendor is known; before, the
        // import (which checks each line's seller) is not offered.
        page.canImport = context.ownVendorID == found.product.vendorID
        return renderer.page("prices/history", page.context, for: context)
    }

    /// `GET /products/{id}/prices.csv`: the same states as `PriceHistoryCSV` writes them.
    func csvExport(_ context: RequestContext) async -> HTTPResponse {
        let found: (product: ProductDetail, states: [PriceState])
        switch await lookUp(context) {
        case .found(let product, let states): found = (product, states)
        case .answered(let response): return response
        }
        return HTTPResponse(
            status: .ok,
            headers: [
                "Content-Type": "text/csv; charset=utf-8",
                "Content-Disposition": "attachment; filename=\"product-\(found.product.id)-prices.csv\"",
                "Cache-Control": "no-store",
            ],
            body: .stream(PriceHistoryCSV.body(found.states, zone: context.settings.timeZone)))
    }

    private enum Lookup {
        case found(ProductDetail, [PriceState])
        /// The product cannot be shown: the page that says why.
        case answered(HTTPResponse)
    }

    /// The product named by the path and its states, newest first; or the page that says why not.
    private func lookUp(_ context: RequestContext) async -> Lookup {
        let wording = context.wording
        guard let raw = context.request.parameter("id"), let id = Int(raw), id > 0 else {
            return .answered(renderer.error(.notFound, wording.productNotFound(id: nil), retryHref: nil, for: context))
        }
        let product: ProductDetail
        do {
            product = try await gateway.product(id: id).value
        } catch MarketError.notFound {
            return .answered(await DeletedProductPage.response(id, recycleBin: recycleBin, action: nil, renderer: renderer, context))
        } catch {
            let failure = MarketErrorExplanation(error, .page(productID: id), wording)
            return .answered(renderer.error(
                failure.status, Wording.ErrorText(heading: failure.heading, message: failure.message),
                retryHref: failure.offersRetry ? PageRenderer.retryHref(for: context.request) : nil, for: context))
        }
        if let own = context.ownVendorID, product.vendorID != own {
            return .answered(renderer.error(.notFound, wording.pricesOfAnotherSeller(product.name, id: id), retryHref: nil, for: context))
        }
        do {
            return .found(product, try await prices.states(productID: id))
        } catch {
            renderer.logger.log(.error, "prices: the timeline of product \(id) could not be read: \(error)")
            return .answered(renderer.error(
                .internalServerError, wording.pricesUnreadable, retryHref: PageRenderer.retryHref(for: context.request), for: context))
        }
    }
}
