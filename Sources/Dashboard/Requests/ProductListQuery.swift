import DashboardEngine
import Foundation
import HTTPServer
import MarketClient

/// The state of the product list a person is looking at: `view`, `page`, `per_page`, `q`,
/// `mine`, and the order and filters the market's API cannot answer (`sort`, `stock`, `sale`,
/// `currency`, `min_price`, `max_price`, answered from the catalog snapshot). Parsed
/// leniently (an invalid value falls back to its default, never a 500) and written back into
/// every link so the state survives navigation; parameters it does not know are dropped.
struct ProductListQuery: Sendable, Equatable {
    enum View: String, Sendable, CaseIterable {
        case list
        case grid
        /// A dense table, a row per product, its headers sorting by their column.
        case table
    }


    static let pageSizes = [10, 20, 50, 100]
    static let defaultPageSize = 20
    /// Longer search text is cut here: the market has no use for more, and it bounds the cache key.
    static let maxSearchLength = 100

    var view = View.list
    var page = 1
    var perPage = defaultPageSize
    var search = ""
    /// `mine=1`: only the own vendor's products, from the catalog snapshot.
    var mine = false
    var sort = CatalogSort.newest
    var stock: CatalogFilter.Stock?
    /// `sale=`: `1`, only products with a discount; `above-reference`, only those whose
    /// struck-through price is above their reference price (the price timeline's
    /// `CurrentSales.aboveReference`).
    var sale: SaleFilter?
    var currency: Currency?
    /// The price paid, in `currency`'s units; read only together with `currency`.
    var minPrice: Decimal?
    var maxPrice: Decimal?
    /// Parameters whose values were not used, in order, each with why: ignored, dropped from
    /// links, and named in a short note on the page that says how to fix them.
    var ignored: [Ignored] = []

    /// A parameter whose value was not used, and why.
    struct Ignored: Sendable, Equatable {
        enum Code: Error, Sendable, Equatable {
            /// Not one of the parameter's values (`sort=DROP`, `stock=42`, `currency=EUR`).
            case unrecognisedValue
            /// A price bound without a currency to read it in.
            case needsCurrency
            /// A price bound that is not an amount (`abc`, `1e9`).
            case notANumber(Currency)
            /// A price bound under 0 (`-5`).
            case negative
            /// A price bound with decimals its currency does not have: any for KRW, more
            /// than two for USD.
            case tooManyDecimals(Currency)
            /// A price bound with more than 12 digits before the point.
            case tooLarge
            /// `max_price` under `min_price`: both amounts, in `currency`.
            case belowMinimum(Currency, low: Decimal, high: Decimal)
        }

        var name: String
        var code: Code
    }

    /// The names of the parameters not used, in order.
    var ignoredNames: [String] { ignored.map(\.name) }

    init() {}

    init(view: View = .list, page: Int = 1, perPage: Int = defaultPageSize, search: String = "", mine: Bool = false) {
        self.view = view
        self.page = page
        self.perPage = perPage
        self.search = search
        self.mine = mine
    }

    /// The parameters the list reads, in the order `names` spells them.
    private enum Parameter: Int, CaseIterable {
        case view, page, perPage, search, mine, sort, stock, sale, currency, minPrice, maxPrice

        var name: String {
            switch self {
            case .view: "view"
            case .page: "page"
            case .perPage: "per_page"
            case .search: "q"
            case .mine: "mine"
            case .sort: "sort"
            case .stock: "stock"
            case .sale: "sale"
            case .currency: "currency"
            case .minPrice: "min_price"
            case .maxPrice: "max_price"
            }
        }

        static let names = QueryNames(allCases.map(\.name))
    }

    /// Reads the query; anything unusable is replaced by its default. Names are matched as
    /// bytes and only the values of known names are decoded: the cost of a parameter the list
    /// does not know (a campaign tag) is a few comparisons.
    init(_ request: HTTPRequest) {
        var prices: (min: String?, max: String?) = (nil, nil)
        request.queryPairs.forEach(in: Parameter.names) { index, value in
            if let parameter = Parameter(rawValue: index) { read(parameter, value, &prices) }
        }
        readPriceRange(prices)
    }

