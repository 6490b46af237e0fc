import DashboardEngine
import Foundation
import HTTPServer
import MarketClient
import Templating

/// The view model of `/products` (list or grid): builds the template context from the query
/// state and one page of products. Pure: no I/O, so tests check it on literals.
struct ProductListPage {
    let query: ProductListQuery
    let page: ProductPageEnvelope
    /// Turns an upstream image URL into the `/images/{key}` path that serves it.
    let imagePath: (URL) -> String
    let notice: String?
    var language: Language = .en
    /// The most a product may have left and be marked "Only N left" (`--low-stock`).
    var lowStockThreshold = DashboardConfiguration.defaultLowStock
    /// The days of a sale's reference window (`--reference-days`), named by the sale filter.
    var referenceDays = ReferencePrice.defaultDays
    /// Set when the page is answered from the catalog snapshot.
    var snapshot: SnapshotInfo?
    /// The own vendor, when known: its products get a checkbox of the bulk form.
    var ownVendorID: Int?
    /// A refused bulk form, shown again as it was posted (never on a kept page).
    var bulkEntry: BulkFormEntry?
    /// What the reader may do (`RequestContext.may`): without `write` the list has no bulk
    /// form, no ticks and no link to the sheet; without `addOrRemove` the bulk form offers no
    /// delete and an empty list no link to register a product.
    var mayWrite = true
    var mayAddOrRemove = true

    /// What a list answered from the catalog snapshot adds: how old the snapshot is, a
    /// button to count again, how many products there are without the search and filters when
    /// they narrow the list, and notes.
    struct SnapshotInfo {
        /// "Updated 14:02 KST, 2 minutes ago."
        var asOf: String
        /// The products the list would show without its search and filters, when it shows
        /// fewer: the count line says "of 12 matches (60 products in all)".
        var inAll: Int?
        /// The refresh form's CSRF token.
        var csrfToken: String
        /// Prices in two currencies are listed one currency after the other.
        var mixesCurrencies = false
        /// The snapshot stopped at its product limit.
        var partial: String?
    }

    var wording: Wording { Wording(language) }

    /// Takes what the reader may do from the request's context.
    mutating func allow(_ context: RequestContext) {
        mayWrite = context.may(.write)
        mayAddOrRemove = context.may(.addOrRemove)
    }

    /// Thumbnails are square; fixed sizes keep the layout from shifting while they load.
    static let imageSize = 200

    var context: TemplateObject {
        var context: TemplateObject = [
            "title": .string(title),
            "heading": .string(heading),
            "viewName": .string(query.view.rawValue),
            "languagePath": .string(query.listPath),
            "query": [
                "q": .string(query.search),
                // The search form keeps a view other than the default one.
                "view": query.view == .list ? .null : .string(query.view.rawValue),
                "hasCustomPageSize": .bool(query.perPage != ProductListQuery.defaultPageSize),
                "perPage": TemplateValue(query.perPage),
                "hasSearch": .bool(!query.search.isEmpty),
                "mine": .bool(query.mine),
                // A new search keeps the order and filters.
                "orderAndFilters": .list(query.orderAndFilterFields.map { field in
                    ["name": .string(field.name), "value": .string(field.value)]
                }),
            ],
            "clearSearchHref": .string(query.withoutSearch.listPath),
            "ownerLinks": .list([false, true].map { mine in
                [
                    "label": .string(wording.ownerLabel(mine: mine)),
                    "href": .string(query.with(mine: mine).listPath),
                    "current": .bool(mine == query.mine),
                ]
            }),
            "csvHref": .string(query.csvPath),
            "viewLinks": .list(ProductListQuery.View.allCases.map { view in
                [
                    "label": .string(wording.viewLabel(view)),
                    "href": .string(query.with(view: view).listPath),
                    "current": .bool(view == query.view),
                ]
            }),
            "perPageLinks": .list(ProductListQuery.pageSizes.map { size in
                [
                    "size": TemplateValue(size),
                    "label": .string(wording.perPageOption(size)),
                    "href": .string(query.with(perPage: size).listPath),
                    "current": .bool(size == query.perPage),
                ]
            }),
            "hasProducts": .bool(!page.products.isEmpty),
            "isTable": .bool(query.view == .table),
            "summary": .string(summary),
            "summaryRange": .string(summaryRange),
            "emptyMessage": .string(emptyMessage),
            "products": .list(products),
        ]
        if let pagination = paginationContext { context["pagination"] = pagination }
        if let emptyAction { context["emptyAction"] = emptyAction }
        if query.view == .table {
            for (column, header) in tableHeaders { context[column.templateKey] = .object(header) }
            // The table's own link to the sheet; the bulk form then has none.
            if ownVendorID != nil, mayWrite { context["sheetHref"] = .string(query.sheetPath) }
        }
        if let notice { context["notice"] = .string(notice) }
        context["filters"] = .object(filterContext)
        if !query.ignored.isEmpty { context["ignoredNote"] = .string(wording.ignoredNote(query.ignored)) }
        if let bulk = bulkContext { context["bulk"] = .object(bulk) }
        if let snapshot {
            var info: TemplateObject = [
                "asOf": .string(snapshot.asOf),
                "csrfToken": .string(snapshot.csrfToken), "back": .string(query.listPath),
            ]
            if snapshot.mixesCurrencies { info["currencyNote"] = .string(wording.currencyOrder) }
            if let partial = snapshot.partial { info["partial"] = .string(partial) }
            context["snapshot"] = .object(info)
        }
        return context
    }

