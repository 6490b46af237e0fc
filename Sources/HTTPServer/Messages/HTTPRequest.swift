import Synchronization

/// A complete request as handlers see it: head, decoded target parts and the whole body.
///
/// The query's pairs and the cookies are parsed on first use and kept with the request (copies
/// share them), so a page that reads ten parameters and two cookies parses each text once.
public struct HTTPRequest: Sendable {
    /// The fields, behind one reference: a request is handed through the router, a route's
    /// closures and a page's helpers, and a copy is then one retain rather than one per string,
    /// array and dictionary. A change copies them first when they are shared (copy on write),
    /// and changes a field in place (`_modify`): `request.body.append(...)` does not copy it.
    private var storage: Storage

    /// The method (`GET`).
    public var method: HTTPMethod { storage.method }
    /// The request target exactly as sent (`/products?page=2`).
    public var target: String { storage.target }
    /// The path part of the target, still percent-encoded (`/products/12`).
    public var path: String { storage.path }
    /// The query part of the target without `?`, still encoded, or nil.
    public var query: String? { storage.query }
    public var version: HTTPVersion { storage.version }
    public var headers: HTTPHeaders { storage.headers }
    public var body: [UInt8] {
        get { storage.body }
        _modify { yield &uniqueStorage().body }
    }
    /// The body on disk instead of in `body` (which is then empty), on routes that spool their
    /// bodies (`Router.add(..., spoolsBody: true)`); nil otherwise.
    public var bodyFile: SpooledBody? {
        get { storage.bodyFile }
        _modify { yield &uniqueStorage().bodyFile }
    }
    /// Values captured by `{name}` segments of the matched route, percent-decoded.
    public var pathParameters: PathParameters {
        get { storage.pathParameters }
        _modify { yield &uniqueStorage().pathParameters }
    }
    /// The peer's address, for logs (`127.0.0.1:53122`).
    public var remoteAddress: String {
        get { storage.remoteAddress }
        _modify { yield &uniqueStorage().remoteAddress }
    }
    /// The parsed query and cookies; nil when the request has neither a query nor a cookie
    /// (a static file, an image), so those requests allocate nothing for them.
    private var parsed: ParsedParts? { storage.parsed }

    public init(
        method: HTTPMethod,
        target: String,
        version: HTTPVersion = .http1_1,
        headers: HTTPHeaders = HTTPHeaders(),
        body: [UInt8] = [],
        pathParameters: PathParameters = PathParameters(),
        remoteAddress: String = ""
    ) {
        storage = Storage(
            method: method, target: target, version: version, headers: headers, body: body,
            pathParameters: pathParameters, remoteAddress: remoteAddress)
    }

    /// The request as its head describes it, with no body (for pages the server answers itself).
    init(head: HTTPRequestHead) {
        self.init(method: head.method, target: head.target, version: head.version, headers: head.headers)
    }

