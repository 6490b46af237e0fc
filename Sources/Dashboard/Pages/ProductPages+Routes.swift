import HTTPServer

extension ProductPages {
    /// `GET /products`: answered on the server's own thread when the page's JSON is fresh in
    /// the cache, otherwise in a task that may wait for the market.
    struct ListRoute: ImmediateHTTPHandler {
        let pages: ProductPages

        func respondImmediately(_ request: HTTPRequest) -> HTTPResponse? {
            pages.listIfFresh(request)
        }

        func handle(_ request: HTTPRequest) async -> HTTPResponse {
            await pages.list(request)
        }
    }

    /// `GET /products/{id}`, the same way.
    struct DetailRoute: ImmediateHTTPHandler {
        let pages: ProductPages

        func respondImmediately(_ request: HTTPRequest) -> HTTPResponse? {
            pages.detailIfFresh(request)
        }

        func handle(_ request: HTTPRequest) async -> HTTPResponse {
            await pages.detail(request)
        }
    }
}
