import DashboardEngine
import HTTPServer
import Templating

/// A refused bulk form comes back on the list it was posted from.
extension ProductBrowsing: BulkFormList {
    /// `POST /products/bulk` refused: the list page the form was posted from (`query`), 422,
    /// with the form open as it was posted and every problem in its summary and beside its
    /// field. Rendered on its own, never through `ListPageMemo`: the kept page stays the plain
    /// list, and the list's own answers keep their path. When the list itself cannot be shown
    /// (the market down, the first count still running), nil: the caller says why elsewhere.
    func refusedBulkForm(_ entry: BulkFormEntry, list query: ProductListQuery, _ context: RequestContext) async -> HTTPResponse? {
        var page: ProductListPage
        if query.mine || query.usesSnapshot {
            guard let catalogListing, case .page(let found) = await catalogListing.listPageModel(query, context, imagePath: imagePath) else {
                return nil
            }
            page = found
        } else {
            guard let cached = try? await gateway.page(query.listKey) else { return nil }
            page = listPageModel(query, cached.value, context)
        }
        page.bulkEntry = entry
        var values = page.context
        values["title"] = .string(context.wording.errorTitle(page.title))
        var response = renderer.page("products/list", values, status: .unprocessableContent, isPrivate: true, for: context)
        response.headers["Cache-Control"] = "no-store"
        return response
    }
}
