@testable import HTTPServer
import Testing

@Suite("Router")
struct RouterTests {
    @Test func literalRoute_matchesOnlyItsPath() {
        let router = RouterTesting.router([(.get, "/products"), (.get, "/products/new")])
        #expect(RouterTesting.matched(router, .get, "/products")?.pattern == "/products")
        #expect(RouterTesting.matched(router, .get, "/products/new")?.pattern == "/products/new")
        #expect(RouterTesting.matched(router, .get, "/products/new/x") == nil)
        #expect(RouterTesting.matched(router, .get, "/product") == nil)
        guard case .notFound = router.match(method: .get, path: "/elsewhere") else {
            Issue.record("an unknown path must be notFound")
            return
        }
    }

    /// The same routes registered in one order and in the reverse order match the same way.
    static let specificityTable: [(HTTPMethod, String)] = [
        (.get, "/products/new"), (.get, "/products/{id}"), (.get, "/products/{id}/edit"), (.get, "/products/{id}/{action}"),
        (.get, "/static/{path...}"), (.get, "/static/app.css"), (.get, "/{page}"), (.get, "/{anything...}"), (.post, "/products/{id}"),
    ]

    @Test(arguments: [false, true])
    func mostSpecificRoute_wins_inEitherRegistrationOrder(reversed: Bool) {
        let router = RouterTesting.router(reversed ? Self.specificityTable.reversed() : Self.specificityTable)
        let expectations: [(String, String, [String: String])] = [
            ("/products/new", "/products/new", [:]),
            ("/products/42", "/products/{id}", ["id": "42"]),
            ("/products/42/edit", "/products/{id}/edit", ["id": "42"]),
            ("/products/42/delete", "/products/{id}/{action}", ["id": "42", "action": "delete"]),
            ("/static/app.css", "/static/app.css", [:]),
            ("/static/css/app.css", "/static/{path...}", ["path": "css/app.css"]),
            ("/about", "/{page}", ["page": "about"]),
            ("/about/team", "/{anything...}", ["anything": "about/team"]),
        ]
        for (path, pattern, parameters) in expectations {
            let match = RouterTesting.matched(router, .get, path)
            #expect(match?.pattern == pattern, "GET \(path)")
            #expect(match?.parameters == parameters, "GET \(path)")
        }
        // A more specific route of another method does not hide a matching route of this one.
        #expect(RouterTesting.matched(router, .post, "/products/new")?.pattern == "/products/{id}")
    }

    @Test func headRoute_winsOverGet_inEitherRegistrationOrder() {
        for routes in [[(HTTPMethod.head, "/x/{id}"), (.get, "/x/{id}")], [(.get, "/x/{id}"), (.head, "/x/{id}")]] {
            var router = Router()
            for (method, pattern) in routes { router.add(method, pattern) { _ in .text("") } }
            guard case .found(let route, _) = router.match(method: .head, path: "/x/1") else {
                Issue.record("HEAD /x/1 must match")
                continue
            }
            #expect(route.method == .head)
        }
    }

    /// Two routes one request could not tell apart: the second is refused, and the server
    /// will not start with it.
    @Test func sameShapeTwice_isRefused_andStopsStartUp() throws {
        var router = Router()
        router.get("/products/{id}") { _ in .text("first") }
        router.get("/products/{number}") { _ in .text("second") }
        #expect(router.routes.count == 1)
        #expect(router.problems == [Router.ambiguity(RouterTesting.router([(.get, "/products/{number}")]).routes[0], router.routes[0])])
        let server = HTTPServer(configuration: ServerConfiguration(host: "127.0.0.1", port: 0), router: router)
        #expect(throws: Router.InvalidRoutes.self) { try server.start() }
        #expect(server.port == 0, "nothing was bound")
    }

    /// A pattern the router could never match as written is refused with a line that says why,
    /// instead of registering as a literal that no request reaches.
    @Test(arguments: [
        ("/products/v{id}", "puts text before its parameter"),
        ("/products/v{id}.json", "puts text before its parameter"),
        ("/products/{a}{b}", "holds two parameters"),
        ("/products/{id}.{format}", "holds two parameters"),
        ("/products/{}", "is not a parameter"),
        ("/products/{}.json", "is not a parameter"),
        ("/products/{a b}", "is not a parameter"),
        ("/products/{id", "is not a parameter"),
        ("/products/{id}}", "closes no parameter"),
        ("/products/id}", "closes no parameter"),
        ("/products/{id}/{id}", "appears twice"),
        ("/products/{id}/{id}.json", "appears twice"),
        ("/static/{path...}.gz", "after a rest parameter"),
        ("/static/{path}...", "a rest parameter is {path...}"),
    ])
    func unmatchablePattern_isRefusedWithAReason(_ pattern: String, _ reason: String) throws {
        var router = Router()
        router.get(pattern) { _ in .text("") }
        #expect(router.routes.isEmpty)
        let problem = try #require(router.problems.first)
        #expect(problem.hasPrefix("Router: GET \(pattern): "))
        #expect(problem.contains(reason), "\(problem)")
    }

