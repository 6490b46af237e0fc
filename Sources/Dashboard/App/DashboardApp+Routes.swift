import HTTPServer

extension DashboardApp {
    /// The handlers the route table points at, made once at start-up (see `init`).
    struct Handlers {
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
    }

    /// Every route of the dashboard, in one table: method, path, handler, and what it answers
    /// (a template under `Templates/`, or another kind of body). The router orders routes by
    /// specificity, so `/products/new` wins over `/products/{id}` whatever the order here.
    static func routes(_ h: Handlers) -> Router {
        var r = Router()
        let formBody = ProductForms.maxCreateBodyBytes
        r.get("/") { _ in .redirect(to: "/products", status: .found) }
        r.add(.get, "/static/{path...}", h.staticFiles)  // a file of Public/
        r.add(.get, "/images/{key}", h.images)  // a product image, through the image cache
        r.add(.get, "/healthz", h.health)  // JSON for monitors

        r.add(.get, "/products", h.browsing.listPage)  // products/list; fragment=1: products/list-results
        r.add(.get, "/products/{id}", h.browsing.productPage)  // products/detail
        r.get("/products.csv", h.export.csvExport)  // text/csv, streamed
        r.get("/overview", h.overview.overviewPage)  // overview
        r.post("/catalog/refresh", h.catalogListing.refreshCatalog)  // 303 back to the list

        r.get("/products/new", h.forms.newProductForm)  // products/form
        r.post("/products", maxBodySize: formBody, h.forms.createProduct)  // 303, or products/form (422)
        r.get("/products/new/images/{token}/{number}", h.forms.stashedImage)  // a picture kept for the form
        r.get("/products/{id}/edit", h.forms.editForm)  // products/form
        r.post("/products/{id}/edit", h.forms.saveEdit)  // 303, or products/form (422)
        r.get("/products/{id}/delete", h.forms.deleteConfirmation)  // products/delete
        r.post("/products/{id}/delete", h.forms.deleteProduct)  // 303 to the list, or products/delete

        r.get("/history", h.history.historyPage)  // history/list (?product=ID, page, per_page)
        r.post("/history/{entry}/undo", h.history.undo)  // 303 to the product's history, or error (4xx: why not)
        r.get("/trash", h.trash.trashPage)  // trash/list (page, per_page)
        r.post("/trash/{entry}/restore", h.trash.restore)  // 303 to the new product, or products/form (409, prefilled)
        r.post("/trash/{entry}/forget", h.trash.forget)  // 303 to /trash
        r.post("/products/bulk", h.batches.bulkPreview)  // 303 to /batches/{id} (a preview: nothing sent)
        r.get("/products/import", h.batches.importForm)  // batches/import
        r.post("/products/import", maxBodySize: BatchRoutes.maxImportBodyBytes, spoolsBody: true, h.batches.importPreview)  // 303, or batches/import (413, 422)
        r.get("/batches", h.batches.batchList)  // batches/list
        r.get("/batches/{id}", h.batches.batchPage)  // batches/batch: preview, progress (refreshing), outcome
        r.post("/batches/{id}/apply", h.batches.apply)  // 303 back; applies once
        r.post("/batches/{id}/cancel", h.batches.cancel)  // 303 to the list
        r.post("/batches/{id}/retry", h.batches.retry)  // 303 back
        r.post("/batches/{id}/undo", h.batches.undo)  // 303 to the new batch
        return r
    }
}
