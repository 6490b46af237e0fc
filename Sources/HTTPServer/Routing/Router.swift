/// Maps method and path to a handler. Patterns are `/`-separated segments: literals,
/// `{name}` (one segment, captured percent-decoded) and a final `{name...}` (the rest of
/// the path, captured still encoded). Built once before the server starts, then immutable.
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

        init(method: HTTPMethod, pattern: String, maxBodySize: Int?, handler: any HTTPHandler, segments: [Segment]) {
            self.method = method
            self.pattern = pattern
            self.maxBodySize = maxBodySize
            self.handler = handler
            self.immediate = handler as? any ImmediateHTTPHandler
            self.segments = segments
        }
    }

    enum Segment: Sendable, Equatable {
        /// The segment's UTF-8 bytes, compared byte for byte.
        case literal([UInt8])
        case parameter(String)
        case rest(String)
    }

    public enum Match: Sendable {
        case found(Route, parameters: [String: String])
        /// The path exists, but not for this method; `allow` lists the methods that do.
        case methodNotAllowed(allow: [HTTPMethod])
        case notFound
    }

    public private(set) var routes: [Route] = []

    public init() {}

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
        routes.append(Route(method: method, pattern: pattern, maxBodySize: maxBodySize, handler: handler, segments: segments))
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
            for route in routes {
                guard let params = Self.capture(route.segments, bytes) else { continue }
                if route.method == method || (method == .head && route.method == .get) {
                    return .found(route, parameters: params)
                }
                if !allowed.contains(route.method) { allowed.append(route.method) }
                if route.method == .get && !allowed.contains(.head) { allowed.append(.head) }
            }
            return allowed.isEmpty ? .notFound : .methodNotAllowed(allow: allowed)
        }
    }

    /// Splits on `/` over UTF-8 bytes, dropping empty pieces (`//a/` is `["a"]`).
    static func split(_ path: String) -> [Substring] {
        path.utf8.split(separator: UInt8(ascii: "/")).map { Substring($0) }
    }
}
