import HTTPServer

/// The router's matching rules written the slow, obvious way (split the path into Substrings,
/// compare piece by piece; of the routes that match, take the most specific by sorting). The
/// real `Router` walks bytes in place; property tests check the two agree on generated
/// patterns and paths.
struct ReferenceRouter {
    enum Segment {
        case literal(String)
        case parameter(String)
        /// `{name}` then literal text in one segment: `{id}.json`.
        case suffixed(String, suffix: String)
        case rest(String)

        /// Literal before suffixed parameter before parameter before rest.
        var kind: Int {
            switch self {
            case .literal: 0
            case .suffixed: 1
            case .parameter: 2
            case .rest: 3
            }
        }

        /// The kind, then the suffix's length negated (a longer suffix is more specific): the
        /// smaller pair is the more specific segment.
        var rank: [Int] {
            if case .suffixed(_, let suffix) = self { return [kind, -suffix.utf8.count] }
            return [kind, 0]
        }

        /// What a request can tell apart: the kind, and a literal's or a suffix's text.
        var shape: String {
            switch self {
            case .literal(let text): "/" + text
            case .suffixed(_, let suffix): "{}" + suffix
            default: "{\(kind)}"
            }
        }
    }

    /// A route's segments' ranks, one after the other: each segment gives two numbers, so
    /// comparing these lists compares the segments from the left.
    static func key(_ segments: [Segment]) -> [Int] {
        segments.flatMap(\.rank)
    }

    var routes: [(method: HTTPMethod, pattern: String, segments: [Segment])] = []

    mutating func add(_ method: HTTPMethod, _ pattern: String) {
        let segments = Self.split(pattern).map { raw -> Segment in
            if raw.hasPrefix("{") && raw.hasSuffix("...}") { return .rest(String(raw.dropFirst().dropLast(4))) }
            if raw.hasPrefix("{") && raw.hasSuffix("}") { return .parameter(String(raw.dropFirst().dropLast())) }
            if raw.hasPrefix("{"), let close = raw.firstIndex(of: "}") {
                return .suffixed(String(raw[raw.index(after: raw.startIndex)..<close]), suffix: String(raw[raw.index(after: close)...]))
            }
            return .literal(String(raw))
        }
        routes.append((method, pattern, segments))
    }

    /// Whether a route of this method and shape is already registered (the router refuses it).
    func hasRoute(like method: HTTPMethod, _ pattern: String) -> Bool {
        var probe = ReferenceRouter()
        probe.add(method, pattern)
        let shape = probe.routes[0].segments.map(\.shape)
        return routes.contains { $0.method == method && $0.segments.map(\.shape) == shape }
    }

    /// What `Router.match` answers, as comparable values.
    enum Outcome: Equatable {
        case found(pattern: String, parameters: [String: String])
        case methodNotAllowed([HTTPMethod])
        case notFound

        init(_ match: Router.Match) {
            switch match {
            case .found(let route, let parameters): self = .found(pattern: route.pattern, parameters: parameters.dictionary)
            case .methodNotAllowed(let allow): self = .methodNotAllowed(allow)
            case .notFound: self = .notFound
            }
        }
    }

    func match(method: HTTPMethod, path: String) -> Outcome {
        let parts = Self.split(path)
        // Most specific first: the ranks compared left to right (a stable sort keeps
        // registration order among equals, which can never match the same path).
        let ordered = routes.sorted { Self.key($0.segments).lexicographicallyPrecedes(Self.key($1.segments)) }
        let matching = ordered.compactMap { route in Self.capture(route.segments, parts, in: path).map { (route, $0) } }
        let exact = matching.first { $0.0.method.rawValue.utf8.elementsEqual(method.rawValue.utf8) }
        let getForHead = method == .head ? matching.first { $0.0.method == .get } : nil
        switch (exact, getForHead) {
        case (let exact?, let get?):
            let getFirst = Self.key(get.0.segments).lexicographicallyPrecedes(Self.key(exact.0.segments))
            let chosen = getFirst ? get : exact
            return .found(pattern: chosen.0.pattern, parameters: chosen.1)
        case (let only?, nil), (nil, let only?):
            return .found(pattern: only.0.pattern, parameters: only.1)
        case (nil, nil):
            var allowed: [HTTPMethod] = []
            for (route, _) in matching {
                if !allowed.contains(route.method) { allowed.append(route.method) }
                if route.method == .get && !allowed.contains(.head) { allowed.append(.head) }
            }
            return allowed.isEmpty ? .notFound : .methodNotAllowed(allowed)
        }
    }

    static func split(_ path: String) -> [Substring] {
        path.utf8.split(separator: UInt8(ascii: "/")).map { Substring($0) }
    }

    static func capture(_ segments: [Segment], _ parts: [Substring], in path: String) -> [String: String]? {
        if case .rest = segments.last {
            guard parts.count >= segments.count else { return nil }
        } else {
            guard parts.count == segments.count else { return nil }
        }
        var params: [String: String] = [:]
        for (index, segment) in segments.enumerated() {
            switch segment {
            case .rest(let name):
                params[name] = String(path[parts[index].startIndex...])
                return params
            case .literal(let literal):
                guard parts[index].utf8.elementsEqual(literal.utf8) else { return nil }
            case .parameter(let name):
                params[name] = String(decoding: URLEncodedForm.percentDecode(parts[index].utf8, plusAsSpace: false), as: UTF8.self)
            case .suffixed(let name, let suffix):
                let (part, suffix) = (Array(parts[index].utf8), Array(suffix.utf8))
                guard part.count > suffix.count, part.suffix(suffix.count) == suffix[...] else { return nil }
                let value = URLEncodedForm.percentDecode(part.dropLast(suffix.count), plusAsSpace: false)
                params[name] = String(decoding: value, as: UTF8.self)
            }
        }
        return params
    }
}
