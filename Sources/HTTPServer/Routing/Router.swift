/// Maps method and path to a handler. Patterns are `/`-separated segments: literals,
/// `{name}` (one segment, captured percent-decoded) and a final `{name...}` (the rest of
/// the path, captured still encoded). Built once before the server starts, then immutable.
///
/// The most specific route wins, whatever the order of registration: segment by segment from
/// the left, a literal beats `{name}`, which beats `{name...}` (so `/products/new` beats
/// `/products/{id}`). Among routes of that path, the request's own method wins, then GET for a
/// HEAD; other methods make a 405.
///
/// A pattern the router cannot match as written is refused, not registered: a parameter must
/// be a whole segment (`/products/{id}.json` would be a literal that no request matches), a
/// name is letters, digits and `_`, and one name appears once. So is a second route of one
/// method and one shape (the same literals and parameters in the same places, whatever the
/// parameters' names), which no request could tell apart. Each refusal is kept in `problems`,
/// and `HTTPServer.start()` stops with them (one line each) instead of serving a table that
/// silently differs from its source.
public struct Router: Sendable {
    /// A class with only constants: it behaves as a value, and matching or answering hands on
    /// one reference instead of copying (and retaining) every field per request.
    public final class Route: Sendable {
        public let method: HTTPMethod
        public let pattern: String
        /// The largest body this route accepts; a bigger declared body gets 413 before it is read.
        public let maxBodySize: Int?
        /// The body is written to a temporary file as it arrives (`HTTPRequest.bodyFile`)
        /// instead of collected in memory.
        public let spoolsBody: Bool
        public let handler: any HTTPHandler
        /// The handler again when it can answer without suspending; found once here rather
        /// than by a dynamic cast on every request.
        let immediate: (any ImmediateHTTPHandler)?
        let segments: [Segment]
        /// The segments' kinds, literal 0, parameter 1, rest 2: the lexicographically smaller
        /// key is the more specific route.
        let specificity: [UInt8]
        /// What the path's first piece must be, as `FirstPiece` describes it, when the pattern
        /// starts with a literal (or has no segment at all); nil when a parameter comes first.
        let firstPiece: FirstPiece?

        init(
            method: HTTPMethod, pattern: String, maxBodySize: Int?, spoolsBody: Bool = false, handler: any HTTPHandler,
            segments: [Segment]
        ) {
            self.method = method
            self.pattern = pattern
            self.maxBodySize = maxBodySize
            self.spoolsBody = spoolsBody
            self.handler = handler
            self.immediate = handler as? any ImmediateHTTPHandler
            self.segments = segments
            self.specificity = segments.map(\.rank)
            switch segments.first {
            case .literal(let bytes): firstPiece = bytes.withUnsafeBufferPointer { FirstPiece($0) }
            case nil: firstPiece = FirstPiece(UnsafeBufferPointer(start: nil, count: 0))
            case .parameter, .rest: firstPiece = nil
            }
        }
    }

    /// A path's first piece as its length and first eight bytes: two integers, so each route
    /// whose first literal cannot match (most of them, for any request) is passed over without
    /// walking its segments.
    struct FirstPiece: Equatable {
        let count: Int
        let prefix: UInt64

        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            count = bytes.count
            var prefix: UInt64 = 0
            for index in 0..<Swift.min(8, bytes.count) { prefix |= UInt64(bytes[index]) << (8 * UInt64(index)) }
            self.prefix = prefix
        }

