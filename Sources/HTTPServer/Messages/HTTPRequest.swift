import Synchronization

/// A complete request as handlers see it: head, decoded target parts and the whole body.
///
/// The query's pairs and the cookies are parsed on first use and kept with the request (copies
/// share them), so a page that reads ten parameters and two cookies parses each text once.
public struct HTTPRequest: Sendable {
    public let method: HTTPMethod
    /// The request target exactly as sent (`/products?page=2`).
    public let target: String
    /// The path part of the target, still percent-encoded (`/products/12`).
    public let path: String
    /// The query part of the target without `?`, still encoded, or nil.
    public let query: String?
    public let version: HTTPVersion
    public let headers: HTTPHeaders
    public var body: [UInt8]
    /// The body on disk instead of in `body` (which is then empty), on routes that spool their
    /// bodies (`Router.add(..., spoolsBody: true)`); nil otherwise.
    public var bodyFile: SpooledBody?
    /// Values captured by `{name}` segments of the matched route, percent-decoded.
    public var pathParameters: [String: String]
    /// The peer's address, for logs (`127.0.0.1:53122`).
    public var remoteAddress: String
    /// The parsed query and cookies; nil when the request has neither a query nor a cookie
    /// (a static file, an image), so those requests allocate nothing for them.
    private let parsed: ParsedParts?

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
        parsed = query != nil || headers.contains("Cookie") ? ParsedParts() : nil
    }

    /// The request as its head describes it, with no body (for pages the server answers itself).
    init(head: HTTPRequestHead) {
        self.init(method: head.method, target: head.target, version: head.version, headers: head.headers)
    }

    /// The query's name/value pairs, `+` read as space and percent-decoded
    /// (`application/x-www-form-urlencoded` rules), repeated names kept in order.
    public var queryItems: [URLEncodedForm.Field] {
        guard let query, let parsed else { return [] }
        return parsed.queryItems { URLEncodedForm.parse(query) }
    }

    /// The first value of a query parameter, or nil.
    public func queryValue(_ name: String) -> String? {
        queryItems.first { $0.name == name }?.value
    }

    /// The value of cookie `name` in the request's `Cookie` header(s), the first when it is
    /// sent twice; nil when absent.
    public func cookie(_ name: String) -> String? {
        guard let parsed else { return nil }
        return parsed.cookies { Self.parseCookies(headers.values(for: "Cookie")) }.first { $0.name == name }?.value
    }

    /// A path parameter captured by the route, or nil.
    public func parameter(_ name: String) -> String? {
        pathParameters[name]
    }

    /// RFC 6265 §5.4: `name=value` pairs separated by `;`, whitespace around them trimmed.
    /// A pair without `=` is skipped.
    static func parseCookies(_ headers: [String]) -> [URLEncodedForm.Field] {
        var cookies: [URLEncodedForm.Field] = []
        for header in headers {
            for pair in header.utf8.split(separator: UInt8(ascii: ";")) {
                guard let eq = pair.firstIndex(of: UInt8(ascii: "=")) else { continue }
                let name = Substring(pair[..<eq]).trimmingOptionalWhitespace()
                let value = Substring(pair[pair.index(after: eq)...]).trimmingOptionalWhitespace()
                cookies.append(URLEncodedForm.Field(String(name), String(value)))
            }
        }
        return cookies
    }
}

/// A request's query pairs and cookies, each made once by whichever reader asks first.
private final class ParsedParts: Sendable {
    private struct Parts {
        var query: [URLEncodedForm.Field]?
        var cookies: [URLEncodedForm.Field]?
    }

    private let state = Mutex(Parts())

    func queryItems(_ parse: () -> [URLEncodedForm.Field]) -> [URLEncodedForm.Field] {
        if let items = state.withLock({ $0.query }) { return items }
        let items = parse()
        state.withLock { $0.query = items }
        return items
    }

    func cookies(_ parse: () -> [URLEncodedForm.Field]) -> [URLEncodedForm.Field] {
        if let cookies = state.withLock({ $0.cookies }) { return cookies }
        let cookies = parse()
        state.withLock { $0.cookies = cookies }
        return cookies
    }
}
