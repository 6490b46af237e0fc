/// Maps method and path to a handler. Patterns are `/`-separated segments: literals,
/// `{name}` (one segment, captured percent-decoded), `{name}` followed by literal text in the
/// same segment (`{id}.json`, `{name}.csv`: see `Segment.suffixed`), and a final `{name...}`
/// (the rest of the path, captured still encoded). Built once before the server starts, then
/// immutable.
///
/// The most specific route wins, whatever the order of registration: segment by segment from
/// the left, a literal beats `{name}.suffix`, which beats `{name}`, which beats `{name...}`
/// (so `/products/new` beats `/products/{id}.json`, which beats `/products/{id}` for
/// `/products/5.json`, while `/products/5` is left to `{id}`), and of two suffixes the longer
/// wins (`{name}.tar.gz` before `{name}.gz`). A segment counts as more specific the more of it
/// the pattern spells out, so the answer never depends on the order of the route table.
/// Among routes of that path, the request's own method wins, then GET for a HEAD; other
/// methods make a 405.
///
/// A pattern the router cannot match as written is refused, not registered: a parameter starts
/// its segment and is the only one in it (`v{id}` and `{a}{b}` are refused), a rest parameter
/// has nothing after it in its segment (and `{path}...` is taken for a misplaced
/// `{path...}`), a name is letters, digits and `_`, and one name appears once. So is a second
/// route of one method and one shape (the same literals, suffixes and parameters in the same
/// places, whatever the parameters' names: `{id}.json` beside `{number}.json`), which no
/// request could tell apart. Each refusal is kept in `problems`, and `HTTPServer.start()`
/// stops with them (one line each) instead of serving a table that silently differs from its
/// source.
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
        /// The segments' ranks (`Segment.Rank`): the lexicographically smaller key is the more
        /// specific route. Compared when a route is added and for a HEAD, not per route tried.
        let specificity: [Segment.Rank]
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
            case .parameter, .suffixed, .rest: firstPiece = nil
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
        /// `{name}` and then literal text in one segment (`{id}.json`). A piece matches when it
        /// ends with the suffix's UTF-8 bytes, compared byte for byte with the path as sent
        /// (still percent-encoded) as a literal segment's are, and at least one byte comes
        /// before them: the value is those bytes, percent-decoded as `{name}`'s are. So `/products/5.json`
        /// gives `id` `5`; `/products/.json` does not match (no parameter captures an empty
        /// value: the path's empty pieces are dropped, so a plain `{name}` never sees one
        /// either); and `/products/5%2Ejson` does not end with `.json` as sent, so it is left
        /// to a plain `{id}`, which captures `5.json`. The suffix comes after the parameter
        /// only: a prefix (`v{n}`) and a suffix (`{n}.json`) could both claim one piece
        /// (`v1.json`), with neither more specific than the other, so the router refuses text
        /// before a parameter rather than add a rule that settles it.
        case suffixed(String, suffix: [UInt8])
        case rest(String)

        /// How specific one segment is; the smaller rank is the more specific. Kinds first: a
        /// literal spells out all of its piece, a suffixed parameter part of it, a parameter
        /// none of it and a rest parameter several pieces. Then, between two suffixed
        /// parameters, the longer suffix first: two suffixes both end one piece only when the
        /// longer ends with the shorter (`.tar.gz`, `.gz`), and the longer says more of it.
        /// Two segments of one rank that both match a piece have the same shape, so the rank
        /// orders every pair of routes that a path can reach.
        struct Rank: Comparable {
            /// Literal 0, suffixed parameter 1, parameter 2, rest 3.
            let kind: UInt8
            /// The suffix's length in bytes; 0 for every other kind.
            let suffixLength: Int

            static func < (a: Rank, b: Rank) -> Bool {
                a.kind != b.kind ? a.kind < b.kind : a.suffixLength > b.suffixLength
            }
        }

        var rank: Rank {
            switch self {
            case .literal: Rank(kind: 0, suffixLength: 0)
            case .suffixed(_, let suffix): Rank(kind: 1, suffixLength: suffix.count)
            case .parameter: Rank(kind: 2, suffixLength: 0)
            case .rest: Rank(kind: 3, suffixLength: 0)
            }
        }

        /// Same kind and, for literals and suffixes, the same bytes: names of parameters do
        /// not count.
        func hasSameShape(as other: Segment) -> Bool {
            switch (self, other) {
            case (.literal(let a), .literal(let b)): a == b
            case (.suffixed(_, let a), .suffixed(_, let b)): a == b
            default: rank.kind == other.rank.kind
            }
        }
    }

    public enum Match: Sendable {
        case found(Route, parameters: PathParameters)
        /// The path exists, but not for this method; `allow` lists the methods that do.
        case methodNotAllowed(allow: [HTTPMethod])
        case notFound

        /// The values the route captured (none unless `found`).
        public var parameters: PathParameters {
            if case .found(_, let parameters) = self { parameters } else { PathParameters() }
        }
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
            let bytes = Array(raw.utf8)
            guard bytes.contains(where: { $0 == openBrace || $0 == closeBrace }) else {
                segments.append(.literal(bytes))
                continue
            }
            guard bytes.first == openBrace else {
                return .failure(
                    PatternProblem(
                        reason: bytes.contains(openBrace)
                            ? "\(raw) puts text before its parameter; a parameter starts its segment: {name}, {name}.json or {name...}"
                            : "\(raw) has a } that closes no parameter"))
            }
            guard let close = bytes.firstIndex(of: closeBrace) else {
                return .failure(PatternProblem(reason: "\(raw) is not a parameter; a name is letters, digits and _ between { and }"))
            }
            var inner = bytes[1..<close]
            let suffix = bytes[(close + 1)...]
            let isRest = inner.count >= 3 && inner.suffix(3).allSatisfy { $0 == UInt8(ascii: ".") }
            if isRest { inner = inner.dropLast(3) }
            guard !inner.isEmpty, inner.allSatisfy(isNameByte) else {
                return .failure(PatternProblem(reason: "\(raw) is not a parameter; a name is letters, digits and _ between { and }"))
            }
            if suffix.contains(openBrace) {
                return .failure(
                    PatternProblem(reason: "\(raw) holds two parameters; no request could say where one ends, so a segment holds one"))
            }
            if suffix.contains(closeBrace) {
                return .failure(PatternProblem(reason: "\(raw) has a } that closes no parameter"))
            }
            if isRest && !suffix.isEmpty {
                return .failure(PatternProblem(reason: "\(raw) puts text after a rest parameter, which takes the rest of the path"))
            }
            let name = String(decoding: inner, as: UTF8.self)
            // `{path}...` is a rest parameter with its dots outside the braces far more often
            // than a suffix of dots.
            if suffix.starts(with: "...".utf8) {
                return .failure(PatternProblem(reason: "\(raw) puts ... after the }; a rest parameter is {\(name)...}"))
            }
            guard names.insert(name).inserted else {
                return .failure(PatternProblem(reason: "the parameter name \(name) appears twice"))
            }
            segments.append(isRest ? .rest(name) : suffix.isEmpty ? .parameter(name) : .suffixed(name, suffix: Array(suffix)))
        }
        return .success(segments)
    }

    private static let openBrace = UInt8(ascii: "{")
    private static let closeBrace = UInt8(ascii: "}")

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
    /// parameters: a request tries about a dozen routes, and the captured Strings for each
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
                        return .found(found, parameters: Self.capture(found.segments, bytes) ?? PathParameters())
                    }
                    return .found(route, parameters: Self.capture(route.segments, bytes) ?? PathParameters())
                }
                if method == .head && route.method == .get && getForHead == nil { getForHead = route }
                if !allowed.contains(route.method) { allowed.append(route.method) }
                if route.method == .get && !allowed.contains(.head) { allowed.append(.head) }
            }
            if let found = getForHead { return .found(found, parameters: Self.capture(found.segments, bytes) ?? PathParameters()) }
            return allowed.isEmpty ? .notFound : .methodNotAllowed(allow: allowed)
        }
    }

    /// Splits on `/` over UTF-8 bytes, dropping empty pieces (`//a/` is `["a"]`).
    static func split(_ path: String) -> [Substring] {
        path.utf8.split(separator: UInt8(ascii: "/")).map { Substring($0) }
    }
}
