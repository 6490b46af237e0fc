import HTTPServer

/// The router's matching rules written the slow, obvious way (split the path into Substrings,
/// compare piece by piece). The real `Router` walks bytes in place; property tests check the
/// two agree on generated patterns and paths.
struct ReferenceRouter {
    enum Segment {
        case literal(String)
        case parameter(String)
        case rest(String)
    }

    var routes: [(method: HTTPMethod, pattern: String, segments: [Segment])] = []

    mutating func add(_ method: HTTPMethod, _ pattern: String) {
        let segments = Self.split(pattern).map { raw -> Segment in
            if raw.hasPrefix("{") && raw.hasSuffix("...}") { return .rest(String(raw.dropFirst().dropLast(4))) }
            if raw.hasPrefix("{") && raw.hasSuffix("}") { return .parameter(String(raw.dropFirst().dropLast())) }
            return .literal(String(raw))
        }
        routes.append((method, pattern, segments))
    }

    /// What `Router.match` answers, as comparable values.
    enum Outcome: Equatable {
        case found(pattern: String, parameters: [String: String])
        case methodNotAllowed([HTTPMethod])
        case notFound

        init(_ match: Router.Match) {
            switch match {
            case .found(let route, let parameters): self = .found(pattern: route.pattern, parameters: parameters)
            case .methodNotAllowed(let allow): self = .methodNotAllowed(allow)
            case .notFound: self = .notFound
            }
        }
    }

    func match(method: HTTPMethod, path: String) -> Outcome {
        let parts = Self.split(path)
        var allowed: [HTTPMethod] = []
        for route in routes {
            guard let params = Self.capture(route.segments, parts, in: path) else { continue }
            if route.method.rawValue.utf8.elementsEqual(method.rawValue.utf8) || (method == .head && route.method == .get) {
                return .found(pattern: route.pattern, parameters: params)
            }
            if !allowed.contains(route.method) { allowed.append(route.method) }
            if route.method == .get && !allowed.contains(.head) { allowed.append(.head) }
        }
        return allowed.isEmpty ? .notFound : .methodNotAllowed(allowed)
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
            }
        }
        return params
    }
}