    /// The storage, copied first when another request shares it.
    private mutating func uniqueStorage() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        return storage
    }

    /// The fields of a request. Unchecked `Sendable`: a storage is changed only through
    /// `uniqueStorage()`, while the one request that holds it is being changed, never while
    /// it is shared; what other threads see of it is never written again.
    private final class Storage: @unchecked Sendable {
        let method: HTTPMethod
        let target: String
        let path: String
        let query: String?
        let version: HTTPVersion
        let headers: HTTPHeaders
        var body: [UInt8]
        var bodyFile: SpooledBody?
        var pathParameters: PathParameters
        var remoteAddress: String
        /// Whether a `Cookie` header came: without one, no cookie is looked for.
        let hasCookie: Bool
        let parsed: ParsedParts?

        init(
            method: HTTPMethod, target: String, version: HTTPVersion, headers: HTTPHeaders, body: [UInt8],
            pathParameters: PathParameters, remoteAddress: String
        ) {
            self.method = method
            self.target = target
            // Over the bytes in place: a String's own index walk costs more than the split.
            let mark = withUTF8(of: target) { bytes in bytes.firstIndex(of: UInt8(ascii: "?")) }
            if let mark {
                let utf8 = target.utf8
                self.path = String(Substring(utf8[..<utf8.index(utf8.startIndex, offsetBy: mark)]))
                self.query = String(Substring(utf8[utf8.index(utf8.startIndex, offsetBy: mark + 1)...]))
            } else {
                self.path = target
                self.query = nil
            }
            self.version = version
            self.headers = headers
            self.body = body
            self.pathParameters = pathParameters
            self.remoteAddress = remoteAddress
            hasCookie = headers.contains("Cookie")
            parsed = query != nil || hasCookie ? ParsedParts() : nil
        }

        private init(copying other: Storage) {
            method = other.method
            target = other.target
            path = other.path
            query = other.query
            version = other.version
            headers = other.headers
            body = other.body
            bodyFile = other.bodyFile
            pathParameters = other.pathParameters
            remoteAddress = other.remoteAddress
            // Shared: the copy has the same query and cookies, parsed once for both.
            hasCookie = other.hasCookie
            parsed = other.parsed
        }

        func copy() -> Storage { Storage(copying: self) }
    }

    /// The query's name/value pairs, `+` read as space and percent-decoded
    /// (`application/x-www-form-urlencoded` rules), repeated names kept in order.
    public var queryItems: [URLEncodedForm.Field] {
        guard let query, let parsed else { return [] }
        return parsed.queryItems(of: query)
    }

    /// The same pairs, each value decoded only when it is read: for readers that look for a few
    /// names among however many a query carries (`lazy var value = pair.value` in the loop).
    public var queryPairs: QueryPairs {
        guard let query, let parsed else { return QueryPairs(text: "", spans: []) }
        return QueryPairs(text: query, spans: parsed.querySpans(of: query))
    }

    /// The first value of a query parameter, or nil. Only that value is decoded, and a name of
    /// another length is passed over without decoding it.
    public func queryValue(_ name: String) -> String? {
        guard let query, let parsed else { return nil }
        let spans = parsed.querySpans(of: query)
        return withUTF8(of: name) { wanted in
            withUTF8(of: query) { bytes in
                // Decoding never lengthens a name: a shorter one cannot match.
                for span in spans where span.name.count >= wanted.count {
                    guard span.withName(in: bytes, { $0.count == wanted.count && $0.elementsEqual(wanted) }) else { continue }
                    return URLEncodedForm.decode(buffer: UnsafeBufferPointer(rebasing: bytes[span.value]))
                }
                return nil
            }
        }
    }

    /// The value of cookie `name` in the request's `Cookie` header(s), the first when it is
    /// sent twice; nil when absent.
    public func cookie(_ name: String) -> String? {
        guard storage.hasCookie, let parsed else { return nil }
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

/// A request's query pairs (their places, and decoded when `queryItems` asks) and cookies, each
/// made once by whichever reader asks first.
private final class ParsedParts: Sendable {
    private struct Parts {
        var querySpans: [URLEncodedForm.Span]?
        var query: [URLEncodedForm.Field]?
        var cookies: [URLEncodedForm.Field]?
    }

    private let state = Mutex(Parts())

    func querySpans(of query: String) -> [URLEncodedForm.Span] {
        if let spans = state.withLock({ $0.querySpans }) { return spans }
        let spans = URLEncodedForm.spans(query)
        state.withLock { $0.querySpans = spans }
        return spans
    }

    func queryItems(of query: String) -> [URLEncodedForm.Field] {
        if let items = state.withLock({ $0.query }) { return items }
        let items = queryPairs(query).map { URLEncodedForm.Field($0.name, $0.value) }
        state.withLock { $0.query = items }
        return items
    }

    private func queryPairs(_ query: String) -> QueryPairs {
        QueryPairs(text: query, spans: querySpans(of: query))
    }

    func cookies(_ parse: () -> [URLEncodedForm.Field]) -> [URLEncodedForm.Field] {
        if let cookies = state.withLock({ $0.cookies }) { return cookies }
        let cookies = parse()
        state.withLock { $0.cookies = cookies }
        return cookies
    }
}
