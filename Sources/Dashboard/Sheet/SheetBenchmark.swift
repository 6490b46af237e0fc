import DashboardEngine
import Foundation
import HTTPServer
import MarketClient

/// The sheet's own work, reachable from the `catalog-bench` executable (same package, `package`
/// access), which times it without HTTP at a large catalog: building the sheet of one page of
/// own products as `GET /products/sheet` does (the snapshot's query, the rows, the template),
/// and previewing a post of changed cells as `POST /products/sheet` does (reading the fields,
/// looking the products up in the snapshot, planning, storing the batch). Nothing of the
/// dashboard calls it.
package struct SheetBenchmark: Sendable {
    private let catalog: CatalogBenchmark
    private let renderer: PageRenderer
    private let store: BatchStore
    private let ownVendorID: Int

    /// Batches are stored in a database in `dataDirectory` (not fsynced, as a benchmark's), with
    /// their times from `clock`.
    package init(catalog: CatalogBenchmark, ownVendorID: Int, templatesDirectory: String, dataDirectory: URL, clock: any WallClock) throws {
        self.catalog = catalog
        self.ownVendorID = ownVendorID
        renderer = try PageRenderer(templatesDirectory: templatesDirectory, logger: ServerLogger(level: .off))
        let database = try DashboardDatabase(directory: dataDirectory, migrations: Engine.migrations, durable: false, clock: clock)
        store = BatchStore(database: database, clock: clock)
    }

    /// The sheet of page `page` of the own products by price, `perPage` rows: the HTML's bytes.
    /// The texts the sheet's page names.
    private static let texts = TemplateTexts([UIText.self, SheetText.self])

    package func build(page: Int, perPage: Int) -> Int {
        let request = HTTPRequest(method: .get, target: "/products/sheet?mine=1&sort=price&per_page=\(perPage)&page=\(page)")
        let context = RequestContext(request, settings: PageSettings(timeZone: .gmt), ownVendorID: ownVendorID, texts: Self.texts)
        let rows = ownPage(context, page: page, perPage: perPage).map { SheetPage.row($0, query: context.listQuery) }
        let sheet = SheetPage(
            rows: rows, query: context.listQuery, csrfToken: SecureToken.make(), formToken: SecureToken.make(), language: context.language)
        guard case .bytes(let html) = renderer.page("products/sheet", sheet.context, for: context).body else { return 0 }
        return html.count
    }

    /// A post of page `page` of the own products by price, `count` rows with every price
    /// raised by 100, previewed: the batch's rows.
    package func preview(page: Int, count: Int) throws -> Int {
        let request = HTTPRequest(method: .get, target: "/products/sheet?mine=1&sort=price&per_page=\(count)&page=\(page)")
        let context = RequestContext(request, settings: PageSettings(timeZone: .gmt), ownVendorID: ownVendorID, texts: Self.texts)
        var fields: [URLEncodedForm.Field] = []
        for product in ownPage(context, page: page, perPage: count) {
            let row = SheetPage.row(product, query: context.listQuery)
            for field in SheetPlanner.fields {
                let shown = row.shown[field] ?? ""
                let typed = field == .price ? ProductFormValues.plain(product.price + Money(100), currency: product.currency) : shown
                fields.append(URLEncodedForm.Field("was." + SheetPage.inputName(field, product.id), shown))
                fields.append(URLEncodedForm.Field(SheetPage.inputName(field, product.id), typed))
            }
        }
        let cells = SheetRoutes.cells(fields).cells
        // As the post looks its products up: one pass over the snapshot.
        let wanted = Set(cells.map(\.id))
        var products: [Int: CatalogProduct] = [:]
        for product in catalog.snapshot.products where wanted.contains(product.id) { products[product.id] = product }
        guard case .rows(let rows) = SheetPlanner.plan(cells, products: products, ownVendorID: ownVendorID) else { return 0 }
        _ = try store.create(kind: .sheet, action: nil, source: "", notes: [], rows: rows, by: nil)
        return rows.count
    }

    private func ownPage(_ context: RequestContext, page: Int, perPage: Int) -> [ProductSummary] {
        let snapshot = catalog.snapshot
        let found = snapshot.matching(
            context.listQuery.catalogQuery(vendorID: ownVendorID, lowStockThreshold: context.settings.lowStockThreshold, language: context.language))
        let start = min(found.count, (page - 1) * perPage)
        return found[start..<min(found.count, start + perPage)].map { snapshot.products[Int($0)].summary }
    }
}