    /// Reads name/value pairs as the query's (a form that carries a list's state in hidden
    /// fields, as the bulk form does).
    init(items: [URLEncodedForm.Field]) {
        var prices: (min: String?, max: String?) = (nil, nil)
        for item in items {
            if let parameter = Parameter.names.index(of: item.name).flatMap(Parameter.init(rawValue:)) {
                read(parameter, { item.value }, &prices)
            }
        }
        readPriceRange(prices)
    }

    /// One parameter; `value` is called once.
    private mutating func read(_ parameter: Parameter, _ value: () -> String, _ prices: inout (min: String?, max: String?)) {
        switch parameter {
        case .view: view = View(rawValue: value()) ?? .list
        case .page: page = Int(value()).flatMap { (1...1_000_000).contains($0) ? $0 : nil } ?? 1
        case .perPage: perPage = Int(value()).flatMap { Self.pageSizes.contains($0) ? $0 : nil } ?? Self.defaultPageSize
        case .search:
            let value = value()
            guard !value.isEmpty else { search = ""; return }  // `q=`, in every search form's link
            // Control characters are never part of a name; dropping them keeps NULs and
            // escapes out of the page and the market query.
            let printable = String(String.UnicodeScalarView(value.unicodeScalars.filter { $0.properties.generalCategory != .control }))
            search = String(printable.trimmingCharacters(in: .whitespaces).prefix(Self.maxSearchLength))
        case .mine: mine = value() == "1"
        case .sort: sort = read(value(), as: CatalogSort.self, name: "sort") ?? .newest
        case .stock: stock = read(value(), as: CatalogFilter.Stock.self, name: "stock")
        case .sale:
            let value = value()
            sale = value == "0" ? nil : read(value, as: SaleFilter.self, name: "sale")
        case .currency:
            let value = value()
            let code = Currency(rawValue: value)
            currency = value.isEmpty ? nil : (Currency.supported.contains(code) ? code : noteIgnored("currency", .unrecognisedValue, nil))
        case .minPrice: prices.min = value()
        case .maxPrice: prices.max = value()
        }
    }

    /// A value of `type` read from `text`; nil (and noted, unless empty) when it is not one.
    private mutating func read<Value: QueryParameterValue>(_ text: String, as type: Value.Type, name: String) -> Value? {
        if let value = Value(parameter: text) { return value }
        return text.isEmpty ? nil : noteIgnored(name, .unrecognisedValue, nil)
    }

    private mutating func noteIgnored<T>(_ name: String, _ code: Ignored.Code, _ fallback: T) -> T {
        if !ignored.contains(where: { $0.name == name }) { ignored.append(Ignored(name: name, code: code)) }
        return fallback
    }

    /// `min_price` and `max_price`: amounts as the forms and the sheet read them (`1,000` and
    /// `1000` alike; `ProductFieldRules.amount`), 0 or more, in the currency's decimals (whole
    /// won, cents), read only with a currency; a maximum under the minimum is dropped.
    private mutating func readPriceRange(_ texts: (min: String?, max: String?)) {
        guard texts.min != nil || texts.max != nil else { return }
        var bounds: [Decimal?] = []
        for (name, text) in [("min_price", texts.min), ("max_price", texts.max)] {
            guard let text, !text.isEmpty else {
                bounds.append(nil)
                continue
            }
            guard let currency else {
                bounds.append(noteIgnored(name, .needsCurrency, nil))
                continue
            }
            switch Self.amount(text, currency: currency) {
            case .success(let amount): bounds.append(amount)
            case .failure(let code): bounds.append(noteIgnored(name, code, nil))
            }
        }
        if let currency, let low = bounds[0], let high = bounds[1], high < low {
            bounds[1] = noteIgnored("max_price", .belowMinimum(currency, low: low, high: high), nil)
        }
        minPrice = bounds[0]
        maxPrice = bounds[1]
    }