        /// The first non-empty piece of a path (empty when the path has none).
        init(path: UnsafeBufferPointer<UInt8>) {
            var start = 0
            while start < path.count, path[start] == UInt8(ascii: "/") { start += 1 }
            var end = start
            while end < path.count, path[end] != UInt8(ascii: "/") { end += 1 }
            self.init(UnsafeBufferPointer(rebasing: path[start..<end]))
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

    /// Why a registration was refused, one line each, in order (empty when every route is good).
    public private(set) var problems: [String] = []

    /// Registers a route, kept in order of specificity; a pattern that cannot match as written,
    /// or a twin of a route already registered, is refused and described in `problems`.
    /// `spoolsBody` writes the body to a temporary file as it arrives (`HTTPRequest.bodyFile`),
    /// for large uploads; the cap, the deadlines and the body budget apply as to any body.
    public mutating func add(
        _ method: HTTPMethod, _ pattern: String, maxBodySize: Int? = nil, spoolsBody: Bool = false, _ handler: any HTTPHandler
    ) {
        let segments: [Segment]
        switch Self.parse(pattern) {
        case .failure(let problem):
            problems.append("Router: \(method.rawValue) \(pattern): \(problem.reason)")
            return
        case .success(let parsed):
            segments = parsed
        }
        let route = Route(
            method: method, pattern: pattern, maxBodySize: maxBodySize, spoolsBody: spoolsBody, handler: handler, segments: segments)
        if let twin = routes.first(where: { $0.hasSameShape(as: route) }) {
            problems.append(Self.ambiguity(route, twin))
            return
        }
        let place = routes.firstIndex { route.specificity.lexicographicallyPrecedes($0.specificity) } ?? routes.count
        routes.insert(route, at: place)
    }

    struct PatternProblem: Error {
        let reason: String
    }

    /// The segments of a pattern, or why it cannot match as written.
    static func parse(_ pattern: String) -> Result<[Segment], PatternProblem> {
        var segments: [Segment] = []
        var names = Set<String>()
        for raw in split(pattern) {
            let isBraced = raw.hasPrefix("{") && raw.hasSuffix("}") && raw.count >= 2
            guard isBraced else {
                if raw.contains("{") || raw.contains("}") {
                    return .failure(PatternProblem(reason: "\(raw) mixes a parameter with other text; a parameter must be a whole segment, {name} or {name...}"))
                }
                segments.append(.literal(Array(raw.utf8)))
                continue
            }
            let inner = raw.dropFirst().dropLast()
            let isRest = inner.hasSuffix("...")
            let name = String(isRest ? inner.dropLast(3) : inner)
            guard !name.isEmpty, name.utf8.allSatisfy(isNameByte) else {
                return .failure(PatternProblem(reason: "\(raw) is not a parameter; a name is letters, digits and _"))
            }
            guard names.insert(name).inserted else {
                return .failure(PatternProblem(reason: "the parameter name \(name) appears twice"))
            }
            segments.append(isRest ? .rest(name) : .parameter(name))
        }
        return .success(segments)
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || byte == UInt8(ascii: "_")
    }

    /// The start-up line for two routes no request could tell apart.
    static func ambiguity(_ route: Route, _ twin: Route) -> String {
        "Router: \(route.method.rawValue) \(route.pattern) has the same shape as \(twin.method.rawValue) \(twin.pattern), "
            + "registered before it; no request could tell them apart"
    }

    /// The router's refusals as one error, for `HTTPServer.start()`.
    public struct InvalidRoutes: Error, CustomStringConvertible {
        public let problems: [String]
        public var description: String { problems.joined(separator: "\n") }
    }

    public mutating func add(
        _ method: HTTPMethod, _ pattern: String, maxBodySize: Int? = nil, spoolsBody: Bool = false,
        _ body: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse
    ) {
        add(method, pattern, maxBodySize: maxBodySize, spoolsBody: spoolsBody, ClosureHandler(body))
    }

    public mutating func get(_ pattern: String, _ body: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse) {
        add(.get, pattern, body)
    }

    public mutating func post(
        _ pattern: String, maxBodySize: Int? = nil, spoolsBody: Bool = false,
        _ body: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse
    ) {
        add(.post, pattern, maxBodySize: maxBodySize, spoolsBody: spoolsBody, body)
    }

    /// Finds the route for a request. `HEAD` matches `GET` routes (the server drops the body).
    /// Routes are tried without capturing anything; only the one that answers captures its
    /// parameters: a request tries about a dozen routes, and a dictionary and Strings for each
    /// would cost more than the matching itself.
    public func match(method: HTTPMethod, path: String) -> Match {
        var path = path
        return path.withUTF8 { bytes in
            var allowed: [HTTPMethod] = []
            // A GET route for a HEAD request, unless a HEAD route as specific follows.
            var getForHead: Route?
            let first = FirstPiece(path: bytes)
            for route in routes {
                if let piece = route.firstPiece, piece != first { continue }
                guard Self.capture(route.segments, bytes, keep: false) != nil else { continue }
                if route.method == method {
                    if let found = getForHead, found.specificity.lexicographicallyPrecedes(route.specificity) {
                        return .found(found, parameters: Self.capture(found.segments, bytes) ?? [:])
                    }
                    return .found(route, parameters: Self.capture(route.segments, bytes) ?? [:])
                }
                if method == .head && route.method == .get && getForHead == nil { getForHead = route }
                if !allowed.contains(route.method) { allowed.append(route.method) }
                if route.method == .get && !allowed.contains(.head) { allowed.append(.head) }
            }
            if let found = getForHead { return .found(found, parameters: Self.capture(found.segments, bytes) ?? [:]) }
            return allowed.isEmpty ? .notFound : .methodNotAllowed(allow: allowed)
        }
    }

    /// Splits on `/` over UTF-8 bytes, dropping empty pieces (`//a/` is `["a"]`).
    static func split(_ path: String) -> [Substring] {
        path.utf8.split(separator: UInt8(ascii: "/")).map { Substring($0) }
    }
}
