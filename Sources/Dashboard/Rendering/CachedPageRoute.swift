import HTTPServer

/// A page route answered on the server's own thread when the page's JSON is fresh in the cache
/// (`ifFresh`), otherwise in a task that may wait for the market (`fetching`). Each phase
/// takes the request's context (`RequestContext`); a request that misses the cache has its
/// context made again in the task, which is cheap next to waiting for the market.
struct CachedPageRoute: ImmediateHTTPHandler {
    let contexts: RequestContext.Maker
    let ifFresh: @Sendable (RequestContext) -> HTTPResponse?
    let fetching: @Sendable (RequestContext) async -> HTTPResponse

    func respondImmediately(_ request: HTTPRequest) -> HTTPResponse? {
        ifFresh(contexts(request))
    }

    func handle(_ request: HTTPRequest) async -> HTTPResponse {
        await fetching(contexts(request))
    }
}
