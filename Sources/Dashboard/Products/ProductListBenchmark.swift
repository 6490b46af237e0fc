import DashboardEngine
import HTTPServer
import MarketClient
import Templating

/// For `template-bench` (same package), never for the server.
package enum ProductListBenchmark {
    /// The `/products` route wired as the dashboard wires it (real templates, view model, image
    /// registry, flash check), with `page` fresh in its JSON cache for an hour as every page's
    /// products: `template-bench --page` measures the whole cached-page path with it.
    /// `keepsRenderedPages` is the `--page-cache` option (on by default, as in the dashboard).
    package static func route(
        page: ProductPageEnvelope, api: any MarketAPI, templatesDirectory: String, keepsRenderedPages: Bool = true
    ) throws -> any ImmediateHTTPHandler {
        let logger = ServerLogger(level: .warning)
        let gateway = MarketGateway(api: api, freshFor: .seconds(3600), hardExpiry: .seconds(7200))
        for perPage in ProductListQuery.pageSizes {
            for number in 1...3 {
                gateway.lists.store(page, for: MarketGateway.ListKey(page: number, perPage: perPage, search: ""))
            }
        }
        let ownVendor = OwnVendor(id: nil, source: .notLearned)
        let pages = ProductBrowsing(
            gateway: gateway,
            images: ImageURLRegistry(),
            renderer: try PageRenderer(templatesDirectory: templatesDirectory, logger: logger),
            ownVendor: ownVendor, flash: FlashMessages(clock: SystemWallClock()), keepsRenderedPages: keepsRenderedPages)
        var contexts = RequestContext.Maker(settings: PageSettings(timeZone: .gmt), ownVendor: ownVendor)
        contexts.texts = texts
        return pages.listPage(contexts)
    }

    /// The texts the list page names.
    static let texts = TemplateTexts([UIText.self, ProductsText.self])

    /// The English texts as pages get them under `t`, for hand-made contexts.
    package static let englishTexts: TemplateValue = texts[.en]
}
