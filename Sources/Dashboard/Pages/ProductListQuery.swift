import Foundation
import HTTPServer

/// The state of the product list a person is looking at: `view`, `page`, `per_page`, `q`.
/// Parsed leniently (an invalid value falls back to its default, never a 500) and written
/// back into every link so the view, page size and search survive navigation.
struct ProductListQuery: Sendable, Equatable {
    enum View: String, Sendable, CaseIterable {
        case list
        case grid
    }

    static let pageSizes = [10, 20, 50, 100]
    static let defaultPageSize = 20
    /// Longer search text is cut here: the upstream has no use for more, and it bounds the cache key.
    static let maxSearchLength = 100

    var view = View.list
    var page = 1
    var perPage = defaultPageSize
    var search = ""
    /// `mine=1`: only the own vendor's products, from the catalog snapshot.
    var mine = false

    init() {}

    init(view: View = .list, page: Int = 1, perPage: Int = defaultPageSize, search: String = "", mine: Bool = false) {
        self.view = view
        self.page = page
        self.perPage = perPage
        self.search = search
        self.mine = mine
    }

    /// Reads the query; anything unusable is replaced by its default.
    init(_ request: HTTPRequest) {
        for item in request.queryPairs {
            lazy var value = item.value  // decoded only for a name read here
            switch item.name {
            case "view": view = View(rawValue: value) ?? .list
            case "page": page = Int(value).flatMap { (1...1_000_000).contains($0) ? $0 : nil } ?? 1
            case "per_page": perPage = Int(value).flatMap { Self.pageSizes.contains($0) ? $0 : nil } ?? Self.defaultPageSize
            case "q":
                guard !value.isEmpty else { search = ""; continue }  // `q=`, in every search form's link
                // Control characters are never part of a name; dropping them keeps NULs and
                // escapes out of the page and the upstream query.
                let printable = String(String.UnicodeScalarView(value.unicodeScalars.filter { $0.properties.generalCategory != .control }))
                search = String(printable.trimmingCharacters(in: .whitespaces).prefix(Self.maxSearchLength))
            case "mine": mine = value == "1"
            default: continue
            }
        }
    }

    /// The query string for this state, with defaults left out so URLs stay short.
    var queryString: String {
        var items: [String] = []
        if view != .list { items.append("view=\(view.rawValue)") }
        if page != 1 { items.append("page=\(page)") }
        if perPage != Self.defaultPageSize { items.append("per_page=\(perPage)") }
        if !search.isEmpty { items.append("q=\(URLEncodedForm.encode(search))") }
        if mine { items.append("mine=1") }
        return items.isEmpty ? "" : "?" + items.joined(separator: "&")
    }

    /// `/products` with this state.
    var listPath: String { "/products" + queryString }

    /// A product's page, carrying the list state so its back link returns here.
    func productPath(_ id: Int) -> String { Self.productPath(id, queryString: queryString) }

    /// `productPath` with the query string made once for a whole page of products.
    static func productPath(_ id: Int, queryString: String) -> String { "/products/" + String(id) + queryString }

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

    /// `/products.csv` with this state's search and `mine` (the export has no pages or views).
    var csvPath: String {
        "/products.csv" + ProductListQuery(search: search, mine: mine).queryString
    }

    /// A new page size starts again at page 1: the old page number means other products now.
    func with(perPage: Int) -> ProductListQuery {
        var copy = self
        copy.perPage = perPage
        copy.page = 1
        return copy
    }
}

extension ProductListQuery {
    /// The JSON cache's key for the page of products this state shows.
    var listKey: MarketGateway.ListKey {
        MarketGateway.ListKey(page: page, perPage: perPage, search: search)
    }
}
