import DashboardEngine
import HTTPServer

extension DashboardApp {
    /// The handlers the route table points at, made once at start-up (see `init`).
    struct Handlers {
        /// The engine and the settings, for a page whose handler is made in its route line
        /// (`AboutPage(renderer: h.renderer, catalog: h.engine.catalog)`): it needs no stored
        /// property here. A handler with state of its own (a store, a cache) is made once, below.
        let engine: Engine
        let configuration: DashboardConfiguration
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
        let signIn: SignInPages
        let accounts: AccountPages
        let prices: PriceHistoryPages
        let pastPrices: PastPriceImportPages

        /// The renderer every page shares, for a page that needs nothing else.
        var renderer: PageRenderer { errors.renderer }
    }

    /// The fixed texts of every page, the shared ones and each page's own (`PageTexts`), made
    /// once: every page, and the server's own error pages, get them as `t`. A page with texts
    /// of its own adds its type here; the footer's links are made with them (`footerLinks`).
    static let texts = TemplateTexts([
        UIText.self, ProductsText.self, BatchesText.self, ImportText.self, SheetText.self, HistoryText.self, TrashText.self,
        OverviewText.self, AccountsText.self, PriceHistoryText.self, PastPriceImportText.self,
    ], footerLinks: footerLinks)

    /// The links the footer shows on every page, in this order: a page linked from there adds
    /// its path and one of its own texts here (`FooterLink("/about", AboutText.aboutLink)`).
    /// The header's menu links the pages a person opens often; the footer, any others.
    static let footerLinks: [FooterLink] = []