    /// A price bound in `currency`, read as the forms and the sheet read an amount: `15000`,
    /// `15,000`, `12.50`; or why it cannot be one.
    static func amount(_ text: String, currency: Currency) -> Result<Decimal, Ignored.Code> {
        // More than 12 digits before the point: too large, whatever else the text holds (a
        // bound is compared in hundredths, and no price comes near).
        let digits = text.utf8.filter { $0 != UInt8(ascii: ",") && $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "-") }
        let whole = digits.split(separator: UInt8(ascii: "."), maxSplits: 1, omittingEmptySubsequences: false).first ?? []
        if whole.count > 12, whole.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) { return .failure(.tooLarge) }
        switch ProductFieldRules.amount(text, currency: currency) {
        case .empty, .invalid(.notANumber): return .failure(.notANumber(currency))
        case .invalid: return .failure(.tooManyDecimals(currency))
        case .value(let money) where money.amount < 0: return .failure(.negative)
        case .value(let money) where money.amount >= 1_000_000_000_000: return .failure(.tooLarge)
        case .value(let money): return .success(money.amount)
        }
    }

    /// The order or a filter differs from the market's own list (newest first, everything):
    /// the page is answered from the catalog snapshot.
    var usesSnapshot: Bool { sort != .newest || hasFilters }

    /// A stock, sale or currency filter is on (a price range needs a currency).
    var hasFilters: Bool { stock != nil || sale != nil || currency != nil }

    /// Whether a sale filter is on, either: only products with a discount are listed.
    var onSale: Bool { sale != nil }

    /// How many filters are on, a price range counting once ("2 filters on").
    var filterCount: Int {
        [stock != nil, sale != nil, currency != nil, minPrice != nil || maxPrice != nil].filter { $0 }.count
    }

    /// The query string for this state, with defaults left out so URLs stay short.
    var queryString: String {
        var items: [String] = []
        if view != .list { items.append("view=\(view.rawValue)") }
        if page != 1 { items.append("page=\(page)") }
        if perPage != Self.defaultPageSize { items.append("per_page=\(perPage)") }
        appendSelection(to: &items)
        return items.isEmpty ? "" : "?" + items.joined(separator: "&")
    }

    /// Search, `mine`, order and filters: what picks and orders the products (the CSV export's
    /// parameters).
    private func appendSelection(to items: inout [String]) {
        if !search.isEmpty { items.append("q=\(URLEncodedForm.encode(search))") }
        if mine { items.append("mine=1") }
        items += orderAndFilterFields.map { "\($0.name)=\(URLEncodedForm.encode($0.value))" }
    }

    /// The order and the filters that are on, as parameters (defaults left out): what the
    /// search form carries along as hidden fields.
    var orderAndFilterFields: [(name: String, value: String)] {
        var fields: [(name: String, value: String)] = []
        if sort != .newest { fields.append(("sort", sort.parameter)) }
        if let stock { fields.append(("stock", stock.parameter)) }
        if let sale { fields.append(("sale", sale.parameter)) }
        if let currency {
            fields.append(("currency", currency.rawValue))
            if let minPrice { fields.append(("min_price", "\(minPrice)")) }
            if let maxPrice { fields.append(("max_price", "\(maxPrice)")) }
        }
        return fields
    }

    /// `/products` with this state.
    var listPath: String { "/products" + queryString }

    /// This state's page of products as parameters, its view left out (defaults too): what
    /// the sheet's address and its form's hidden fields carry, so a post knows its page.
    var pageFields: [(name: String, value: String)] {
        var fields: [(name: String, value: String)] = []
        if page != 1 { fields.append(("page", String(page))) }
        if perPage != Self.defaultPageSize { fields.append(("per_page", String(perPage))) }
        if !search.isEmpty { fields.append(("q", search)) }
        if mine { fields.append(("mine", "1")) }
        return fields + orderAndFilterFields
    }

    /// `/products/sheet` with this state's page of products (its view is the sheet's own).
    var sheetPath: String {
        let items = pageFields.map { "\($0.name)=\(URLEncodedForm.encode($0.value))" }
        return "/products/sheet" + (items.isEmpty ? "" : "?" + items.joined(separator: "&"))
    }

    /// A product's page, carrying the list state so its back link returns here.
    func productPath(_ id: Int) -> String { Self.productPath(id, queryString: queryString) }

    /// `productPath` with the query string made once for a whole page of products.
    static func productPath(_ id: Int, queryString: String) -> String { "/products/" + String(id) + queryString }

    /// `/products.csv` with this state's search, `mine`, order and filters (the export has no
    /// pages or views).
    var csvPath: String {
        var items: [String] = []
        appendSelection(to: &items)
        return "/products.csv" + (items.isEmpty ? "" : "?" + items.joined(separator: "&"))
    }

    func with(view: View) -> ProductListQuery {
        var copy = self
        copy.view = view
        return copy
    }

    func with(page: Int) -> ProductListQuery {
        var copy = self
        copy.page = page
        return copy
    }

    /// Switching between all products and one's own starts again at page 1.
    func with(mine: Bool) -> ProductListQuery {
        var copy = self
        copy.mine = mine
        copy.page = 1
        return copy
    }

    /// A new page size starts again at page 1: the old page number means other products now.
    func with(perPage: Int) -> ProductListQuery {
        var copy = self
        copy.perPage = perPage
        copy.page = 1
        return copy
    }

    /// Another order, from page 1.
    func with(sort: CatalogSort) -> ProductListQuery {
        var copy = self
        copy.sort = sort
        copy.page = 1
        return copy
    }

    /// The filters changed by `change`, from page 1 (the old page number means other products).
    func changingFilters(_ change: (inout ProductListQuery) -> Void) -> ProductListQuery {
        var copy = self
        change(&copy)
        if copy.currency == nil {
            copy.minPrice = nil
            copy.maxPrice = nil
        }
        copy.page = 1
        return copy
    }

    /// The same list without its search, from page 1 (order and filters kept).
    var withoutSearch: ProductListQuery {
        var copy = self
        copy.search = ""
        copy.page = 1
        return copy
    }

    /// The same list with no stock, sale, currency or price filter (order and search kept).
    var withoutFilters: ProductListQuery {
        changingFilters { query in
            query.stock = nil
            query.sale = nil
            query.currency = nil
        }
    }
}

