@testable import HTTPServer

/// Routers whose handlers name their own pattern, for the router's tests.
enum RouterTesting {
    /// A router whose handlers answer with their own pattern, so a test can see which matched.
    static func router(_ routes: [(HTTPMethod, String)]) -> Router {
        var router = Router()
        for (method, pattern) in routes {
            router.add(method, pattern) { _ in .text(pattern) }
        }
        return router
    }

    static func matched(_ router: Router, _ method: HTTPMethod, _ path: String) -> (pattern: String, parameters: [String: String])? {
        guard case .found(let route, let parameters) = router.match(method: method, path: path) else { return nil }
        return (route.pattern, parameters.dictionary)
    }
}
