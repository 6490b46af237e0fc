/// A complete request as handlers see it: head, decoded target parts and the whole body.
public struct HTTPRequest: Sendable {
    public var method: HTTPMethod
    /// The request target exactly as sent (`/products?page=2`).
    public var target: String
    /// The path part of the target, still percent-encoded (`/products/12`).
    public var path: String
    /// The query part of the target without `?`, still encoded, or nil.
    public var query: String?
    public var version: HTTPVersion
    public var headers: HTTPHeaders
    public var body: [UInt8]
    /// Values captured by `{name}` segments of the matched route, percent-decoded.
    public var pathParameters: [String: String]
    /// The peer's address, for logs (`127.0.0.1:53122`).
    public var remoteAddress: String

    public init(
        method: HTTPMethod,
        target: String,
        version: HTTPVersion = .http1_1,
        headers: HTTPHeaders = [:],
        body: [UInt8] = [],
        pathParameters: [String: String] = [:],
        remoteAddress: String = ""
    ) {
        self.method = method
        self.target = target
        if let q = target.utf8.firstIndex(of: UInt8(ascii: "?")) {
            self.path = String(target[..<q])
            self.query = String(target[target.index(after: q)...])
        } else {
            self.path = target
            self.query = nil
        }
        self.version = version
        self.headers = headers
        self.body = body
        self.pathParameters = pathParameters
        self.remoteAddress = remoteAddress
    }

    /// The request as its head describes it, with no body (for pages the server answers itself).
    init(head: HTTPRequestHead) {
        self.init(method: head.method, target: head.target, version: head.version, headers: head.headers)
    }

    /// The query's name/value pairs, `+` read as space and percent-decoded
    /// (`application/x-www-form-urlencoded` rules). Undecodable pairs are skipped.
    public var queryItems: [(name: String, value: String)] {
        guard let query else { return [] }
        return URLEncodedForm.parse(Array(query.utf8))
    }

    /// The first value of a query parameter, or nil.
    public func queryValue(_ name: String) -> String? {
        queryItems.first { $0.name == name }?.value
    }

    /// A path parameter captured by the route, or nil.
    public func parameter(_ name: String) -> String? {
        pathParameters[name]
    }
}
