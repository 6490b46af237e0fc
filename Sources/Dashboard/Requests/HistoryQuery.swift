import HTTPServer

/// The state of a history page a person is looking at: `page`, `per_page` and `product` (one
/// product's history). Unusable values fall back to their defaults.
struct HistoryQuery: Sendable, Equatable {
    var page = 1
    var perPage = Self.defaultPageSize
    var product: Int?

    static let pageSizes = [20, 50, 100]
    static let defaultPageSize = 20

    init(page: Int = 1, perPage: Int = defaultPageSize, product: Int? = nil) {
        self.page = page
        self.perPage = perPage
        self.product = product
    }

    init(_ request: HTTPRequest) {
        for item in request.queryItems {
            switch item.name {
            case "page": page = Int(item.value).flatMap { (1...1_000_000).contains($0) ? $0 : nil } ?? 1
            case "per_page": perPage = Int(item.value).flatMap { Self.pageSizes.contains($0) ? $0 : nil } ?? Self.defaultPageSize
            case "product": product = Int(item.value).flatMap { $0 > 0 ? $0 : nil }
            default: continue
            }
        }
    }

    /// Where the page's rows start in the journal.
    var offset: Int { (page - 1) * perPage }

    /// `/history?product=5&page=2`: the defaults left out.
    var path: String {
        var items: [String] = []
        if let product { items.append("product=\(product)") }
        if page != 1 { items.append("page=\(page)") }
        if perPage != Self.defaultPageSize { items.append("per_page=\(perPage)") }
        return items.isEmpty ? "/history" : "/history?" + items.joined(separator: "&")
    }

    func with(page: Int) -> HistoryQuery {
        var copy = self
        copy.page = page
        return copy
    }
}
