import HTTPServer

extension DashboardApp {
    /// The handlers the route table points at, made once at start-up (see `init`).
    struct Handlers {
        /// Makes each request's `RequestContext`.
        let contexts: RequestContext.Maker
        /// The server's own error pages, also for an address that takes only a button's POST.
        let errors: ErrorPage
        let staticFiles: StaticFileHandler
        let images: ImageHandler
        let health: HealthHandler
        let browsing: ProductBrowsing
        let catalogListing: CatalogListing
        let forms: ProductForms
        let export: ProductExport
        let overview: OverviewPages
        let history: HistoryPages
        let trash: TrashPages
        let batches: BatchRoutes
        let sheet: SheetRoutes

        /// The renderer every page shares, for a page that needs nothing else.
        var renderer: PageRenderer { errors.renderer }
    }

    /// The fixed texts of every page, the shared ones and each page's own (`PageTexts`), made
    /// once: every page, and the server's own error pages, get them as `t`. A page with texts
    /// of its own adds its type here; a text the frame shows (a footer link) may be one of them.
    static let texts = TemplateTexts([
        UIText.self, ProductsText.self, BatchesText.self, ImportText.self, SheetText.self, HistoryText.self, TrashText.self,
        OverviewText.self,
    ])

    /// Every route of the dashboard, in one table: method, path, handler, and what it answers
    /// (a template under `Templates/`, or another kind of body). The router orders routes by
    /// specificity, so `/products/new` wins over `/products/{id}` whatever the order here.
    static func routes(_ h: Handlers) -> Router {
        var r = Router()
        let formBody = ProductForms.maxCreateBodyBytes
        // Every page handler takes the request's context, made once here (`RequestContext`).
        let c = h.contexts
        r.get("/") { _ in .redirect(to: "/products", status: .found) }
        r.add(.get, "/static/{path...}", h.staticFiles)  // a file of Public/
        r.add(.get, "/images/{key}", h.images)  // a product image, through the image cache
        r.add(.get, "/healthz", h.health)  // JSON for monitors

        r.add(.get, "/products", h.browsing.listPage(c))  // products/list; fragment=1: products/list-results
        r.add(.get, "/products/{id}", h.browsing.productPage(c))  // products/detail
        r.get("/products.csv") { await h.export.csvExport(c($0)) }  // text/csv, streamed
        r.get("/overview") { h.overview.overviewPage(c($0)) }  // overview
        r.post("/catalog/refresh") { h.catalogListing.refreshCatalog(c($0)) }  // 303 back to the list

        r.get("/products/new") { h.forms.newProductForm(c($0)) }  // products/form
        r.post("/products", maxBodySize: formBody) { await h.forms.createProduct(c($0)) }  // 303, or products/form (422)
        r.get("/products/new/images/{token}/{number}") { h.forms.stashedImage(c($0)) }  // a picture kept for the form
        r.get("/products/{id}/edit") { await h.forms.editForm(c($0)) }  // products/form
        r.post("/products/{id}/edit") { await h.forms.saveEdit(c($0)) }  // 303, or products/form (422)
        r.get("/products/{id}/delete") { await h.forms.deleteConfirmation(c($0)) }  // products/delete
        r.post("/products/{id}/delete") { await h.forms.deleteProduct(c($0)) }  // 303 to the list, or products/delete

        r.get("/history") { await h.history.historyPage(c($0)) }  // history/list (?product=ID, page, per_page)
        r.post("/history/{entry}/undo") { await h.history.undo(c($0)) }  // 303 to the product's history, or error (4xx: why not)
        r.get("/trash") { await h.trash.trashPage(c($0)) }  // trash/list (page, per_page)
        r.post("/trash/{entry}/restore") { await h.trash.restore(c($0)) }  // 303 to the new product, or products/form (409, prefilled)
        r.post("/trash/{entry}/forget") { await h.trash.forget(c($0)) }  // 303 to /trash
        r.post("/products/bulk") { await h.batches.bulkPreview(c($0)) }  // 303 to /batches/{id} (a preview: nothing sent)
        r.get("/products/bulk") { h.errors.postOnly($0) }  // error (405): opened directly, not /products/{id}
        r.get("/products/import") { h.batches.importForm(c($0)) }  // batches/import
        r.get("/products/sheet") { await h.sheet.sheetPage(c($0)) }  // products/sheet
        r.post("/products/sheet", maxBodySize: SheetRoutes.maxBodyBytes) { await h.sheet.postSheet(c($0)) }  // 303 to /batches/{id}, or products/sheet (422)
        r.post("/products/import", maxBodySize: BatchRoutes.maxImportBodyBytes, spoolsBody: true) {  // 303, or batches/import (413, 422)
            await h.batches.importPreview(c($0))
        }
        r.get("/batches") { h.batches.batchList(c($0)) }  // batches/list
        r.get("/batches/{id}") { h.batches.batchPage(c($0)) }  // batches/batch: preview, progress (refreshing), outcome
        // Every batch button carries batch_id and batch_revision: from a page drawn before a change, 409 and nothing done.
        r.post("/batches/{id}/apply") { h.batches.apply(c($0)) }  // 303 back; applies once
        r.post("/batches/{id}/cancel") { h.batches.cancel(c($0)) }  // 303 to the list it came from; the batch stays, discarded
        r.post("/batches/{id}/retry") { h.batches.retry(c($0)) }  // 303 back
        r.post("/batches/{id}/undo") { h.batches.undo(c($0)) }  // 303 to the new batch (or the undo already waiting)
        r.post("/batches/{id}/again") { await h.batches.again(c($0)) }  // 303 to a new preview of a missed batch
        r.post("/batches/{id}/schedule") { await h.batches.schedule(c($0)) }  // 303 back, or batches/batch (422 times, 409 overlap)
        r.post("/batches/{id}/unschedule") { await h.batches.unschedule(c($0)) }  // 303 back: a preview again
        r.post("/batches/{id}/end-now") { await h.batches.endNow(c($0)) }  // 303 to the batch that puts back what it set
        return r
    }
}
