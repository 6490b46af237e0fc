/// Maps method and path to a handler. Patterns are `/`-separated segments: literals,
/// `{name}` (one segment, captured percent-decoded) and a final `{name...}` (the rest of
/// the path, captured still encoded). Built once before the server starts, then immutable.
///
/// The most specific route wins, whatever the order of registration: segment by segment from
/// the left, a literal beats `{name}`, which beats `{name...}` (so `/products/new` beats
/// `/products/{id}`). Among routes of that path, the request's own method wins, then GET for a
/// HEAD; other methods make a 405. Two routes of one method and one shape (the same literals
/// and parameters in the same places, whatever the parameters' names) could never be told
/// apart: registering the second stops the program at start-up (see `add`).
public struct Router: Sendable {
    /// A class with only constants: it behaves as a value, and matching or answering hands on
    /// one reference instead of copying (and retaining) every field per request.
    public final class Route: Sendable {
        public let method: HTTPMethod
        public let pattern: String
        /// The largest body this route accepts; a bigger declared body gets 413 before it is read.
        public let maxBodySize: Int?
        public let handler: any HTTPHandler
        /// The handler again when it can answer without suspending; found once here rather
        /// than by a dynamic cast on every request.
        let immediate: (any ImmediateHTTPHandler)?
        let segments: [Segment]
        /// The segments' kinds, literal 0, parameter 1, rest 2: the lexicographically smaller
        /// key is the more specific route.
        let specificity: [UInt8]

        init(method: HTTPMethod, pattern: String, maxBodySize: Int?, handler: any HTTPHandler, segments: [Segment]) {
            self.method = method
            self.pattern = pattern
            self.maxBodySize = maxBodySize
            self.handler = handler
            self.immediate = handler as? any ImmediateHTTPHandler
            self.segments = segments
            self.specificity = segments.map(\.rank)
        }
    }

    enum Segment: Sendable, Equatable {
        /// The segment's UTF-8 bytes, compared byte for byte.
        case literal([UInt8])
        case parameter(String)
        case rest(String)

        var rank: UInt8 {
            switch self {
            case .literal: 0
            case .parameter: 1
            case .rest: 2
            }
        }

        /// Same kind and, for literals, the same bytes: names of parameters do not count.
        func hasSameShape(as other: Segment) -> Bool {
            switch (self, other) {
            case (.literal(let a), .literal(let b)): a == b
            default: rank == other.rank
            }
        }
    }

    public enum Match: Sendable {
        case found(Route, parameters: [String: String])
        /// The path exists, but not for this method; `allow` lists the methods that do.
        case methodNotAllowed(allow: [HTTPMethod])
        case notFound
    }

    public private(set) var routes: [Route] = []

    public init() {}

    /// Registers a route, kept in order of specificity. Routes are the program's own
    /// constants, not peer data, so a second route of the same method and shape is a
    /// programming error caught at the first start or test run: a precondition with a clear
    /// message rather than a `throws` that every registration would have to pass on.
    public mutating func add(
        _ method: HTTPMethod, _ pattern: String, maxBodySize: Int? = nil, _ handler: any HTTPHandler
    ) {
        let segments = Self.split(pattern).map { raw -> Segment in
            if raw.hasPrefix("{") && raw.hasSuffix("...}") {
                return .rest(String(raw.dropFirst().dropLast(4)))
            } else if raw.hasPrefix("{") && raw.hasSuffix("}") {
                return .parameter(String(raw.dropFirst().dropLast()))
            }
            return .literal(Array(raw.utf8))
        }
        let route = Route(method: method, pattern: pattern, maxBodySize: maxBodySize, handler: handler, segments: segments)
        if let twin = routes.first(where: { $0.hasSameShape(as: route) }) {
            preconditionFailure(Self.ambiguity(route, twin))
        }
        let place = routes.firstIndex { route.specificity.lexicographicallyPrecedes($0.specificity) } ?? routes.count
        routes.insert(route, at: place)
    }

    /// The start-up message for two routes no request could tell apart.
    static func ambiguity(_ route: Route, _ twin: Route) -> String {
        "Router: \(route.method.rawValue) \(route.pattern) has the same shape as \(twin.method.rawValue) \(twin.pattern), "
            + "registered before it; no request could tell them apart"
    }

    public mutating func add(
        _ method: HTTPMethod, _ pattern: String, maxBodySize: Int? = nil,
        _ body: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse
    ) {
        add(method, pattern, maxBodySize: maxBodySize, ClosureHandler(body))
    }

    public mutating func get(_ pattern: String, _ body: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse) {
        add(.get, pattern, body)
    }

    public mutating func post(
        _ pattern: String, maxBodySize: Int? = nil,
        _ body: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse
    ) {
        add(.post, pattern, maxBodySize: maxBodySize, body)
    }

    /// Finds the route for a request. `HEAD` matches `GET` routes (the server drops the body).
    public func match(method: HTTPMethod, path: String) -> Match {
        var path = path
        return path.withUTF8 { bytes in
            var allowed: [HTTPMethod] = []
            // A GET route for a HEAD request, unless a HEAD route as specific follows.
            var getForHead: (route: Route, parameters: [String: String])?
            for route in routes {
                guard let params = Self.capture(route.segments, bytes) else { continue }
                if route.method == method {
                    if let found = getForHead, found.route.specificity.lexicographicallyPrecedes(route.specificity) {
                        return .found(found.route, parameters: found.parameters)
                    }
                    return .found(route, parameters: params)
                }
                if method == .head && route.method == .get && getForHead == nil { getForHead = (route, params) }
                if !allowed.contains(route.method) { allowed.append(route.method) }
                if route.method == .get && !allowed.contains(.head) { allowed.append(.head) }
            }
            if let found = getForHead { return .found(found.route, parameters: found.parameters) }
            return allowed.isEmpty ? .notFound : .methodNotAllowed(allow: allowed)
        }
    }

    /// Splits on `/` over UTF-8 bytes, dropping empty pieces (`//a/` is `["a"]`).
    static func split(_ path: String) -> [Substring] {
        path.utf8.split(separator: UInt8(ascii: "/")).map { Substring($0) }
    }
}