    var heading: String {
        wording.listHeading(mine: query.mine, search: query.search)
    }

    var title: String {
        wording.listTitle(mine: query.mine, search: query.search, page: query.page)
    }

    /// "Showing 21–40 of 113", "Showing 1–20 of 45 matches (60 products in all)".
    var summary: String { counted(range: false) }

    /// The summary with even one product as a range, which `load-more.js` widens.
    var summaryRange: String { counted(range: true) }

    private func counted(range: Bool) -> String {
        guard !page.products.isEmpty else { return "" }
        // The query's page is at most 1,000,000 and its size at most 100 (ProductListQuery),
        // but checked arithmetic keeps a state built another way from trapping.
        let (skipped, overflowed) = (max(query.page, 1) - 1).multipliedReportingOverflow(by: max(query.perPage, 0))
        guard !overflowed, skipped <= Int.max - page.products.count else { return "" }
        let first = skipped + 1
        let last = skipped + page.products.count
        return wording.showing(first: first, last: last, total: max(page.totalCount, last), inAll: snapshot?.inAll, range: range)
    }

    var emptyMessage: String {
        wording.emptyList(search: query.search, page: query.page, mine: query.mine, filtered: query.filterCount > 0, mayAdd: mayAddOrRemove)
    }

    /// The one next step an empty list offers: clear the search, clear the filters, or add a
    /// product (for whoever may); none past the last page (the pagination leads back).
    var emptyAction: TemplateValue? {
        let (href, label): (String, String)
        if !query.search.isEmpty {
            (href, label) = (query.withoutSearch.listPath, wording[.clearSearch])
        } else if query.filterCount > 0 {
            (href, label) = (query.withoutFilters.listPath, wording[.clearFilters])
        } else if query.page > 1 || !mayAddOrRemove {
            return nil
        } else {
            (href, label) = ("/products/new", wording[.registerProduct])
        }
        return ["href": .string(href), "label": .string(label)]
    }

    var products: [TemplateValue] {
        // Only the first row loads eagerly: the list shows one product a row, the grid up to five.
        let eager = query.view == .grid ? 5 : 1
        let queryString = query.queryString
        let wording = self.wording
        return page.products.enumerated().map { index, product in
            var item = ProductListPage.priceContext(
                product, wording, lowStockThreshold: lowStockThreshold, extraMembers: query.view == .table ? 16 : 9)
            item["href"] = .string(ProductListQuery.productPath(product.id, queryString: queryString))
            item["name"] = .string(product.name)
            item["imageSrc"] = .string(product.thumbnail.map(imagePath) ?? ProductListPage.placeholderPath)
            item["imageSize"] = TemplateValue(Self.imageSize)
            item["lazy"] = .bool(index >= eager)
            if let vendor = product.vendorName, !vendor.isEmpty { item["vendor"] = .string(vendor) }
            if query.view == .table { tableCells(product, wording, into: &item) }
            if selectsProducts, product.vendorID == ownVendorID {
                item["selectable"] = true
                item["id"] = TemplateValue(product.id)
                item["selectLabel"] = .string(wording.selectProduct(product.name))
                if let bulkEntry, bulkEntry.ids.contains(product.id) { item["ticked"] = true }
            }
            return .object(item)
        }
    }

    static let placeholderPath = "/static/images/placeholder.png"