    @Test func wholeSegmentParameters_areAccepted() {
        var router = Router()
        router.get("/products/{id}/edit") { _ in .text("") }
        router.get("/static/{path...}") { _ in .text("") }
        router.get("/a/{first_name}/{n2}") { _ in .text("") }
        #expect(router.problems.isEmpty)
        #expect(router.routes.count == 3)
    }

    @Test func ambiguityMessage_namesBothRoutes() {
        var router = Router()
        router.get("/products/{id}") { _ in .text("") }
        router.post("/products/{number}") { _ in .text("") }  // another method: allowed
        let message = Router.ambiguity(router.routes[1], router.routes[0])
        #expect(message.contains("/products/{number}") && message.contains("/products/{id}"))
        #expect(router.routes.count == 2)
    }

    @Test func parameter_capturesOneSegmentOnly() {
        let router = RouterTesting.router([(.get, "/products/{id}/edit")])
        #expect(RouterTesting.matched(router, .get, "/products/7/edit")?.parameters == ["id": "7"])
        #expect(RouterTesting.matched(router, .get, "/products/7") == nil)
        #expect(RouterTesting.matched(router, .get, "/products/7/8/edit") == nil)
    }

    @Test func parameters_arePercentDecoded() {
        let router = RouterTesting.router([(.get, "/tags/{name}")])
        #expect(RouterTesting.matched(router, .get, "/tags/caf%C3%A9%20au%2Flait")?.parameters == ["name": "café au/lait"])
        // `+` is a literal plus in a path, not a space.
        #expect(RouterTesting.matched(router, .get, "/tags/a+b")?.parameters == ["name": "a+b"])
    }

    @Test func restParameter_capturesTheRemainderStillEncoded() {
        let router = RouterTesting.router([(.get, "/static/{path...}")])
        #expect(RouterTesting.matched(router, .get, "/static/css/site.css")?.parameters == ["path": "css/site.css"])
        #expect(RouterTesting.matched(router, .get, "/static/a%2Fb/c%20d")?.parameters == ["path": "a%2Fb/c%20d"])
        #expect(RouterTesting.matched(router, .get, "/static/one")?.parameters == ["path": "one"])
        #expect(RouterTesting.matched(router, .get, "/static") == nil)
        #expect(RouterTesting.matched(router, .get, "/static/") == nil)
    }

    @Test func head_matchesGetRoutes() {
        let router = RouterTesting.router([(.get, "/page/{id}")])
        let match = RouterTesting.matched(router, .head, "/page/3")
        #expect(match?.pattern == "/page/{id}")
        #expect(match?.parameters == ["id": "3"])
    }

    @Test func headRoute_isPreferredWhenDeclared() {
        var router = Router()
        router.add(.head, "/x") { _ in .text("head") }
        router.add(.get, "/x") { _ in .text("get") }
        #expect(RouterTesting.matched(router, .head, "/x")?.pattern == "/x")
        guard case .found(let route, _) = router.match(method: .head, path: "/x") else {
            Issue.record("HEAD /x must match")
            return
        }
        #expect(route.method == .head)
    }

    // RFC 9110 §15.5.6: 405 carries Allow with the methods the resource supports.
    @Test func otherMethod_isMethodNotAllowed_listingAllowedMethods() {
        let router = RouterTesting.router([(.get, "/products/{id}"), (.post, "/products/{id}"), (.delete, "/products/{id}"), (.put, "/other")])
        guard case .methodNotAllowed(let allow) = router.match(method: .patch, path: "/products/5") else {
            Issue.record("PATCH on a GET/POST/DELETE route must be 405")
            return
        }
        #expect(Set(allow) == [.get, .head, .post, .delete])
        #expect(allow.count == 4)
    }

    @Test func postOnlyRoute_doesNotAllowHead() {
        let router = RouterTesting.router([(.post, "/submit")])
        guard case .methodNotAllowed(let allow) = router.match(method: .get, path: "/submit") else {
            Issue.record("GET on a POST route must be 405")
            return
        }
        #expect(allow == [.post])
    }

    @Test func routeBodyLimit_isKept() {
        var router = Router()
        router.post("/upload", maxBodySize: 2_000_000) { _ in .text("ok") }
        guard case .found(let route, _) = router.match(method: .post, path: "/upload") else {
            Issue.record("POST /upload must match")
            return
        }
        #expect(route.maxBodySize == 2_000_000)
    }
}