extension ProductListQuery {
    /// The catalog's question for this list: its search, order and filters, `vendorID`'s
    /// products only when given (`mine=1`), names in the reader's order. `salesAboveReference`
    /// answers `sale=above-reference` (`RequestContext.salesAboveReference`), asked for only
    /// then; without it that filter keeps nothing.
    func catalogQuery(
        vendorID: Int?, lowStockThreshold: Int, language: Language, salesAboveReference: @autoclosure () -> Set<Int>? = nil
    ) -> CatalogQuery {
        var filter = CatalogFilter(vendorID: vendorID)
        filter.search = CatalogSearch.Query(search)
        filter.stock = stock
        filter.lowStockThreshold = lowStockThreshold
        filter.onSale = onSale
        if sale == .aboveReference { filter.productIDs = salesAboveReference() ?? [] }
        filter.currency = currency
        if currency != nil {
            filter.minHundredths = minPrice.map(CatalogProduct.hundredths)
            filter.maxHundredths = maxPrice.map(CatalogProduct.hundredths)
        }
        return CatalogQuery(filter: filter, sort: sort, collation: language.collation)
    }

    /// The JSON cache's key for the page of products this state shows.
    var listKey: MarketGateway.ListKey {
        MarketGateway.ListKey(page: page, perPage: perPage, search: search)
    }
}

/// A value the list reads from its query string by its own spelling, which links write back.
protocol QueryParameterValue: CaseIterable {
    init?(parameter: String)
    var parameter: String { get }
}

extension QueryParameterValue {
    init?(parameter: String) {
        guard let value = Self.allCases.first(where: { $0.parameter == parameter }) else { return nil }
        self = value
    }
}

/// `sort=`: `newest`, `oldest`, `price`, `-price`, `stock`, `-stock`, `name`, `-name`.
extension CatalogSort: QueryParameterValue {
    var parameter: String {
        switch self {
        case .newest: "newest"
        case .oldest: "oldest"
        case .price: "price"
        case .priceDescending: "-price"
        case .stock: "stock"
        case .stockDescending: "-stock"
        case .name: "name"
        case .nameDescending: "-name"
        }
    }
}

/// `sale=`: `1` (on sale), `above-reference` (on sale above the reference price).
enum SaleFilter: Sendable, CaseIterable, Hashable, QueryParameterValue {
    /// Every product with a discount.
    case onSale
    /// On sale, its struck-through price above the lowest of the days before the sale.
    case aboveReference

    var parameter: String {
        switch self {
        case .onSale: "1"
        case .aboveReference: "above-reference"
        }
    }
}

/// `stock=`: `in` (some left), `low` (1 up to the low-stock threshold), `out` (none left).
extension CatalogFilter.Stock: QueryParameterValue {
    var parameter: String {
        switch self {
        case .inStock: "in"
        case .low: "low"
        case .out: "out"
        }
    }
}