    /// Every route of the dashboard, in one table: method, path, what it needs of the person
    /// asking when accounts are on (`Permission`), handler, and what it answers (a template
    /// under `Templates/`, or another kind of body). Open: files, images, the health check,
    /// signing in and out; read: every page a GET opens but the forms of one product, which
    /// need what their post needs (a reader who may not send them gets the 403 that says who
    /// can, not a form that answers it); write: changes to existing products; add or remove:
    /// what registers, deletes, restores or forgets a product (a form whose content adds or
    /// removes, such as a bulk delete, is checked by its handler). The router
    /// orders routes by specificity, so `/products/new` wins over `/products/{id}` whatever the
    /// order here.
    static func routes(_ h: Handlers) -> RouteTable {
        var r = RouteTable(contexts: h.contexts, renderer: h.renderer)
        let formBody = ProductForms.maxCreateBodyBytes
        let passwordBody = AccountPages.maxPasswordFormBytes
        // Every page handler takes the request's context, made once by the table (`RequestContext`).
        let c = h.contexts
        r.get("/", .open) { _ in .redirect(to: "/products", status: .found) }
        r.add(.get, "/static/{path...}", .open, h.staticFiles)  // a file of Public/
        r.add(.get, "/images/{key}", .open, h.images)  // a product image, through the image cache
        r.add(.get, "/healthz", .open, h.health)  // JSON for monitors

        r.add(.get, "/products", .read, h.browsing.listPage(c))  // products/list; fragment=1: products/list-results
        r.add(.get, "/products/{id}", .read, h.browsing.productPage(c))  // products/detail
        r.get("/products.csv", .read) { await h.export.csvExport($0) }  // text/csv, streamed
        r.get("/products/{id}/prices", .read) { await h.prices.pricesPage($0) }  // prices/history
        r.get("/products/{id}/prices.csv", .read) { await h.prices.csvExport($0) }  // text/csv, streamed
        r.get("/products/prices/import", .read) { h.pastPrices.importForm($0) }  // prices/import (?added=TOKEN: what an Add did)
        r.post("/products/prices/import", .write, maxBodySize: PastPriceImportPages.maxBodyBytes, spoolsBody: true) {  // prices/import: the preview (422 with a refused line), or the file's problem (403, 413, 415, 422)
            await h.pastPrices.preview($0)
        }
        r.post("/products/prices/import/add", .write) { await h.pastPrices.add($0) }  // 303 to /products/prices/import?added=TOKEN; 410 for a preview no longer kept
        r.get("/overview", .read) { h.overview.overviewPage($0) }  // overview
        r.post("/catalog/refresh", .read) { h.catalogListing.refreshCatalog($0) }  // 303 back to the list

        r.get("/products/new", .addOrRemove) { h.forms.newProductForm($0) }  // products/form
        r.post("/products", .addOrRemove, maxBodySize: formBody) { await h.forms.createProduct($0) }  // 303, or products/form (422)
        r.get("/products/new/images/{token}/{number}", .read) { h.forms.stashedImage($0) }  // a picture kept for the form
        r.get("/products/{id}/edit", .write) { await h.forms.editForm($0) }  // products/form
        r.post("/products/{id}/edit", .write) { await h.forms.saveEdit($0) }  // 303, or products/form (422)
        r.get("/products/{id}/delete", .addOrRemove) { await h.forms.deleteConfirmation($0) }  // products/delete
        r.post("/products/{id}/delete", .addOrRemove) { await h.forms.deleteProduct($0) }  // 303 to the list, or products/delete

        r.get("/history", .read) { await h.history.historyPage($0) }  // history/list (?product=ID, by=NAME, page, per_page)
        r.get("/history/accounts", .manageAccounts) { h.accounts.accountEventsPage($0) }  // accounts/events (owners; page, per_page)
        r.get("/history.csv", .read) { await h.history.csvExport($0) }  // text/csv (?product=ID, by=NAME), streamed
        r.post("/history/{entry}/undo", .write) { await h.history.undo($0) }  // 303 to the product's history, or error (4xx: why not)
        r.get("/trash", .read) { await h.trash.trashPage($0) }  // trash/list (page, per_page)
        r.post("/trash/{entry}/restore", .addOrRemove) { await h.trash.restore($0) }  // 303 to the new product, or products/form (409, prefilled)
        r.post("/trash/{entry}/forget", .addOrRemove) { await h.trash.forget($0) }  // 303 to /trash
        r.post("/products/bulk", .write) { await h.batches.bulkPreview($0) }  // 303 to /batches/{id} (a preview: nothing sent); a delete: owner
        r.get("/products/bulk", .read) { h.errors.postOnly($0.request) }  // error (405): opened directly, not /products/{id}
        r.get("/products/import", .read) { h.batches.importForm($0) }  // batches/import
        r.get("/products/sheet", .read) { await h.sheet.sheetPage($0) }  // products/sheet
        r.post("/products/sheet", .write, maxBodySize: SheetRoutes.maxBodyBytes) { await h.sheet.postSheet($0) }  // 303 to /batches/{id}, or products/sheet (422); adding: owner
        r.post("/products/import", .write, maxBodySize: BatchRoutes.maxImportBodyBytes, spoolsBody: true) {  // 303, or batches/import (413, 422); adding: owner
            await h.batches.importPreview($0)
        }
        r.get("/batches", .read) { h.batches.batchList($0) }  // batches/list
        r.get("/batches/{id}", .read) { await h.batches.batchPage($0) }  // batches/batch: preview, progress (refreshing), outcome
        // Every batch button carries batch_id and batch_revision: from a page drawn before a change, 409 and nothing done.
        r.post("/batches/{id}/apply", .write) { h.batches.apply($0) }  // 303 back; applies once; one that adds or removes: owner
        r.post("/batches/{id}/cancel", .write) { h.batches.cancel($0) }  // 303 to the list it came from; the batch stays, discarded
        r.post("/batches/{id}/retry", .write) { h.batches.retry($0) }  // 303 back; one that adds or removes: owner
        r.post("/batches/{id}/undo", .write) { h.batches.undo($0) }  // 303 to the new batch (or the undo already waiting)
        r.post("/batches/{id}/reference", .write) { await h.batches.useReference($0) }  // 303 back: a preview's prices before set to their reference
        r.post("/batches/{id}/again", .write) { await h.batches.again($0) }  // 303 to a new preview of a missed batch
        r.post("/batches/{id}/schedule", .write) { await h.batches.schedule($0) }  // 303 back, or batches/batch (422 times, 409 overlap)
        r.post("/batches/{id}/unschedule", .write) { await h.batches.unschedule($0) }  // 303 back: a preview again
        r.post("/batches/{id}/end-now", .write) { await h.batches.endNow($0) }  // 303 to the batch that puts back what it set

        r.get("/sign-in", .open) { h.signIn.signInPage($0) }  // accounts/sign-in; ?setup=TOKEN with no owner: accounts/setup
        r.post("/sign-in", .open, maxBodySize: passwordBody) { await h.signIn.signIn($0) }  // 303 to next with a session, or accounts/sign-in (401, 429)
        r.post("/sign-in/setup", .open, maxBodySize: passwordBody) { await h.signIn.completeSetup($0) }  // 303 to /accounts, or accounts/setup (422), error (410)
        r.post("/sign-out", .open) { h.signIn.signOut($0) }  // 303 to /sign-in, the session ended
        r.get("/accounts", .manageAccounts) { h.accounts.accountsPage($0) }  // accounts/list (owners)
        r.post("/accounts", .manageAccounts, maxBodySize: passwordBody) { await h.accounts.addAccount($0) }  // 303 back, or accounts/list (4xx, the add form refilled)
        r.post("/accounts/{id}/role", .manageAccounts) { h.accounts.changeRole($0) }  // 303 back, or accounts/list (409 the last owner)
        r.post("/accounts/{id}/password", .manageAccounts, maxBodySize: passwordBody) { await h.accounts.resetPassword($0) }  // 303 back, or accounts/list (422)
        r.post("/accounts/{id}/disabled", .manageAccounts) { h.accounts.setDisabled($0) }  // 303 back, or accounts/list (409 the last owner)
        r.get("/account", .read) { h.accounts.myAccountPage($0) }  // accounts/mine (anyone signed in)
        r.post("/account/password", .read, maxBodySize: passwordBody) { await h.accounts.changeMyPassword($0) }  // 303 back, or accounts/mine (422)
        r.post("/account/sign-out-everywhere", .read) { h.accounts.signOutEverywhere($0) }  // 303 to /sign-in, every session ended
        return r
    }
}
