/// Anything that answers requests. Routes, the static file server and test doubles conform.
public protocol HTTPHandler: Sendable {
    func handle(_ request: HTTPRequest) async throws -> HTTPResponse
}

/// A handler made from a closure.
public struct ClosureHandler: HTTPHandler {
    let body: @Sendable (HTTPRequest) async throws -> HTTPResponse
    public init(_ body: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse) {
        self.body = body
    }
    public func handle(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await body(request)
    }
}

/// A handler that can often answer without suspending (a file or a cache hit). The server calls
/// `respondImmediately` on the connection's event loop and skips the hop to a Swift task;
/// returning nil falls back to `handle`.
public protocol ImmediateHTTPHandler: HTTPHandler {
    func respondImmediately(_ request: HTTPRequest) throws -> HTTPResponse?
}
