import HTTPServer

extension ProductBrowsing {
    /// `fragment=1`: the list's results only (products, "Load more", pagination), rendered from
    /// the same template as the page, for `load-more.js` to append in place.
    static func wantsFragment(_ request: HTTPRequest) -> Bool {
        request.queryValue("fragment") == "1"
    }

    /// The template of that fragment (a partial of `products/list`).
    static let fragmentTemplate = "products/list-results"
}
