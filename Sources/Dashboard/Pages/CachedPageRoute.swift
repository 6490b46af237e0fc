import HTTPServer

/// A page route answered on the server's own thread when the page's JSON is fresh in the cache
/// (`ifFresh`), otherwise in a task that may wait for the market (`fetching`).
struct CachedPageRoute: ImmediateHTTPHandler {
    let ifFresh: @Sendable (HTTPRequest) -> HTTPResponse?
    let fetching: @Sendable (HTTPRequest) async -> HTTPResponse

    func respondImmediately(_ request: HTTPRequest) -> HTTPResponse? {
        ifFresh(request)
    }

    func handle(_ request: HTTPRequest) async -> HTTPResponse {
        await fetching(request)
    }
}