    /// A table row's thumbnails are small: the table shows many products a screen.
    static let tableImageSize = 40

    /// The table's own cells: the list price, the discount and the sale price apart, the
    /// currency, and the day of registration.
    private func tableCells(_ product: ProductSummary, _ wording: Wording, into item: inout TemplateObject) {
        let currency = product.currency.rawValue
        item["imageSize"] = TemplateValue(Self.tableImageSize)
        item["listPrice"] = .string(wording.price(product.price.amount, currency: currency))
        // Every product has a sale price (the price when there is no discount); only the
        // discount is left empty when there is none.
        item["salePrice"] = .string(wording.price(product.bargainPrice.amount, currency: currency))
        if product.isOnSale {
            item["discount"] = .string(wording.price(product.discountedPrice.amount, currency: currency))
        }
        item["currency"] = .string(currency)
        item["productID"] = TemplateValue(product.id)
        if let created = product.createdAt {
            item["registered"] = .string(wording.day(Substring(MarketDay.iso(created))))
            item["registeredISO"] = .string(MarketDay.iso(created))
        }
    }

    /// The table's sortable columns: each header links to its column's ascending order, or to
    /// the descending one when the list is in its ascending order now; the header of the order
    /// in use says which way it runs (`aria-sort`).
    var tableHeaders: [(TableColumn, TemplateObject)] {
        let wording = self.wording
        return TableColumn.allCases.map { column in
            let current = column.direction(of: query.sort)
            let next = current == .ascending ? column.descending : column.ascending
            var header: TemplateObject = [
                "key": .string(column.rawValue),
                "label": .string(column.label(wording)),
                "href": .string(query.with(sort: next).listPath),
                "hint": .string(wording.sortHint(next)),
            ]
            if let current { header["ariaSort"] = .string(current.rawValue) }
            return (column, header)
        }
    }

    /// A column of the table whose header sorts by it.
    enum TableColumn: String, CaseIterable {
        case name, price, stock, registered

        /// The header's key in the page's context: `sortName`, `sortPrice`, ….
        var templateKey: String { "sort" + rawValue.prefix(1).uppercased() + rawValue.dropFirst() }

        enum Direction: String {
            case ascending, descending
        }

        var ascending: CatalogSort {
            switch self {
            case .name: .name
            case .price: .price
            case .stock: .stock
            case .registered: .oldest
            }
        }

        var descending: CatalogSort {
            switch self {
            case .name: .nameDescending
            case .price: .priceDescending
            case .stock: .stockDescending
            case .registered: .newest
            }
        }

        /// The direction `sort` orders this column in, or nil when it orders another.
        func direction(of sort: CatalogSort) -> Direction? {
            switch sort {
            case ascending: .ascending
            case descending: .descending
            default: nil
            }
        }

        func label(_ wording: Wording) -> String {
            switch self {
            case .name: wording[.nameLabel]
            case .price: wording[.priceLabel]
            case .stock: wording[.stockLabel]
            case .registered: wording[.registered]
            }
        }
    }

    /// Price, sale and stock fields shared by the list and the detail page, in an object with
    /// room for `extraMembers` more (a list item adds six: no regrowing).
    /// A product with 1 to `lowStockThreshold` left is marked "Only N left".
    static func priceContext(
        _ product: ProductSummary, _ wording: Wording = Wording(.en), lowStockThreshold: Int = DashboardConfiguration.defaultLowStock,
        extraMembers: Int = 0
    ) -> TemplateObject {
        let currency = product.currency.rawValue
        let onSale = product.isOnSale
        var item = TemplateObject(minimumCapacity: 8 + extraMembers)
        if product.stock > 0 && product.stock <= lowStockThreshold {
            item["lowStock"] = .string(wording.lowStock(product.stock))
        }
        item["price"] = .string(wording.price(onSale ? product.bargainPrice.amount : product.price.amount, currency: currency))
        item["onSale"] = .bool(onSale)
        item["soldOut"] = .bool(product.isSoldOut)
        item["stock"] = TemplateValue(product.stock)
        item["stockText"] = .string(wording.stock(product.stock))
        if onSale {
            let original = wording.price(product.price.amount, currency: currency)
            item["originalPrice"] = .string(original)
            item["originalPriceLabel"] = .string(wording.originalPrice(original))
        }
        return item
    }

    var paginationContext: TemplateValue? {
        Pagination.context(page: query.page, lastPage: page.lastPage, wording: wording) { query.with(page: $0).listPath }
    }
}
